/**
 * Question ids and labels from parsed values. Ids may be strings or integers; an integer
 * id must be exactly representable (|id| < 2^53), because a larger one has already been
 * rounded by the JSON parser (or would be by a double) and two questions could merge.
 */
import { EvalInputError, type EvalLocation, showValue } from './evalInputError.js';

const LIMIT = BigInt(Number.MAX_SAFE_INTEGER);

/** A question id (string, safe integer or Int64 bigint) as a non-empty string. */
export function idText(value: unknown, where: EvalLocation): string {
  if (typeof value === 'string') {
    if (value === '') throw new EvalInputError(where, 'is an empty id');
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new EvalInputError(
        where,
        Number.isInteger(value)
          ? `integer id ${value} is above 2^53 − 1 and cannot be kept exactly; write such ids as strings`
          : `id ${showValue(value)} is not an integer or a string`,
      );
    }
    return String(value);
  }
  if (typeof value === 'bigint') {
    if (value > LIMIT || value < -LIMIT) {
      throw new EvalInputError(where, `integer id ${value} is above 2^53 − 1; write such ids as strings`);
    }
    return String(value);
  }
  if (value === undefined || value === null) throw new EvalInputError(where, 'is missing');
  throw new EvalInputError(where, `id ${showValue(value)} is not a string or an integer`);
}

/** A non-empty label (string, or a number shown as text). */
export function labelText(value: unknown, where: EvalLocation): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (value === undefined || value === null || value === '') throw new EvalInputError(where, 'is missing');
  throw new EvalInputError(where, `${showValue(value)} is not a label (a string)`);
}

/** `value` as a plain object, or an error naming the field. */
export function objectField(value: unknown, where: EvalLocation): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw new EvalInputError(
    where,
    value === undefined ? 'is missing' : `must be an object, got ${showValue(value)}`,
  );
}

/** The value at a dotted path (`doc.subject`, `metadata.category.name`) inside `root`. */
export function valueAtPath(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
