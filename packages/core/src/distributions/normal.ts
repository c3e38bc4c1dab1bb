/**
 * Standard normal distribution: CDF, survival function and quantile.
 *
 * Φ(x) = ½·erfc(−x/√2), computed with stdlib's erfc so the lower tail keeps full
 * relative precision (jstat 1.9.6's `normal.cdf(-9)` returns 0; the true value is
 * 1.13e-19). Quantile: Wichura's AS 241 (PPND16, Applied Statistics 37:477, 1988),
 * relative error ~1e-16 for p down to 1e-300, then one Newton step on the erfc-based
 * CDF. (stdlib's `stats-base-dists-normal-quantile` 0.3.1 returns −Infinity at
 * p = 1e-20 and is off by 4e-7 relative at p = 1e-12, so it is not used.)
 */
import erfc from '@stdlib/math-base-special-erfc';
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

function poly(c: readonly number[], x: number): number {
  let s = 0;
  for (let i = c.length - 1; i >= 0; i--) s = s * x + c[i];
  return s;
}

// AS 241 coefficients (numerator a/c/e, denominator b/d/f), lowest order first.
const A = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125,
  45921.953931549871457, 67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
];
const B = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867,
  39307.89580009271061, 28729.085735721942674, 5226.495278852545925,
];
const C = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504,
  1.27045825245236838258, 0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
];
const D = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459,
  0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9,
];
const E = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123,
  0.026532189526576123093, 0.0012426609473880784386, 2.71155556874348757815e-5,
  2.01033439929228813265e-7,
];
const F = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525,
  7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7,
  2.04426310338993978564e-15,
];

/** AS 241 for the lower tail q = min(p, 1 − p) ∈ (0, ½]; returns z ≤ 0. */
function lowerTailQuantile(q: number): number {
  const d = q - 0.5;
  if (Math.abs(d) <= 0.425) {
    const r = 0.180625 - d * d;
    return (d * poly(A, r)) / poly(B, r);
  }
  let r = Math.sqrt(-Math.log(q));
  if (r <= 5) {
    r -= 1.6;
    return -poly(C, r) / poly(D, r);
  }
  r -= 5;
  return -poly(E, r) / poly(F, r);
}

/** Φ⁻¹(p): the z with P(Z ≤ z) = p, p ∈ [0, 1] (±Infinity at the ends). */
export function normalQuantile(p: number): number {
  assertProbability('p', p);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const upper = p > 0.5;
  const q = upper ? 1 - p : p;
  let z = lowerTailQuantile(q);
  // One Newton step on the lower-tail CDF (relative precision kept by erfc).
  const density = normalPdf(z);
  if (density > 0) z -= (normalCdf(z) - q) / density;
  return upper ? -z : z;
}

/** Two-sided critical value z_{1−(1−level)/2}, e.g. 1.959963984540054 at 0.95. */
export function normalCritical(level: number): number {
  return -normalQuantile((1 - level) / 2);
}
