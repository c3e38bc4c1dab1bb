/**
 * Hochberg's step-up procedure (Hochberg 1988, Biometrika 75:800): reject H_(1) … H_(j)
 * for the largest j with p_(j) ≤ α/(m − j + 1); adjusted
 * p̃_(j) = min(1, min_{k ≥ j} (m − k + 1)·p_(k)). Same thresholds as Holm, read from the
 * top; controls the family-wise error rate when Simes' inequality holds (independent or
 * positively dependent tests). Matches statsmodels `multipletests(method='simes-hochberg')`.
 */
import { HOLM_RULE } from './holm.js';
import { type MultipleTestResult, stepUp } from './multipleTesting.js';

/** Hochberg-adjusted p-values and rejections at family-wise level `alpha`. */
export function hochberg(pValues: ArrayLike<number>, alpha = 0.05): MultipleTestResult {
  return stepUp(pValues, alpha, HOLM_RULE);
}
