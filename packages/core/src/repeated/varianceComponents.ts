import { checkCounts } from './checks.js';
import { componentsFromWithin } from './componentsFromWithin.js';

/** The split of score variance into question (data) and sampling (prediction) noise. */
export interface VarianceComponents {
  /** Number of questions n. */
  readonly questions: number;
  /** Mean of the per-question means (the benchmark score). */
  readonly meanScore: number;
  /** Sample variance (n − 1 divisor) of the per-question means m_i. */
  readonly varianceOfMeans: number;
  /** E[σ²]: mean over questions of the unbiased within-question variance s²_i. */
  readonly withinVariance: number;
  /** Var(x) = varianceOfMeans − mean_i(s²_i / K_i); may be < 0 in small samples. */
  readonly betweenVarianceUnbiased: number;
  /** max(0, betweenVarianceUnbiased), the value to use in standard errors. */
  readonly betweenVariance: number;
  /** True when the unbiased estimate was negative and was truncated at 0. */
  readonly betweenTruncated: boolean;
  /** Sampling's share of the one-answer variance: E[σ²] / (Var(x) + E[σ²]). */
  readonly samplingShare: number;
}

/**
 * Variance components of 0/1 scores with K_i answers to question i (Miller 2024, §3,
 * law of total variance: Var = Var_x(E_ε[s]) + E_x(Var_ε[s])):
 *   m_i   = c_i / K_i,
 *   s²_i  = c_i (K_i − c_i) / (K_i (K_i − 1))   — the unbiased (K − 1) within-question variance,
 *   E[σ²] = (1/n) Σ s²_i,
 *   Var(x) = S²(m) − (1/n) Σ s²_i / K_i,  S² with the n − 1 divisor,
 * a method-of-moments estimator, unbiased because E[S²(m)] = Var(x) + E[σ²/K].
 * Every question needs K_i ≥ 2 and there must be n ≥ 2 questions.
 *
 * Seed 000's Haiku table (Var(x) 0.149, E[σ²] 0.010, share 6.4%, SE 1.18 / 1.15 points at
 * K = 1 / 5) is reproduced by this estimator with share = E[σ²]/(Var(x) + E[σ²]); the
 * plug-in m(1 − m) within-variance cannot print 6.4% for any split of its 48 changing
 * questions (at most 6.35%), so the seed evidently used the K − 1 form
 * (fixtures/scripts/repeated.py).
 */
export function varianceComponents(correct: ArrayLike<number>, asks: ArrayLike<number>): VarianceComponents {
  checkCounts(correct, asks, 2, 2);
  const n = correct.length;
  let withinSum = 0;
  let withinOverK = 0;
  for (let i = 0; i < n; i++) {
    const K = asks[i];
    const c = correct[i];
    const s2 = (c * (K - c)) / (K * (K - 1));
    withinSum += s2;
    withinOverK += s2 / K;
  }
  return componentsFromWithin(correct, asks, withinSum, withinOverK);
}
