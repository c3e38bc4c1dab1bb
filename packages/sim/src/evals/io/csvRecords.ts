/**
 * CSV eval tables read by the one CSV reader (text/csvRecords.ts, RFC 4180 strict, tested
 * against Python's `csv`); a syntax error becomes an EvalInputError naming the file, the line
 * and the column (the field's number).
 */
import { CsvSyntaxError, forEachCsvRecord as readRecords } from '../../readers/csvRecords.js';
import { EvalInputError } from '../evalInputError.js';

/**
 * Calls `onRecord(fields, line)` for each record, `line` being the 1-based line where the
 * record starts (the header is line 1 when the file starts with it). Returning `false`
 * from `onRecord` stops the reading.
 */
export function forEachCsvRecord(
  text: string,
  file: string,
  onRecord: (fields: string[], line: number) => unknown,
): void {
  try {
    readRecords(text, onRecord);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new EvalInputError({ file, line: error.line, column: error.field }, error.problem);
  }
}
