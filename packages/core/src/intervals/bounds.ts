/**
 * Shared plumbing of the proportion intervals: the mutable bounds object the
 * allocation-free `*Bounds` forms fill, argument checks, and the wrapper that turns
 * filled bounds into an {@link Interval}.
 */
import type { Interval } from '../types.js';
import { assertCounts, assertLevel } from '../validate.js';

/** Output slot of the allocation-free `*Bounds` functions (reuse one per hot loop). */
export interface Bounds {
  lower: number;
  upper: number;
}

/** Validate (k, n, level) as every Interval form does: 0 ≤ k ≤ n, n ≥ 1, level ∈ (0, 1). */
export function checkProportionArgs(k: number, n: number, level: number): void {
  assertCounts(k, n);
  assertLevel(level);
}

/**
 * The Interval form of a `*Bounds` function: checks (k, n, level), lets `fill` write the
 * bounds, and packages them with the observed proportion k/n as the estimate.
 */
export function proportionInterval(
  k: number,
  n: number,
  level: number,
  method: string,
  fill: (out: Bounds) => void,
): Interval {
  checkProportionArgs(k, n, level);
  const b: Bounds = { lower: 0, upper: 0 };
  fill(b);
  return { estimate: k / n, lower: b.lower, upper: b.upper, level, method };
}

/** Probability in each tail of a two-sided equal-tailed interval, (1 − level)/2. */
export function tailProbability(level: number): number {
  return (1 - level) / 2;
}
