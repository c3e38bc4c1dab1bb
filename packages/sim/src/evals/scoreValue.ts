/**
 * Scores from logged values. `numericScore` takes numbers and booleans (true → 1,
 * false → 0) as lm-evaluation-harness, HELM and long tables write them. `inspectScore`
 * follows inspect_ai's `value_to_float()` (scorer/_metric.py): numbers and booleans as
 * floats; "C" → 1, "P" → 0.5, "I" and "N" → 0; "yes"/"true" → 1 and "no"/"false" → 0
 * (any case); numeric strings parsed. Where inspect_ai would warn and use 0 (a list, a
 * dict, other text), this is an error naming the field. NaN (inspect_ai's "unscored"
 * sentinel, Python's NaN) is returned as NaN: the caller skips the sample with a warning.
 */
import { EvalInputError, type EvalLocation, showValue } from './evalInputError.js';

const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A finite score or NaN from a number or boolean. */
export function numericScore(value: unknown, where: EvalLocation): number {
  if (typeof value === 'number') {
    if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) {
      throw new EvalInputError(where, `score ${value} is not finite`);
    }
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined || value === null) throw new EvalInputError(where, 'the score is missing');
  throw new EvalInputError(where, `score ${showValue(value)} is not a number or a boolean`);
}

/** A score from text (CSV cells): a number, or true/false in any case. */
export function textScore(text: string, where: EvalLocation): number {
  const t = text.trim();
  if (t === '') throw new EvalInputError(where, 'the score is empty');
  if (NUMERIC.test(t)) return Number(t);
  const lower = t.toLowerCase();
  if (lower === 'true') return 1;
  if (lower === 'false') return 0;
  if (lower === 'nan') return Number.NaN;
  throw new EvalInputError(where, `score "${t}" is not a number or true/false`);
}

/** inspect_ai's value_to_float, strict (see the module comment). */
export function inspectScore(value: unknown, where: EvalLocation): number {
  if (typeof value === 'number' || typeof value === 'boolean') return numericScore(value, where);
  if (typeof value === 'string') {
    if (value === 'C') return 1;
    if (value === 'P') return 0.5;
    if (value === 'I' || value === 'N') return 0;
    const lower = value.toLowerCase();
    if (lower === 'yes' || lower === 'true') return 1;
    if (lower === 'no' || lower === 'false') return 0;
    if (NUMERIC.test(value)) return Number(value);
  }
  if (value === undefined || value === null) throw new EvalInputError(where, 'the score value is missing');
  throw new EvalInputError(
    where,
    `score value ${showValue(value)} is not one inspect_ai's value_to_float maps ` +
      '(C/I/P/N, yes/no, true/false, numbers); for a dict value choose a key with --metric <scorer>.<key>',
  );
}

/** A 1-based epoch from a number (or numeric text). */
export function epochNumber(value: unknown, where: EvalLocation): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n === 'bigint' && n >= 1n && n <= 2147483647n) return Number(n);
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2147483647) return n;
  if (n === 0 || n === 0n) {
    throw new EvalInputError(
      where,
      'epoch 0: epochs are 1-based (the first epoch is 1); add 1 if yours count from 0',
    );
  }
  if (value === undefined || value === null || value === '')
    throw new EvalInputError(where, 'the epoch is missing');
  throw new EvalInputError(where, `epoch ${showValue(value)} is not an integer ≥ 1`);
}
