/**
 * Miller's clustered variance of the mean (Miller 2024, "Adding Error Bars to
 * Evals", eq. 4; the `clustered_se` function of seed 000):
 *
 *   Var = s²/N + cross/N²,   cross = Σ_g [ (Σ_{i∈g} r_i)² − Σ_{i∈g} r_i² ],   r_i = y_i − ȳ,
 *
 * with s² the ddof = 1 item variance. Algebraically Var = (Σ_g T_g² + s²)/N², i.e. the
 * uncorrected Liang–Zeger sum plus s²/N²; it has no K/(K−1) factor.
 */
import type { ClusterTotals } from './clusterTotals.js';
import {
  grandMeanOfTotals,
  itemCountOfTotals,
  residualSumOfSquares,
  residualTotal,
} from './totalsMoments.js';

/** Miller's s²/N + cross/N² from cluster totals (allocation-free). */
export function millerClusteredVariance(t: ClusterTotals): number {
  const n = itemCountOfTotals(t);
  const mean = grandMeanOfTotals(t, n);
  let ss = 0;
  let cross = 0;
  for (let g = 0; g < t.count; g++) {
    const r = residualTotal(t, g, mean);
    const rr = residualSumOfSquares(t, g, mean);
    ss += rr;
    cross += r * r - rr;
  }
  return ss / (n - 1) / n + cross / (n * n);
}
