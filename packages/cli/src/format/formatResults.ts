/**
 * Renders result rows for people and tools: an aligned text table (value ±
 * MCSE, published ± tolerance, ✓/✗ mark), CSV, JSON or a Markdown table.
 */
import { RESULT_VALUE_COLUMNS, type ResultRow } from '@evalsim/sim/run';
import { alignedTable, markdownTable, TABLE_WIDTH } from './alignedTable.js';

export type ResultsFormat = 'table' | 'csv' | 'json' | 'markdown';
export const RESULTS_FORMATS: readonly ResultsFormat[] = ['table', 'csv', 'json', 'markdown'];

export interface FormatOptions {
  readonly format?: ResultsFormat;
  /** Grid parameter columns (default: the first row's parameter names). */
  readonly gridKeys?: readonly string[];
  /** The last column's mark of a row (default {@link expectationMark}). */
  readonly mark?: (row: ResultRow) => string;
}

/** Decimals that show an MCSE to two significant digits (4 when it is 0 or unknown), capped at 6. */
export function decimalsFor(mcse: number): number {
  if (!(mcse > 0) || !Number.isFinite(mcse)) return 4;
  return Math.min(6, Math.max(0, Math.ceil(-Math.log10(mcse)) + 1));
}

function showNumber(value: number, decimals: number): string {
  if (Number.isNaN(value)) return 'n/a';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return value.toFixed(decimals);
}

/**
 * `value ± mcse` at the MCSE's precision; an integer value (a formula's item count, the exact
 * median of a count) prints without decimals.
 */
export function formatEstimate(value: number, mcse: number): string {
  const decimals = decimalsFor(mcse);
  const shown = Number.isInteger(value) ? String(value) : showNumber(value, decimals);
  return mcse > 0 ? `${shown} ± ${showNumber(mcse, decimals)}` : shown;
}

function formatParam(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** ✓ within tolerance, ✗ outside, blank without an expectation. */
export function expectationMark(row: ResultRow): string {
  return row.within === null ? '' : row.within ? '✓' : '✗';
}

function gridKeysOf(rows: readonly ResultRow[], options: FormatOptions): readonly string[] {
  return options.gridKeys ?? (rows.length > 0 ? Object.keys(rows[0].params) : []);
}

/**
 * "k of N" for a row whose value was taken over fewer replications (k) than its method ran in
 * that cell (N, the most any of the method's rows counted) — e.g. a mean width over the
 * replications with finite bounds — else ''.
 */
export function partialCounts(rows: readonly ResultRow[]): string[] {
  const ran = new Map<string, number>();
  const key = (row: ResultRow) => `${row.cell}\u0000${row.method}`;
  for (const row of rows) ran.set(key(row), Math.max(ran.get(key(row)) ?? 0, row.replications));
  return rows.map((row) => {
    const total = ran.get(key(row)) ?? 0;
    return row.replications < total
      ? `${row.replications.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`
      : '';
  });
}

function displayCells(
  rows: readonly ResultRow[],
  gridKeys: readonly string[],
  mark: (row: ResultRow) => string = expectationMark,
): { header: string[]; body: string[][] } {
  const over = partialCounts(rows);
  const marks = rows.map(mark);
  // Columns that would be empty on every row (no published values, nothing degenerate, every row
  // over all replications) are left out, so the table fits the width instead of wrapping.
  const optional: [string, (row: ResultRow, i: number) => string, boolean][] = [
    ['over replications', (_row, i) => over[i]!, over.some((text) => text !== '')],
    [
      'degenerate',
      (row) => (row.degenerate > 0 ? String(row.degenerate) : ''),
      rows.some((row) => row.degenerate > 0),
    ],
    [
      'published',
      (row) => (row.published === null ? '' : `${row.published} ± ${row.tolerance}`),
      rows.some((row) => row.published !== null),
    ],
    ['', (_row, i) => marks[i]!, marks.some((text) => text !== '')],
  ];
  const shown = optional.filter(([, , show]) => show);
  const header = [...gridKeys, 'method', 'metric', 'value ± mcse', ...shown.map(([name]) => name)];
  const body = rows.map((row, i) => [
    ...gridKeys.map((key) => formatParam(row.params[key])),
    row.method,
    row.metric,
    formatEstimate(row.value, row.mcse),
    ...shown.map(([, cell]) => cell(row, i)),
  ]);
  return { header, body };
}

/** One CSV field (RFC 4180: quoted when it holds a comma, quote or line break). */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Flat records: cell, grid parameters, then the fixed columns (NaN as null). */
export function flattenRows(
  rows: readonly ResultRow[],
  gridKeys: readonly string[],
): Record<string, unknown>[] {
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  return rows.map((row) => {
    const record: Record<string, unknown> = { cell: row.cell };
    for (const key of gridKeys) record[key] = row.params[key];
    Object.assign(record, {
      method: row.method,
      metric: row.metric,
      value: finite(row.value),
      mcse: finite(row.mcse),
      replications: row.replications,
      degenerate: row.degenerate,
      published: row.published,
      tolerance: row.tolerance,
      within: row.within,
    });
    return record;
  });
}

/** The rows as text in `format` (default an aligned table). */
export function formatResultsTable(rows: readonly ResultRow[], options: FormatOptions = {}): string {
  const gridKeys = gridKeysOf(rows, options);
  const format = options.format ?? 'table';
  if (format === 'json') return JSON.stringify(flattenRows(rows, gridKeys), null, 2);
  if (format === 'csv') {
    const records = flattenRows(rows, gridKeys);
    const header = ['cell', ...gridKeys, ...RESULT_VALUE_COLUMNS];
    return [header.join(','), ...records.map((r) => header.map((h) => csvField(r[h])).join(','))].join('\n');
  }
  const { header, body } = displayCells(rows, gridKeys, options.mark);
  if (format === 'markdown') return markdownTable(header, body);
  // Too wide for 100 columns (many grid parameters): the values in blocks beside the labels.
  return alignedTable(header, body, [], { maxWidth: TABLE_WIDTH, wrap: [], repeat: gridKeys.length + 2 });
}
