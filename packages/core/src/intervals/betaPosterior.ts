import type { Interval } from '../types.js';
import { assertPositive } from '../validate.js';
import { betaLowerQuantile, betaUpperQuantile } from './betaQuantiles.js';
import { type Bounds, proportionInterval, tailProbability } from './bounds.js';

/**
 * Equal-tailed Beta-posterior bounds (allocation-free; inputs not checked): with a
 * Beta(a, b) prior the posterior is Beta(k + a, n − k + b), and the bounds are its
 * α/2 and 1 − α/2 quantiles. No special case at k = 0 or k = n.
 */
export function betaPosteriorBounds(
  k: number,
  n: number,
  tail: number,
  a: number,
  b: number,
  out: Bounds,
): void {
  out.lower = betaLowerQuantile(tail, k + a, n - k + b);
  out.upper = betaUpperQuantile(tail, k + a, n - k + b);
}

/**
 * Bayesian equal-tailed credible interval for a proportion under a Beta(a, b) prior
 * (default uniform, a = b = 1, as in seed 003's `beta(1 + k, 1 + n − k).interval(level)`;
 * Bowyer, Aitchison & Ivanova 2025). Matches scipy.stats.beta.ppf/isf.
 */
export function betaPosteriorInterval(k: number, n: number, level = 0.95, a = 1, b = 1): Interval {
  assertPositive('a', a);
  assertPositive('b', b);
  return proportionInterval(k, n, level, 'betaPosterior', (out) =>
    betaPosteriorBounds(k, n, tailProbability(level), a, b, out),
  );
}
