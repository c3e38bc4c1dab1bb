/**
 * Paired difference of two 0/1-scored systems from the discordant counts of their
 * 2×2 agreement table on n items: b = items A right & B wrong, c = A wrong & B right.
 * Then d_i ∈ {+1 (b items), −1 (c items), 0}, so Σd = b − c and Σd² = b + c:
 *
 *   d̄ = (b − c)/n = p̂_A − p̂_B,   SE = √( ((b + c) − (b − c)²/n) / ((n − 1)·n) ).
 *
 * Same estimator as {@link pairedDifference} (s_d with n − 1, seed 002's worked
 * example: b = 3, c = 7, n = 100 gives SE 0.031527), via {@link pairedDifferenceFromSums}.
 */
import { assertInteger, assertLevel, InputError } from '../validate.js';
import { createDifferenceTestOut, type DifferenceTest } from './differenceInference.js';
import { type PairedCritical, pairedDifferenceFromSums } from './pairedDifferenceFromSums.js';

/** Discordant counts of a paired 0/1 comparison on n items. */
export interface PairedCounts {
  /** Items scored by both systems (n ≥ 2). */
  n: number;
  /** A right, B wrong. */
  b: number;
  /** A wrong, B right. */
  c: number;
}

/** Interval and test for p̂_A − p̂_B from paired counts {n, b, c}. */
export function pairedDifferenceFromCounts(
  counts: PairedCounts,
  level = 0.95,
  critical: PairedCritical = 'z',
): DifferenceTest {
  const { n, b, c } = counts;
  assertInteger('n', n, 2);
  assertInteger('b', b);
  assertInteger('c', c);
  if (b + c > n) throw new InputError('c', `b + c must be ≤ n (${n}), got b + c = ${b + c}`);
  assertLevel(level);
  const out = pairedDifferenceFromSums(n, b - c, b + c, level, createDifferenceTestOut(), critical);
  return { ...out, level, method: `paired-${critical}` };
}
