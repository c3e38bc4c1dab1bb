/**
 * Render rows (plain objects) as an aligned text table for people, or as one JSON
 * document (an array of rows, numbers at full precision) for machines.
 */
import type { TextSink } from '../io.js';
import { alignedTable, TABLE_WIDTH } from './alignedTable.js';

export type Row = Record<string, unknown>;

export interface ColumnFormat {
  /** Significant digits for numbers in the text table (JSON keeps full precision). */
  digits?: number;
  /** Widest the table may be; text columns wrap to fit (default {@link TABLE_WIDTH}). */
  maxWidth?: number;
  /** The columns that may wrap (default: every text column). */
  wrap?: readonly string[];
}

/** The width tables get on `out`: {@link TABLE_WIDTH}, or the terminal's when narrower. */
export function tableWidth(out: TextSink): number {
  return out.isTTY && out.columns ? Math.min(TABLE_WIDTH, out.columns) : TABLE_WIDTH;
}

/** A cell of a text table: numbers to `digits` significant digits (integers whole), booleans yes/no. */
export function formatCell(value: unknown, digits: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return String(value);
    if (!Number.isFinite(value)) return String(value);
    const abs = Math.abs(value);
    if (abs !== 0 && (abs < 1e-4 || abs >= 1e7)) return value.toExponential(digits - 1);
    return Number(value.toPrecision(digits)).toString();
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Aligned text table; numeric columns right-aligned, text columns wrapped to fit the width. */
export function formatTable(rows: readonly Row[], options: ColumnFormat = {}): string {
  const digits = options.digits ?? 6;
  if (rows.length === 0) return '(no rows)\n';
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const cells = rows.map((row) => columns.map((c) => formatCell(row[c], digits)));
  const numeric = columns.map((c) => rows.every((r) => r[c] === undefined || typeof r[c] === 'number'));
  const wrap = columns.flatMap((column, i) =>
    numeric[i] || (options.wrap !== undefined && !options.wrap.includes(column)) ? [] : [i],
  );
  return `${alignedTable(columns, cells, numeric, { maxWidth: options.maxWidth ?? TABLE_WIDTH, wrap })}\n`;
}

/** Print rows to `out` as a table, or as JSON when `json` is set. */
export function printRows(
  out: TextSink,
  rows: readonly Row[],
  json: boolean,
  options: ColumnFormat = {},
): void {
  out.write(
    json
      ? `${JSON.stringify(rows, null, 2)}\n`
      : formatTable(rows, { maxWidth: tableWidth(out), ...options }),
  );
}
