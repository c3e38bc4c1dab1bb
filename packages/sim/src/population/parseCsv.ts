/**
 * A population CSV as a cell table, read by the one CSV reader (text/csvRecords.ts: RFC 4180
 * strict, tested against Python's `csv`). The first record is the header; cells and names are
 * trimmed. A syntax error, an empty file, a repeated column and a ragged row are
 * PopulationFileErrors naming the file, the row (1-based, header = row 1) and the column.
 */
import { CsvSyntaxError, csvRecords } from '../readers/csvRecords.js';
import type { CellTable } from './cellTable.js';
import { PopulationFileError } from './populationFileError.js';

/** Parses CSV text (no byte-order mark: the UTF-8 decoder drops it) into a cell table. */
export function parseCsv(text: string, file: string): CellTable {
  let records: string[][];
  try {
    records = csvRecords(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new PopulationFileError(file, error.problem, error.record, error.field);
  }
  if (records.length === 0)
    throw new PopulationFileError(file, 'the file is empty (no header, no questions)');
  const header = records[0].map((name) => name.trim());
  const index = new Map<string, number>();
  header.forEach((name, j) => {
    if (index.has(name))
      throw new PopulationFileError(file, `column "${name}" appears twice in the header`, 1, name);
    index.set(name, j);
  });
  for (let r = 1; r < records.length; r++) {
    if (records[r].length !== header.length) {
      throw new PopulationFileError(
        file,
        `has ${records[r].length} fields, the header has ${header.length}`,
        r + 1,
      );
    }
  }
  return {
    columnNames: header,
    rowCount: records.length - 1,
    cell: (column, row) => {
      const j = index.get(column);
      return j === undefined ? undefined : records[row + 1][j].trim();
    },
  };
}
