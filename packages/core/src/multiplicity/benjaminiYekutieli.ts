/**
 * Benjamini–Yekutieli step-up procedure (Benjamini & Yekutieli 2001, Ann Statist
 * 29:1165): Benjamini–Hochberg with α replaced by α/c_m, c_m = Σ_{i=1}^m 1/i, which
 * controls the false discovery rate under any dependence. Reject H_(1) … H_(j) for the
 * largest j with p_(j) ≤ (j/m)/c_m·α; adjusted p̃_(j) = min(1, min_{k ≥ j} p_(k)·c_m·m/k).
 * Matches statsmodels `multipletests(method='fdr_by')`.
 */
import { type MultipleTestResult, type StepRule, stepUp } from './multipleTesting.js';

/** c_m = Σ_{i=1}^m 1/i, summed from i = 1 as statsmodels does. */
export function harmonicNumber(m: number): number {
  let sum = 0;
  for (let i = 1; i <= m; i++) sum += 1 / i;
  return sum;
}

/** The BY rule for a family of m tests (c_m computed once). */
export function benjaminiYekutieliRule(m: number): StepRule {
  const cm = harmonicNumber(m);
  return {
    threshold: (rank, total, alpha) => (rank / total / cm) * alpha,
    adjust: (p, rank, total) => p / (rank / total / cm),
  };
}

/** Benjamini–Yekutieli-adjusted p-values and rejections at false discovery rate `alpha`. */
export function benjaminiYekutieli(pValues: ArrayLike<number>, alpha = 0.05): MultipleTestResult {
  return stepUp(pValues, alpha, benjaminiYekutieliRule(pValues?.length ?? 0));
}
