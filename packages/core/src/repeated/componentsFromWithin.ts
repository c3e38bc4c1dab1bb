/**
 * The last step shared by {@link varianceComponents} (0/1 answers) and
 * {@link gradedVarianceComponents} (any scores): given each question's total T_i over its
 * K_i answers and the within-question sums Σ s²_i and Σ s²_i/K_i, Miller's (2024, §3)
 * method-of-moments split
 *
 *   m_i = T_i / K_i,   S²(m) with the n − 1 divisor,
 *   E[σ²] = (1/n) Σ s²_i,   Var(x) = S²(m) − (1/n) Σ s²_i / K_i (clamped at 0, flagged),
 *   sampling share = E[σ²] / (Var(x) + E[σ²]).
 *
 * Inputs are checked by the callers (n ≥ 2, K_i ≥ 2).
 */
import type { VarianceComponents } from './varianceComponents.js';

export function componentsFromWithin(
  totals: ArrayLike<number>,
  asks: ArrayLike<number>,
  withinSum: number,
  withinOverK: number,
): VarianceComponents {
  const n = asks.length;
  let meanSum = 0;
  for (let i = 0; i < n; i++) meanSum += totals[i] / asks[i];
  const meanScore = meanSum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = totals[i] / asks[i] - meanScore;
    ss += d * d;
  }
  const varianceOfMeans = ss / (n - 1);
  const withinVariance = withinSum / n;
  const betweenVarianceUnbiased = varianceOfMeans - withinOverK / n;
  const betweenVariance = Math.max(0, betweenVarianceUnbiased);
  const total = betweenVariance + withinVariance;
  return {
    questions: n,
    meanScore,
    varianceOfMeans,
    withinVariance,
    betweenVarianceUnbiased,
    betweenVariance,
    betweenTruncated: betweenVarianceUnbiased < 0,
    samplingShare: total > 0 ? withinVariance / total : 0,
  };
}
