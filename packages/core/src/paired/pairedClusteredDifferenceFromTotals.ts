/**
 * Allocation-free form of {@link pairedClusteredDifference} for per-replication use,
 * from per-cluster sufficient statistics of the differences d = a − b: n_g, Σ_{i∈g} d_i
 * and Σ_{i∈g} d_i² (for two systems' totals: S_g = S_{A,g} − S_{B,g} and
 * Q_g = Q_{A,g} + Q_{B,g} − 2·P_g with P_g = Σ a_i b_i).
 *
 *   d̄ = Σ S_g / N,   SE² = K/(K − 1)·Σ_g (S_g − n_g d̄)² / N²  (CR1),   t_{K−1} interval.
 *
 * Source: Liang & Zeger (1986); seed 001. Needs K ≥ 2 (InputError naming `clusters`).
 * `tCriticalOf` (default tCritical) may be a memo (core createTCriticalMemo): with K fixed in
 * a cell the t quantile is then computed once, not once per replication (same bits).
 */
import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { cr1ClusteredVariance } from '../clustered/cr1Variance.js';
import { grandMeanOfTotals, itemCountOfTotals } from '../clustered/totalsMoments.js';
import { tCritical } from '../distributions/studentT.js';
import type { TCriticalOf } from '../distributions/tCriticalMemo.js';
import { assertLevel } from '../validate.js';
import { type DifferenceTestOut, fillDifferenceTest } from './differenceInference.js';

/** Fills `out` with the CR1/t_{K−1} paired interval from cluster totals of d; returns `out`. */
export function pairedClusteredDifferenceFromTotals(
  totals: ClusterTotals,
  level: number,
  out: DifferenceTestOut,
  tCriticalOf: TCriticalOf = tCritical,
): DifferenceTestOut {
  assertLevel(level);
  const n = itemCountOfTotals(totals);
  const se = Math.sqrt(cr1ClusteredVariance(totals));
  return fillDifferenceTest(out, grandMeanOfTotals(totals, n), se, level, totals.count - 1, tCriticalOf);
}
