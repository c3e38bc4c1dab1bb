/**
 * Clustered standard error of a mean from item scores and cluster ids, by one of
 * three estimators (formulas and sources in their own files):
 * - `'miller'`: s²/N + cross/N² (Miller 2024, eq. 4) — {@link millerClusteredVariance};
 * - `'cr1'`: K/(K−1)·Σ_g T_g²/N² (Liang & Zeger 1986) — {@link cr1ClusteredVariance};
 * - `'cr2'`: Σ_g T_g²/(1 − n_g/N)/N² (Bell & McCaffrey 2002) — {@link cr2ClusteredVariance}.
 */
import { InputError } from '../validate.js';
import { type ClusterId, type ClusterTotals, clusterTotalsFromItems } from './clusterTotals.js';
import { cr1ClusteredVariance } from './cr1Variance.js';
import { cr2ClusteredVariance } from './cr2Variance.js';
import { millerClusteredVariance } from './millerVariance.js';

/** Which clustered variance estimator to use. */
export type ClusteredEstimator = 'miller' | 'cr1' | 'cr2';

/** Throws an {@link InputError} naming `estimator` unless it is one of the three. */
export function assertClusteredEstimator(estimator: unknown): asserts estimator is ClusteredEstimator {
  if (estimator !== 'miller' && estimator !== 'cr1' && estimator !== 'cr2') {
    throw new InputError('estimator', `must be 'miller', 'cr1' or 'cr2', got ${JSON.stringify(estimator)}`);
  }
}

/** The chosen clustered variance of the mean from cluster totals (allocation-free). */
export function clusteredVarianceFromTotals(t: ClusterTotals, estimator: ClusteredEstimator = 'cr1'): number {
  assertClusteredEstimator(estimator);
  if (estimator === 'miller') return millerClusteredVariance(t);
  if (estimator === 'cr1') return cr1ClusteredVariance(t);
  return cr2ClusteredVariance(t);
}

/** Options of {@link clusteredStandardError}. */
export interface ClusteredStandardErrorOptions {
  /** Default `'cr1'` (Liang–Zeger with K/(K−1)). */
  estimator?: ClusteredEstimator;
}

/**
 * √Var of the mean of `scores` clustered by `clusters` (ids: strings or numbers).
 * Throws {@link InputError} for empty input, NaN scores, mismatched lengths or a
 * single cluster ("clusters: needs at least 2 clusters").
 */
export function clusteredStandardError(
  scores: ArrayLike<number>,
  clusters: ArrayLike<ClusterId>,
  options: ClusteredStandardErrorOptions = {},
): number {
  const estimator = options.estimator ?? 'cr1';
  assertClusteredEstimator(estimator);
  return Math.sqrt(clusteredVarianceFromTotals(clusterTotalsFromItems(scores, clusters), estimator));
}
