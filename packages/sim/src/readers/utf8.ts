/**
 * The one UTF-8 decoder, for every text file evalsim reads (eval logs, tables, populations):
 * strict (RFC 3629), never a silent U+FFFD — a replaced byte would turn into a confusing
 * complaint elsewhere (two ids that differ only in an invalid byte become "duplicate question
 * id"). The platform's fatal TextDecoder decodes; only when it refuses is the first invalid
 * sequence located ({@link firstInvalidUtf8}: overlong forms, surrogates U+D800–DFFF, code
 * points above U+10FFFF, stray continuation bytes and truncated sequences, as in the Unicode
 * Standard, Table 3-7), and the caller words the error with the place in its own terms (a
 * log's line and byte column, a population's row and field).
 */

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes that are not UTF-8: the first invalid sequence's offset (in the bytes given) and byte. */
export class InvalidUtf8Error extends Error {
  constructor(
    readonly offset: number,
    readonly byte: number,
  ) {
    super(`invalid UTF-8 (0x${byte.toString(16).padStart(2, '0')} at byte offset ${offset})`);
    this.name = 'InvalidUtf8Error';
  }
}

/** Whether `bytes` starts with the UTF-8 byte-order mark (EF BB BF). */
export function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * `bytes` as text, a leading byte-order mark dropped when `dropByteOrderMark` (a file's start);
 * an InvalidUtf8Error (offsets counted in `bytes`) when they are not UTF-8.
 */
export function decodeUtf8(bytes: Uint8Array, dropByteOrderMark = true): string {
  const start = dropByteOrderMark && startsWithByteOrderMark(bytes) ? 3 : 0;
  const body = start ? bytes.subarray(start) : bytes;
  try {
    return decoder.decode(body);
  } catch {
    const at = firstInvalidUtf8(body);
    throw new InvalidUtf8Error(start + at, body[at]);
  }
}

/** The text of the valid bytes before an InvalidUtf8Error's offset (a byte-order mark dropped). */
export function validPrefix(bytes: Uint8Array, error: InvalidUtf8Error): string {
  return decodeUtf8(bytes.subarray(0, error.offset));
}

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
