/**
 * A population CSV decoded by the one UTF-8 decoder (text/utf8.ts): invalid bytes are an
 * error located by CSV row (1-based, header = row 1) and column (1-based field number) — the
 * one CSV reader's count of the valid text before them — never silently replaced by U+FFFD.
 * The byte-order mark is dropped.
 */
import { csvPositionAtEnd } from '../readers/csvRecords.js';
import { decodeUtf8, InvalidUtf8Error, validPrefix } from '../readers/utf8.js';
import { PopulationFileError } from './populationFileError.js';

/**
 * `bytes` as UTF-8 text; a PopulationFileError at the row and column (its number: the
 * header may be the broken part, and a file that is not a population is not echoed) of
 * the first invalid byte.
 */
export function decodeUtf8Csv(bytes: Uint8Array, file: string): string {
  try {
    return decodeUtf8(bytes);
  } catch (error) {
    if (!(error instanceof InvalidUtf8Error)) throw error;
    let position = { record: 1, field: 1 };
    try {
      position = csvPositionAtEnd(validPrefix(bytes, error));
    } catch {
      // a CSV mistake before the bad byte: the byte is still what is reported, at the start
    }
    throw new PopulationFileError(
      file,
      `is not valid UTF-8 (byte 0x${error.byte.toString(16).padStart(2, '0')} at byte offset ${error.offset}); save the file as UTF-8`,
      position.record,
      position.field,
    );
  }
}
