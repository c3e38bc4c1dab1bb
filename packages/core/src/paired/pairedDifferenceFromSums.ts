/**
 * Paired difference from its sufficient statistics, allocation-free (for per-replication
 * use). With d_i = a_i − b_i over n items, S = Σd_i and Q = Σd_i²:
 *
 *   d̄ = S/n,   s_d² = (Q − S²/n)/(n − 1),   SE(d̄) = s_d/√n,
 *   d̄ ± c·SE,  c = z_{1−(1−level)/2} (default) or t_{n−1, 1−(1−level)/2}.
 *
 * Source: the paired-difference standard error of seed 002 (s_d with n − 1), the
 * one-sample t interval on differences (Student 1908; Casella & Berger §9.2).
 * For 0/1 scores Q = b + c and S = b − c (see {@link pairedDifferenceFromCounts}).
 * Q − S²/n is clamped at 0 against rounding; SE = 0 is flagged `degenerate`.
 */
import { assertFinite, assertInteger, assertLevel, InputError } from '../validate.js';
import { type DifferenceTestOut, fillDifferenceTest } from './differenceInference.js';

/** Reference distribution of a paired difference: normal (`'z'`) or t with n − 1 df (`'t'`). */
export type PairedCritical = 'z' | 't';

/** Fills `out` with the paired difference interval and test from (n, Σd, Σd²); returns `out`. */
export function pairedDifferenceFromSums(
  n: number,
  sumD: number,
  sumD2: number,
  level: number,
  out: DifferenceTestOut,
  critical: PairedCritical = 'z',
): DifferenceTestOut {
  assertInteger('n', n, 2);
  assertFinite('sumD', sumD);
  assertFinite('sumD2', sumD2);
  if (sumD2 < 0) throw new InputError('sumD2', `must be ≥ 0, got ${sumD2}`);
  assertLevel(level);
  if (critical !== 'z' && critical !== 't') {
    throw new InputError('critical', `must be 'z' or 't', got ${String(critical)}`);
  }
  const mean = sumD / n;
  const ss = sumD2 - sumD * mean;
  const se = Math.sqrt(Math.max(ss, 0) / (n - 1) / n);
  return fillDifferenceTest(out, mean, se, level, critical === 't' ? n - 1 : Number.POSITIVE_INFINITY);
}
