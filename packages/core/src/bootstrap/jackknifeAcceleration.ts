/**
 * BCa acceleration from jackknife (leave-one-out, or leave-one-cluster-out) estimates
 * θ₍₁₎..θ₍ₙ₎ (Efron 1987, "Better bootstrap confidence intervals", JASA 82:171;
 * Efron & Tibshirani 1993, "An Introduction to the Bootstrap", §14.3):
 *
 *   a = Σ dᵢ³ / (6·(Σ dᵢ²)^{3/2}),   dᵢ = θ̄₍·₎ − θ₍ᵢ₎.
 *
 * Equal to `boot.ci`'s a = ΣLᵢ³/(6(ΣLᵢ²)^{3/2}) with its jackknife empirical influence
 * values Lᵢ = (n − 1)(θ̄₍·₎ − θ₍ᵢ₎) (the factor n − 1 cancels). NaN when all θ₍ᵢ₎ are equal.
 */

import { pow } from '../math/pow.js';
import { assertScores } from '../validate.js';

/** Acceleration from jackknife estimates (allocation-free; unchecked). */
export function jackknifeAccelerationOf(jackknife: ArrayLike<number>): number {
  const n = jackknife.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += jackknife[i];
  mean /= n;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    const d = mean - jackknife[i];
    s2 += d * d;
    s3 += d * d * d;
  }
  return s3 / (6 * pow(s2, 1.5));
}

/** Checked form: at least two finite jackknife estimates. */
export function jackknifeAcceleration(jackknife: ArrayLike<number>): number {
  assertScores('jackknife', jackknife, 2);
  return jackknifeAccelerationOf(jackknife);
}
