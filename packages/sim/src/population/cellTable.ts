/**
 * A table of named columns the population builder reads cell by cell, so CSV and
 * Arrow files share one validator. Row r (0-based data row) is reported as row r + 2:
 * 1-based, counting the header.
 */
export type Cell = string | number | bigint | boolean | null | undefined;

export interface CellTable {
  readonly columnNames: readonly string[];
  readonly rowCount: number;
  cell(column: string, row: number): Cell;
}

/** The 1-based file row of 0-based data row `row`, counting the header row. */
export function fileRow(row: number): number {
  return row + 2;
}
