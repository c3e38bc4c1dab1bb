/**
 * Holm's step-down procedure (Holm 1979, Scand J Statist 6:65): sort the p-values
 * ascending and reject H_(j) while p_(j) ≤ α/(m − j + 1), stopping at the first that
 * fails; adjusted p̃_(j) = min(1, max_{k ≤ j} (m − k + 1)·p_(k)). Controls the
 * family-wise error rate at α under any dependence and is uniformly more powerful than
 * Bonferroni (seed 000, Step 5). Matches statsmodels `multipletests(method='holm')`.
 */
import { type MultipleTestResult, type StepRule, stepDown } from './multipleTesting.js';

export const HOLM_RULE: StepRule = {
  threshold: (rank, m, alpha) => alpha / (m - rank + 1),
  adjust: (p, rank, m) => (m - rank + 1) * p,
};

/** Holm-adjusted p-values and rejections at family-wise level `alpha`. */
export function holm(pValues: ArrayLike<number>, alpha = 0.05): MultipleTestResult {
  return stepDown(pValues, alpha, HOLM_RULE);
}
