/**
 * A problem in an item population file, located by file, row and column. CSV rows
 * are counted from 1 with the header as row 1 (the first question is row 2); Arrow
 * records are counted from 1 and reported as rows the same way (header = row 1).
 */
export class PopulationFileError extends Error {
  readonly file: string;
  /** 1-based row counting the header, or undefined for a whole-file problem. */
  readonly row: number | undefined;
  /** The column's name, or its 1-based number when the name is not known (or not to be shown). */
  readonly column: string | number | undefined;

  constructor(file: string, problem: string, row?: number, column?: string | number) {
    const columnText =
      column === undefined ? '' : typeof column === 'number' ? `column ${column}` : `column "${column}"`;
    const where = [row !== undefined ? `row ${row}` : '', columnText].filter(Boolean).join(', ');
    super(`${file}${where ? `, ${where}` : ''}: ${problem}`);
    this.name = 'PopulationFileError';
    this.file = file;
    this.row = row;
    this.column = column;
  }
}
