/**
 * Beta(a, b) distribution: CDF, survival function, density and quantile.
 *
 * CDF/SF: the regularized incomplete beta I_x(a, b) from stdlib's `betainc`
 * (continued fraction run to machine precision; jstat 1.9.6 stops after 100
 * iterations, so `jStat.beta.cdf(0.5, 1e5, 1e5)` is off by 2e-4).
 * Quantile: stdlib's `stats-base-dists-beta-quantile` as a start, then polished by
 * Newton steps on whichever tail is smaller, so extreme shapes (a ≈ 0.5,
 * b up to 1e5) reach ~1e-13 relative.
 */
import betainc from '@stdlib/math-base-special-betainc';
import betaQuantileStd from '@stdlib/stats-base-dists-beta-quantile';
import { assertPositive, assertProbability, InputError } from '../validate.js';
import { logBeta } from './logGamma.js';

/**
 * True when the lower tail at x is (about) the smaller one, i.e. x is below the mean
 * a/(a+b). The smaller tail is computed directly and the larger as 1 − smaller: stdlib's
 * `betainc` loses ~1e-11 on the large tail at tiny x (e.g. 1 − I_x(½, ½) at x = 2.5e-12).
 */
function lowerTailIsSmall(x: number, a: number, b: number): boolean {
  return x * (a + b) <= a;
}

/**
 * Largest a + b for which the incomplete beta is used (stdlib's `betainc` drifts beyond:
 * Binomial(n, ½) at its centre is off by 2e-8 at n = 5e7, 3e-6 at 1e8, and at n = 1e12
 * it returns −6.9). Larger shapes throw instead of returning a wrong probability;
 * binomial tails inherit the limit (n ≤ 1e7, where the error is ~1e-10).
 */
export const MAX_BETA_SHAPE_SUM = 1e7 + 1;

/** Throws an InputError unless a + b is within the validated range. */
export function assertBetaShapes(a: number, b: number, name = 'a + b'): void {
  if (!(a + b <= MAX_BETA_SHAPE_SUM)) {
    throw new InputError(
      name,
      `must be ≤ ${MAX_BETA_SHAPE_SUM} (the validated range of the incomplete beta), got ${a + b}`,
    );
  }
}

/** I_x(a, b) = P(X ≤ x) for X ~ Beta(a, b). */
export function betaCdf(x: number, a: number, b: number): number {
  assertBetaShapes(a, b);
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (lowerTailIsSmall(x, a, b)) return betainc(x, a, b, true, false);
  return 1 - betainc(x, a, b, true, true);
}

/** 1 − I_x(a, b) = P(X > x), with the upper tail computed directly when it is the small one. */
export function betaSf(x: number, a: number, b: number): number {
  assertBetaShapes(a, b);
  if (x <= 0) return 1;
  if (x >= 1) return 0;
  if (lowerTailIsSmall(x, a, b)) return 1 - betainc(x, a, b, true, false);
  return betainc(x, a, b, true, true);
}

/** log density of Beta(a, b) at x ∈ (0, 1). */
export function betaLogPdf(x: number, a: number, b: number): number {
  return (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - logBeta(a, b);
}

/** Quantile of Beta(a, b): the x with I_x(a, b) = p. */
export function betaQuantile(p: number, a: number, b: number): number {
  assertProbability('p', p);
  assertPositive('a', a);
  assertPositive('b', b);
  if (p === 0) return 0;
  if (p === 1) return 1;
  let x = betaQuantileStd(p, a, b);
  if (!(x > 0 && x < 1)) return x;
  const upper = p > 0.5;
  const target = upper ? 1 - p : p;
  for (let i = 0; i < 50; i++) {
    const f = upper ? betaSf(x, a, b) : betaCdf(x, a, b);
    const density = Math.exp(betaLogPdf(x, a, b));
    if (!(density > 0) || !Number.isFinite(density)) break;
    // d/dx of the SF is −density.
    const step = (f - target) / (upper ? -density : density);
    let next = x - step;
    if (next <= 0) next = x / 2;
    else if (next >= 1) next = (x + 1) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.abs(x)) {
      x = next;
      break;
    }
    x = next;
  }
  return x;
}
