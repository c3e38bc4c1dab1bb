/**
 * Naive (independent-items) variance of the mean: s²/N, with s² the ddof = 1 item
 * variance s² = Σ_i (y_i − ȳ)² / (N − 1). This is the square of Miller's SE_CLT
 * (Miller 2024, "Adding Error Bars to Evals", eq. 1) and ignores the clusters.
 */
import type { ClusterTotals } from './clusterTotals.js';
import { grandMeanOfTotals, itemCountOfTotals, residualSumOfSquares } from './totalsMoments.js';

/** s²/N from cluster totals (allocation-free). Needs K ≥ 2 clusters (hence N ≥ 2). */
export function naiveVarianceOfMean(t: ClusterTotals): number {
  const n = itemCountOfTotals(t);
  const mean = grandMeanOfTotals(t, n);
  let ss = 0;
  for (let g = 0; g < t.count; g++) ss += residualSumOfSquares(t, g, mean);
  return ss / (n - 1) / n;
}
