/**
 * Reads an Arrow IPC file or stream (Feather v2) into a cell table: one Arrow column
 * per population column, numbers as Int/Float columns (Int64 accepted), ids as Utf8
 * (or numbers). Uses apache-arrow's `tableFromIPC`.
 */
import { tableFromIPC } from 'apache-arrow';
import { arrowBytesProblem } from '../readers/arrowFraming.js';
import type { CellTable } from './cellTable.js';
import { PopulationFileError } from './populationFileError.js';

export function readArrowTable(bytes: Uint8Array, file: string): CellTable {
  const problem = arrowBytesProblem(bytes);
  if (problem) throw new PopulationFileError(file, problem);
  let table: ReturnType<typeof tableFromIPC>;
  try {
    table = tableFromIPC(bytes);
  } catch (error) {
    throw new PopulationFileError(file, `not a readable Arrow IPC file (${(error as Error).message})`);
  }
  const columnNames = table.schema.fields.map((field) => field.name);
  const columns = new Map(columnNames.map((name) => [name, table.getChild(name)]));
  return {
    columnNames,
    rowCount: table.numRows,
    cell: (column, row) =>
      columns.get(column)?.get(row) as string | number | bigint | boolean | null | undefined,
  };
}
