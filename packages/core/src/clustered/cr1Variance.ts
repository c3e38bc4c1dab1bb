/**
 * Liang–Zeger cluster-robust variance of the mean with the K/(K−1) small-sample
 * factor (CR1; Liang & Zeger 1986, Cameron & Miller 2015 §VI.B; the
 * `paired_clustered_diff` code of seed 001):
 *
 *   Var = K/(K−1) · Σ_g (Σ_{i∈g} r_i)² / N²,   r_i = y_i − ȳ.
 *
 * For the intercept-only OLS this equals R `sandwich::vcovCL(type = "HC0" or "HC1",
 * cadjust = TRUE)` and statsmodels `cov_type='cluster'` with its default
 * `use_correction=True` (its extra (N−1)/(N−k) factor is 1 when k = 1).
 */
import type { ClusterTotals } from './clusterTotals.js';
import { grandMeanOfTotals, itemCountOfTotals, sumSquaredResidualTotals } from './totalsMoments.js';

/** K/(K−1) · Σ_g T_g² / N² from cluster totals (allocation-free). */
export function cr1ClusteredVariance(t: ClusterTotals): number {
  const n = itemCountOfTotals(t);
  const k = t.count;
  return ((k / (k - 1)) * sumSquaredResidualTotals(t, grandMeanOfTotals(t, n))) / (n * n);
}
