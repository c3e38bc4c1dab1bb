/**
 * Which rows and columns `evalsim show` prints: `--columns a,b` (in that order), `--where
 * col=value` (repeatable, all must hold; a number matches numerically, so 0.5 matches 0.50,
 * and `null` matches an empty cell) and `--limit N`. A column that the file lacks is refused,
 * naming the flag, the columns it has and the closest one.
 */
import { didYouMean } from '@evalsim/sim/internal';
import type { PlainRecord, PlainValue } from './arrowRecords.js';

export interface Condition {
  readonly column: string;
  readonly text: string;
}

export interface RowSelection {
  /** Columns to print, in order (every column when none were asked for). */
  readonly columns: readonly string[];
  readonly where: readonly Condition[];
  /** Rows to print at most. */
  readonly limit: number;
}

function checkColumn(flag: string, column: string, available: readonly string[]): void {
  if (!available.includes(column)) {
    throw new Error(
      `${flag}: the file has no column "${column}"${didYouMean(column, available)} (columns: ${available.join(', ')})`,
    );
  }
}

/** The selection asked for on the command line, checked against the file's `available` columns. */
export function parseSelection(
  available: readonly string[],
  options: { columns: readonly string[]; where: readonly string[]; limit: number | undefined },
): RowSelection {
  for (const column of options.columns) checkColumn('--columns', column, available);
  const where = options.where.map((condition) => {
    const at = condition.indexOf('=');
    if (at <= 0)
      throw new Error(`--where: got "${condition}"; allowed: column=value, e.g. --where method=wald`);
    const column = condition.slice(0, at).trim();
    checkColumn('--where', column, available);
    return { column, text: condition.slice(at + 1) };
  });
  return {
    columns: options.columns.length > 0 ? options.columns : available,
    where,
    limit: options.limit ?? Number.POSITIVE_INFINITY,
  };
}

function matchesValue(value: PlainValue | undefined, text: string): boolean {
  if (value === null || value === undefined) return text === 'null' || text === '';
  if (typeof value === 'number') return text.trim() !== '' && Number(text) === value;
  if (typeof value === 'boolean') return text === String(value);
  if (typeof value === 'string') return value === text;
  return JSON.stringify(value) === text;
}

/** True when `record` satisfies every condition. */
export function matchesWhere(record: PlainRecord, where: readonly Condition[]): boolean {
  return where.every((condition) => matchesValue(record[condition.column], condition.text));
}

/** `record` cut to `columns`. */
export function pick(record: PlainRecord, columns: readonly string[]): PlainRecord {
  const out: PlainRecord = {};
  for (const column of columns) out[column] = record[column] ?? null;
  return out;
}
