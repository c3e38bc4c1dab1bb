/**
 * Render rows (plain objects) as an aligned text table for people, or as one JSON
 * document (an array of rows, numbers at full precision) for machines.
 */

export type Row = Record<string, unknown>;

export interface ColumnFormat {
  /** Significant digits for numbers in the text table (JSON keeps full precision). */
  digits?: number;
}

function formatCell(value: unknown, digits: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return String(value);
    if (!Number.isFinite(value)) return String(value);
    const abs = Math.abs(value);
    if (abs !== 0 && (abs < 1e-4 || abs >= 1e7)) return value.toExponential(digits - 1);
    return Number(value.toPrecision(digits)).toString();
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** Aligned text table; numeric columns right-aligned. */
export function formatTable(rows: readonly Row[], options: ColumnFormat = {}): string {
  const digits = options.digits ?? 6;
  if (rows.length === 0) return '(no rows)\n';
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const cells = rows.map((row) => columns.map((c) => formatCell(row[c], digits)));
  const numeric = columns.map((c) => rows.every((r) => r[c] === undefined || typeof r[c] === 'number'));
  const widths = columns.map((c, j) => Math.max(c.length, ...cells.map((r) => r[j].length)));
  const pad = (text: string, j: number) => (numeric[j] ? text.padStart(widths[j]) : text.padEnd(widths[j]));
  const lines = [
    columns.map((c, j) => pad(c, j)).join('  '),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...cells.map((r) => r.map((t, j) => pad(t, j)).join('  ')),
  ];
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

/** Print rows to stdout as a table, or as JSON when `json` is set. */
export function printRows(rows: readonly Row[], json: boolean, options: ColumnFormat = {}): void {
  process.stdout.write(json ? `${JSON.stringify(rows, null, 2)}\n` : formatTable(rows, options));
}
