/**
 * Bonferroni correction for m tests: reject H_i when p_i ≤ α/m; adjusted
 * p̃_i = min(1, m·p_i). Controls the family-wise error rate (the chance of any false
 * rejection) at α under any dependence (Bonferroni 1936; Dunn 1961). Seed 002: with
 * m = 12 and α = 0.05 each comparison must clear 0.004167. Matches statsmodels
 * `multipletests(method='bonferroni')`.
 */
import { checkPValues, type MultipleTestResult } from './multipleTesting.js';

/** Bonferroni-adjusted p-values and rejections at family-wise level `alpha`. */
export function bonferroni(pValues: ArrayLike<number>, alpha = 0.05): MultipleTestResult {
  checkPValues(pValues, alpha);
  const m = pValues.length;
  const threshold = alpha / m;
  const adjusted = new Float64Array(m);
  const reject = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    adjusted[i] = Math.min(1, pValues[i] * m);
    reject[i] = pValues[i] <= threshold ? 1 : 0;
  }
  return { adjusted, reject };
}
