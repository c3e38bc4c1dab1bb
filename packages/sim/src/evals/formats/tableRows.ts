/**
 * Row-by-row access to a table file for the long and wide formats: CSV (RFC 4180, header
 * first; cells are strings, the header is line 1), JSON Lines (one object per line; keys
 * are the columns, the first line's keys are the header) and Arrow IPC (file or stream;
 * row k is reported as line k + 2 so that, as for CSV, the first data row is line 2).
 * `forEachRow` calls back with a getter for the current row and its line. A JSON Lines
 * table's partial last line goes to `onPartialLast` when given (io/jsonLines.ts).
 */
import { extname } from 'node:path';
import { type Table, tableFromIPC } from 'apache-arrow';
import { readInputFile } from '../../files/inputFile.js';
import { arrowBytesProblem } from '../../readers/arrowFraming.js';
import { EvalInputError, showValue } from '../evalInputError.js';
import { forEachCsvRecord } from '../io/csvRecords.js';
import { firstLine, forEachLogLine } from '../io/jsonLines.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';

export type TableKind = 'csv' | 'jsonl' | 'arrow';

export interface TableRows {
  readonly kind: TableKind;
  readonly columns: readonly string[];
  /** The Arrow table itself (kind 'arrow'), for readers that go column by column. */
  readonly arrow?: Table;
  forEachRow(onRow: (get: (column: string) => unknown, line: number) => void): void;
}

export const ARROW_EXTENSIONS = ['.arrow', '.feather', '.ipc', '.arrows'];

/** The kind of table file, by extension. */
export function tableKind(path: string): TableKind | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  if (ARROW_EXTENSIONS.includes(ext)) return 'arrow';
  return undefined;
}

function csvRows(path: string, file: string): TableRows {
  const text = decodeUtf8(readInputFile(path), file);
  let header: string[] | undefined;
  forEachCsvRecord(text, file, (fields) => {
    header = fields.map((f) => f.trim());
    return false;
  });
  if (!header) throw new EvalInputError({ file }, 'the file is empty (no header row)');
  const columns = header;
  const index = new Map<string, number>();
  columns.forEach((name, j) => {
    if (index.has(name))
      throw new EvalInputError({ file, line: 1, field: name }, 'this column appears twice in the header');
    index.set(name, j);
  });
  return {
    kind: 'csv',
    columns,
    forEachRow(onRow) {
      let first = true;
      let fields: string[] = [];
      const get = (column: string) => {
        const j = index.get(column);
        return j === undefined ? undefined : fields[j];
      };
      forEachCsvRecord(text, file, (record, line) => {
        if (first) {
          first = false;
          return;
        }
        if (record.length !== columns.length) {
          throw new EvalInputError(
            { file, line },
            `has ${record.length} fields, the header has ${columns.length}`,
          );
        }
        fields = record;
        onRow(get, line);
      });
    },
  };
}

function jsonlRows(path: string, file: string, onPartialLast?: (line: number) => void): TableRows {
  const head = firstLine(path);
  const first = head === undefined ? undefined : parseJson(head, file, 1);
  if (typeof first !== 'object' || first === null || Array.isArray(first)) {
    throw new EvalInputError({ file, line: 1 }, `expected a JSON object per line, got ${showValue(first)}`);
  }
  return {
    kind: 'jsonl',
    columns: Object.keys(first),
    forEachRow(onRow) {
      let row: Record<string, unknown> = {};
      const get = (column: string) => row[column];
      forEachLogLine(path, file, onPartialLast, (value, line) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          throw new EvalInputError({ file, line }, `expected a JSON object, got ${showValue(value)}`);
        }
        row = value as Record<string, unknown>;
        onRow(get, line);
      });
    },
  };
}

/** Reads an Arrow IPC file's table (errors name the file). */
export function readArrowFile(path: string, file: string): Table {
  const bytes = readInputFile(path);
  const problem = arrowBytesProblem(bytes);
  if (problem) throw new EvalInputError({ file }, problem);
  try {
    return tableFromIPC(bytes);
  } catch (error) {
    throw new EvalInputError({ file }, `not a readable Arrow IPC file (${(error as Error).message})`);
  }
}

function arrowRows(path: string, file: string): TableRows {
  const table = readArrowFile(path, file);
  const columns = table.schema.fields.map((f) => f.name);
  return {
    kind: 'arrow',
    columns,
    arrow: table,
    forEachRow(onRow) {
      // Plain arrays of values; a column with nulls is read value by value (toArray would lose them).
      const values = new Map<string, ArrayLike<unknown>>();
      for (const name of columns) {
        const vector = table.getChild(name);
        if (!vector) continue;
        values.set(
          name,
          vector.nullCount > 0
            ? Array.from({ length: table.numRows }, (_, i) => vector.get(i))
            : vector.toArray(),
        );
      }
      let row = 0;
      const get = (column: string) => {
        const v = values.get(column)?.[row];
        return v === null ? undefined : v;
      };
      for (; row < table.numRows; row++) onRow(get, row + 2);
    },
  };
}

/** Opens a CSV, JSON Lines or Arrow table for row access. */
export function openTableRows(
  path: string,
  file: string,
  kind: TableKind,
  onPartialLast?: (line: number) => void,
): TableRows {
  if (kind === 'csv') return csvRows(path, file);
  if (kind === 'jsonl') return jsonlRows(path, file, onPartialLast);
  return arrowRows(path, file);
}
