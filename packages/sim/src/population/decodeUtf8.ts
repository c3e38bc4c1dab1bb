/**
 * Strict UTF-8 decoding of a data file: invalid bytes are an error located by CSV row
 * (1-based, header = row 1) and column (1-based field number), never silently replaced
 * by U+FFFD — a replaced byte would turn into a confusing complaint elsewhere (two ids
 * that differ only in an invalid byte become "duplicate question id"). A leading
 * byte-order mark is kept for the CSV reader to skip.
 */
import { firstInvalidUtf8 } from './firstInvalidUtf8.js';
import { PopulationFileError } from './populationFileError.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The CSV row (1-based, header = row 1) and field (1-based) at the end of `text`. */
function csvPositionAtEnd(text: string): { row: number; field: number } {
  let row = 1;
  let field = 1;
  let quoted = false;
  let atFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
      continue;
    }
    if (ch === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (ch === ',') {
      field++;
      atFieldStart = true;
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      row++;
      field = 1;
      atFieldStart = true;
    } else if (ch !== '\r') atFieldStart = false;
  }
  return { row, field };
}

/**
 * `bytes` as UTF-8 text; a PopulationFileError at the row and column (its number: the
 * header may be the broken part, and a file that is not a population is not echoed) of
 * the first invalid byte.
 */
export function decodeUtf8Csv(bytes: Uint8Array, file: string): string {
  // The platform decoder checks as it decodes; the first bad byte is located only when it refuses.
  try {
    return strict.decode(bytes);
  } catch {}
  const bad = firstInvalidUtf8(bytes);
  const { row, field } = csvPositionAtEnd(strict.decode(bytes.subarray(0, bad)));
  throw new PopulationFileError(
    file,
    `is not valid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} at byte offset ${bad}); save the file as UTF-8`,
    row,
    field,
  );
}
