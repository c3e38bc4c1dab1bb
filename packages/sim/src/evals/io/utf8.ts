/**
 * Strict UTF-8 decoding (RFC 3629): invalid bytes are an error naming the line and the
 * byte column, never a silent U+FFFD. The fast path is the platform decoder in fatal
 * mode; only when it refuses is the first bad byte located (population/firstInvalidUtf8.ts).
 */
import { firstInvalidUtf8 } from '../../population/firstInvalidUtf8.js';
import { EvalInputError } from '../evalInputError.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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
