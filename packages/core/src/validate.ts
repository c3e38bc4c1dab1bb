/**
 * Argument validation shared by every estimator. Each check throws an
 * {@link InputError} that names the argument, the value received and the
 * allowed range, so nothing returns NaN silently.
 */

/** Thrown for invalid arguments; `argument` names the offending parameter. */
export class InputError extends RangeError {
  readonly argument: string;
  constructor(argument: string, message: string) {
    super(`${argument}: ${message}`);
    this.name = 'InputError';
    this.argument = argument;
  }
}

function show(value: unknown): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** A finite number. */
export function assertFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InputError(name, `must be a finite number, got ${show(value)}`);
  }
}

/** An integer ≥ min (default 0). */
export function assertInteger(name: string, value: number, min = 0): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InputError(name, `must be an integer ≥ ${min}, got ${show(value)}`);
  }
}

/** A success count k with 0 ≤ k ≤ n and n ≥ 1. */
export function assertCounts(k: number, n: number, kName = 'k', nName = 'n'): void {
  assertInteger(nName, n, 1);
  assertInteger(kName, k, 0);
  if (k > n) throw new InputError(kName, `must be ≤ ${nName} (${n}), got ${k}`);
}

/** A level strictly inside (0, 1). */
export function assertLevel(level: number, name = 'level'): void {
  if (typeof level !== 'number' || !(level > 0 && level < 1)) {
    throw new InputError(name, `must be in (0, 1), got ${show(level)}`);
  }
}

/** A probability in [0, 1] (open ends can be required). */
export function assertProbability(name: string, p: number, open = false): void {
  const ok = typeof p === 'number' && (open ? p > 0 && p < 1 : p >= 0 && p <= 1);
  if (!ok) throw new InputError(name, `must be in ${open ? '(0, 1)' : '[0, 1]'}, got ${show(p)}`);
}

/** A number > 0 (or ≥ 0 when `allowZero`). */
export function assertPositive(name: string, value: number, allowZero = false): void {
  const ok = typeof value === 'number' && !Number.isNaN(value) && (allowZero ? value >= 0 : value > 0);
  if (!ok) throw new InputError(name, `must be ${allowZero ? '≥ 0' : '> 0'}, got ${show(value)}`);
}

/** Array-like of finite numbers with at least `minLength` entries. */
export function assertScores(name: string, values: ArrayLike<number>, minLength = 1): void {
  if (values == null || typeof values.length !== 'number') {
    throw new InputError(name, 'must be an array or typed array of numbers');
  }
  if (values.length < minLength) {
    throw new InputError(name, `must have at least ${minLength} value(s), got ${values.length}`);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new InputError(name, `must hold finite numbers; entry ${i} is ${show(v)}`);
    }
  }
}

/** Two arrays of equal length. */
export function assertSameLength(
  nameA: string,
  a: ArrayLike<unknown>,
  nameB: string,
  b: ArrayLike<unknown>,
): void {
  if (a.length !== b.length) {
    throw new InputError(nameB, `must have the same length as ${nameA} (${a.length}), got ${b.length}`);
  }
}
