/**
 * Strict UTF-8 decoding (RFC 3629): invalid bytes are an error naming the line and the
 * byte column, never a silent U+FFFD. The fast path is the platform decoder in fatal
 * mode; only when it refuses is the first bad byte located by the validator below
 * (overlong forms, surrogates U+D800–DFFF, code points above U+10FFFF and truncated
 * sequences are all invalid, as in the Unicode Standard, Table 3-7).
 */
import { EvalInputError } from '../evalInputError.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Byte offset of the first invalid UTF-8 sequence in `bytes`, or −1 when all valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= n) return i;
    const second = bytes[i + 1];
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const next = bytes[i + k];
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Decodes `bytes` as UTF-8 (a leading byte-order mark is dropped when `atFileStart`).
 * `firstLine` is the file line of `bytes[0]`, so the error names the file's line.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, firstLine = 1, atFileStart = true): string {
  const start = atFileStart && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = start ? bytes.subarray(start) : bytes;
  try {
    return decoder.decode(body);
  } catch {
    const at = firstInvalidUtf8(body);
    let line = firstLine;
    let lineStart = 0;
    for (let i = 0; i < at; i++) {
      if (body[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = at - lineStart + 1 + (line === firstLine ? start : 0);
    const byte = at >= 0 ? `0x${body[at].toString(16).padStart(2, '0')}` : 'a byte';
    throw new EvalInputError(
      { file, line, column },
      `invalid UTF-8 (${byte} at byte column ${column}); eval logs must be UTF-8 text`,
    );
  }
}
