/**
 * Student t distribution with ν > 0 degrees of freedom (ν = Infinity gives the normal).
 * CDF and quantile from stdlib (`stats-base-dists-t-cdf`, `-t-quantile`), which match
 * scipy.stats.t to ~1e-14 relative, including df 1–4 where jstat's `studentt.inv`
 * (built on its 1e-8 `ibetainv`) loses digits.
 */
import tCdfStd from '@stdlib/stats-base-dists-t-cdf';
import tQuantileStd from '@stdlib/stats-base-dists-t-quantile';
import { assertPositive, assertProbability } from '../validate.js';
import { normalCdf, normalQuantile } from './normal.js';

/** P(T ≤ x) for T ~ t_ν. */
export function tCdf(x: number, df: number): number {
  assertPositive('df', df);
  if (df === Number.POSITIVE_INFINITY) return normalCdf(x);
  return tCdfStd(x, df);
}

/** P(T > x) for T ~ t_ν, accurate in the upper tail (by symmetry). */
export function tSf(x: number, df: number): number {
  return tCdf(-x, df);
}

/** t quantile: the x with P(T ≤ x) = p. */
export function tQuantile(p: number, df: number): number {
  assertProbability('p', p);
  assertPositive('df', df);
  if (df === Number.POSITIVE_INFINITY) return normalQuantile(p);
  // Use the lower tail for p > ½ too, by symmetry, to keep relative precision.
  return p > 0.5 ? -tQuantileStd(1 - p, df) : tQuantileStd(p, df);
}

/** Two-sided critical value t_{ν, 1−(1−level)/2}. */
export function tCritical(level: number, df: number): number {
  return -tQuantile((1 - level) / 2, df);
}
