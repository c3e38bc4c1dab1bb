/**
 * Benjamini–Hochberg step-up procedure (Benjamini & Hochberg 1995, JRSS B 57:289):
 * reject H_(1) … H_(j) for the largest j with p_(j) ≤ (j/m)·α; adjusted
 * p̃_(j) = min(1, min_{k ≥ j} p_(k)·m/k). Controls the false discovery rate (the
 * expected share of false rejections among rejections) at α for independent or
 * positively dependent tests (seed 000 Step 5, seed 002). Matches statsmodels
 * `multipletests(method='fdr_bh')`, including its floating-point forms (j/m)·α and p/(j/m).
 */
import { type MultipleTestResult, type StepRule, stepUp } from './multipleTesting.js';

export const BENJAMINI_HOCHBERG_RULE: StepRule = {
  threshold: (rank, m, alpha) => (rank / m) * alpha,
  adjust: (p, rank, m) => p / (rank / m),
};

/** Benjamini–Hochberg-adjusted p-values and rejections at false discovery rate `alpha`. */
export function benjaminiHochberg(pValues: ArrayLike<number>, alpha = 0.05): MultipleTestResult {
  return stepUp(pValues, alpha, BENJAMINI_HOCHBERG_RULE);
}
