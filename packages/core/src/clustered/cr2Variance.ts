/**
 * Bell–McCaffrey CR2 cluster-robust variance of the mean (Bell & McCaffrey 2002,
 * "Bias reduction in standard errors for linear regression with multi-stage samples";
 * Pustejovsky & Tipton 2018; R clubSandwich `vcovCR(type = "CR2")`).
 *
 * General form: V = (X'X)⁻¹ [Σ_g X_g' A_g r_g r_g' A_g X_g] (X'X)⁻¹ with
 * A_g = (I − H_gg)^{−1/2}. For the intercept-only model X = 1: H = J/N, so
 * I − H_gg = I − (n_g/N)·P_g with P_g = J/n_g the projection on 1. Its eigenvalues are
 * 1 − n_g/N (eigenvector 1) and 1, so A_g = I + [(1 − n_g/N)^{−1/2} − 1]·P_g and
 * 1'A_g r_g = T_g/√(1 − n_g/N). Hence
 *
 *   Var = (1/N²) Σ_g T_g² / (1 − n_g/N),   T_g = Σ_{i∈g}(y_i − ȳ).
 *
 * It is exactly unbiased when the items are independent with a common variance.
 */
import type { ClusterTotals } from './clusterTotals.js';
import { grandMeanOfTotals, itemCountOfTotals, residualTotal } from './totalsMoments.js';

/** (1/N²) Σ_g T_g² · N/(N − n_g) from cluster totals (allocation-free). */
export function cr2ClusteredVariance(t: ClusterTotals): number {
  const n = itemCountOfTotals(t);
  const mean = grandMeanOfTotals(t, n);
  let sum = 0;
  for (let g = 0; g < t.count; g++) {
    const r = residualTotal(t, g, mean);
    sum += (r * r * n) / (n - t.sizes[g]);
  }
  return sum / (n * n);
}
