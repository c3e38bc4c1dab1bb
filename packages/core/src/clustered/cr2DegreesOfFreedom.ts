/**
 * Satterthwaite degrees of freedom of the CR2 variance of the mean (Bell & McCaffrey
 * 2002; Imbens & Kolesár 2016, "Robust standard errors in small samples"; the
 * `test = "Satterthwaite"` df of R clubSandwich `coef_test`, working model Φ = I).
 *
 * Write V_CR2 = Σ_g (p_g'ε)² with p_g = (I − H)' G_g' A_g X_g (X'X)⁻¹ c; then
 * df = (Σ_g p_g'p_g)² / Σ_g Σ_h (p_g'p_h)². For X = 1 (c = 1) with a_g = (1 − n_g/N)^{−1/2},
 * p_g = (a_g/N)(e_g − (n_g/N)·1), so p_g'p_h = (a_g a_h/N²)(δ_gh n_g − n_g n_h/N):
 * p_g'p_g = n_g/N² (their sum is 1/N) and, for g ≠ h, (p_g'p_h)² = b_g b_h / N⁶ with
 * b_g = n_g²/(1 − n_g/N). Therefore
 *
 *   df = N² / [ Σ_g n_g² + 2 Σ_{g<h} b_g b_h / N² ],
 *
 * which depends on the cluster sizes only and equals K − 1 when all sizes are equal.
 * The pair sum is accumulated with a running prefix (no cancellation).
 */
import type { ClusterTotals } from './clusterTotals.js';
import { itemCountOfTotals } from './totalsMoments.js';

/** Bell–McCaffrey / Imbens–Kolesár df for the CR2 SE of the mean (allocation-free). */
export function cr2DegreesOfFreedom(t: ClusterTotals): number {
  const n = itemCountOfTotals(t);
  let sumSizeSquares = 0;
  let prefix = 0;
  let pairs = 0;
  for (let g = 0; g < t.count; g++) {
    const size = t.sizes[g];
    const b = (size * size * n) / (n - size);
    sumSizeSquares += size * size;
    pairs += b * prefix;
    prefix += b;
  }
  return (n * n) / (sumSizeSquares + (2 * pairs) / (n * n));
}
