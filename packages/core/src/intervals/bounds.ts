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

/** Package filled bounds as an Interval whose estimate is the observed proportion k/n. */
export function proportionInterval(k: number, n: number, level: number, method: string, b: Bounds): Interval {
  return { estimate: k / n, lower: b.lower, upper: b.upper, level, method };
}

/** Probability in each tail of a two-sided equal-tailed interval, (1 − level)/2. */
export function tailProbability(level: number): number {
  return (1 - level) / 2;
}
