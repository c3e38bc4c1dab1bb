/**
 * Eval logs decoded by the one UTF-8 decoder (text/utf8.ts); invalid bytes are an
 * EvalInputError naming the line and the byte column, never a silent U+FFFD.
 */
import { decodeUtf8 as decodeText, InvalidUtf8Error } from '../../readers/utf8.js';
import { EvalInputError } from '../evalInputError.js';

/**
 * Decodes `bytes` as UTF-8 (a leading byte-order mark is dropped when `atFileStart`).
 * `firstLine` is the file line of `bytes[0]`, so the error names the file's line.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, firstLine = 1, atFileStart = true): string {
  try {
    return decodeText(bytes, atFileStart);
  } catch (error) {
    if (!(error instanceof InvalidUtf8Error)) throw error;
    let line = firstLine;
    let lineStart = 0;
    for (let i = 0; i < error.offset; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = error.offset - lineStart + 1;
    const byte = `0x${error.byte.toString(16).padStart(2, '0')}`;
    throw new EvalInputError(
      { file, line, column },
      `invalid UTF-8 (${byte} at byte column ${column}); eval logs must be UTF-8 text`,
    );
  }
}
