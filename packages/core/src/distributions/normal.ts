/**
 * Standard normal distribution: CDF, survival function and quantile.
 *
 * Φ(x) = ½·erfc(−x/√2), computed with stdlib's erfc so the lower tail keeps full
 * relative precision (jstat 1.9.6's `normal.cdf(-9)` returns 0; the true value is
 * 1.13e-19). Quantile: stdlib's `stats-base-dists-normal-quantile` (Giles'
 * erfinv approximation, ~1e-15 relative against scipy.stats.norm.ppf).
 */
import erfc from '@stdlib/math-base-special-erfc';
import normalQuantileStd from '@stdlib/stats-base-dists-normal-quantile';
import { assertProbability } from '../validate.js';

const SQRT1_2 = Math.SQRT1_2;
const INV_SQRT_2PI = 0.3989422804014327;

/** Φ(x) = P(Z ≤ x) for Z ~ N(0, 1). */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x * SQRT1_2);
}

/** 1 − Φ(x) = P(Z > x), accurate in the upper tail. */
export function normalSf(x: number): number {
  return 0.5 * erfc(x * SQRT1_2);
}

/** φ(x), the standard normal density. */
export function normalPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/** Φ⁻¹(p): the z with P(Z ≤ z) = p, p ∈ [0, 1] (±Infinity at the ends). */
export function normalQuantile(p: number): number {
  assertProbability('p', p);
  return normalQuantileStd(p, 0, 1);
}

/** Two-sided critical value z_{1−(1−level)/2}, e.g. 1.959963984540054 at 0.95. */
export function normalCritical(level: number): number {
  return -normalQuantileStd((1 - level) / 2, 0, 1);
}
