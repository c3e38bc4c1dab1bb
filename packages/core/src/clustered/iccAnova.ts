/**
 * Intra-cluster correlation by the one-way ANOVA estimator with unequal cluster
 * sizes (Donner 1986, "A review of inference procedures for the intraclass
 * correlation coefficient in the one-way random effects model"; Searle 1971):
 *
 *   ρ̂ = (MSB − MSW) / (MSB + (n₀ − 1)·MSW),   n₀ = (N − Σ_g n_g²/N)/(K − 1).
 *
 * ρ̂ can be negative (down to −1/(n₀ − 1)) and is not truncated at 0.
 */
import { InputError } from '../validate.js';
import { type ClusterId, type ClusterTotals, clusterTotalsFromItems } from './clusterTotals.js';
import { createOneWayAnova, type OneWayAnova, oneWayAnovaFromTotals } from './oneWayAnova.js';

const scratch = createOneWayAnova();

/**
 * ANOVA ICC from cluster totals (allocation-free). Throws {@link InputError} naming
 * `clusters` when K < 2 or N = K, and naming `scores` when all scores are identical
 * (MSB = MSW = 0, so ρ̂ is 0/0).
 */
export function iccAnovaFromTotals(t: ClusterTotals): number {
  return iccFromOneWayAnova(oneWayAnovaFromTotals(t, scratch));
}

/**
 * ρ̂ = (MSB − MSW)/(MSB + (n₀ − 1)·MSW) from a one-way ANOVA's mean squares (the last step of
 * {@link iccAnovaFromTotals}). Throws {@link InputError} naming `scores` when MSB = MSW = 0.
 */
export function iccFromOneWayAnova(a: OneWayAnova): number {
  const denominator = a.betweenMeanSquare + (a.averageClusterSize - 1) * a.withinMeanSquare;
  if (!(denominator > 0)) {
    throw new InputError('scores', 'ICC is undefined when all scores are identical (MSB = MSW = 0)');
  }
  return (a.betweenMeanSquare - a.withinMeanSquare) / denominator;
}

/** ANOVA ICC of `scores` grouped by `clusters` (ids: strings or numbers). */
export function iccAnova(scores: ArrayLike<number>, clusters: ArrayLike<ClusterId>): number {
  return iccAnovaFromTotals(clusterTotalsFromItems(scores, clusters));
}
