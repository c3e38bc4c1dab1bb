/**
 * Miller's variance split for graded (not only 0/1) scores with K_i ≥ 2 answers to question
 * i, from per-question sums S_i = Σ_k y_ik and sums of squares Q_i = Σ_k y_ik² (Miller 2024,
 * §3, law of total variance; the estimator of {@link varianceComponents} without the 0/1
 * shortcut):
 *
 *   m_i   = S_i / K_i,
 *   s²_i  = (Q_i − S_i²/K_i) / (K_i − 1)      — unbiased within-question variance,
 *   E[σ²] = (1/n) Σ s²_i,
 *   Var(x) = S²(m) − (1/n) Σ s²_i / K_i,      S² with the n − 1 divisor (method of moments).
 *
 * For 0/1 answers Q_i = S_i = c_i and s²_i = c_i(K_i − c_i)/(K_i(K_i − 1)), so this equals
 * varianceComponents. s²_i is clamped at 0 against rounding. Needs n ≥ 2 questions,
 * K_i ≥ 2 (integers) and finite sums; throws an InputError naming the argument otherwise.
 */
import { assertSameLength, InputError } from '../validate.js';
import { componentsFromWithin } from './componentsFromWithin.js';
import type { VarianceComponents } from './varianceComponents.js';

/** Variance components from per-question sums, sums of squares and answer counts. */
export function gradedVarianceComponents(
  sums: ArrayLike<number>,
  sumSquares: ArrayLike<number>,
  asks: ArrayLike<number>,
): VarianceComponents {
  assertSameLength('sums', sums, 'asks', asks);
  assertSameLength('sumSquares', sumSquares, 'asks', asks);
  const n = asks.length;
  if (n < 2) throw new InputError('sums', `must cover at least 2 questions, got ${n}`);
  let withinSum = 0;
  let withinOverK = 0;
  for (let i = 0; i < n; i++) {
    const K = asks[i];
    if (!Number.isInteger(K) || K < 2)
      throw new InputError('asks', `entry ${i} must be an integer ≥ 2, got ${K}`);
    const S = sums[i];
    const Q = sumSquares[i];
    if (!Number.isFinite(S)) throw new InputError('sums', `entry ${i} must be finite, got ${S}`);
    if (!Number.isFinite(Q) || Q < 0)
      throw new InputError('sumSquares', `entry ${i} must be finite and ≥ 0, got ${Q}`);
    const s2 = Math.max(0, (Q - (S * S) / K) / (K - 1));
    withinSum += s2;
    withinOverK += s2 / K;
  }
  return componentsFromWithin(sums, asks, withinSum, withinOverK);
}
