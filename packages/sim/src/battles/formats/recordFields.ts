/**
 * Field readers shared by the battle formats: each takes a record (a parsed JSON object or a
 * CSV row as an object) and its location, and returns the typed value or throws an
 * EvalInputError naming the file, line and field.
 */
import { EvalInputError, showValue } from '../../evals/evalInputError.js';

export interface RecordPlace {
  readonly file: string;
  /** 1-based line, 0 when unknown. */
  readonly line: number;
  /** Prefix of field paths, e.g. `[12].` for the 13th element of a JSON array without lines. */
  readonly prefix?: string;
}

export function recordError(place: RecordPlace, field: string, problem: string): EvalInputError {
  return new EvalInputError(
    {
      file: place.file,
      ...(place.line > 0 ? { line: place.line } : {}),
      field: `${place.prefix ?? ''}${field}`,
    },
    problem,
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A required non-empty string. */
export function requiredString(record: Record<string, unknown>, field: string, place: RecordPlace): string {
  const v = record[field];
  if (typeof v !== 'string' || v === '') {
    throw recordError(
      place,
      field,
      v === undefined ? 'is missing' : `${showValue(v)} is not a non-empty string`,
    );
  }
  return v;
}

/** An optional id (string, or a number written as a string); null when absent. */
export function optionalId(
  record: Record<string, unknown>,
  field: string,
  place: RecordPlace,
): string | null {
  const v = record[field];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw recordError(place, field, `${showValue(v)} is not a string or number`);
}

/** An optional finite number; `fallback` when absent. */
export function optionalNumber(
  record: Record<string, unknown>,
  field: string,
  place: RecordPlace,
  fallback: number,
): number {
  const v = record[field];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw recordError(place, field, `${showValue(v)} is not a finite number`);
  return v;
}

export function optionalBoolean(
  record: Record<string, unknown>,
  field: string,
  place: RecordPlace,
): boolean | null {
  const v = record[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'boolean') throw recordError(place, field, `${showValue(v)} is not true or false`);
  return v;
}
