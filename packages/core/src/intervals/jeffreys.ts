import type { Interval } from '../types.js';
import { betaPosteriorBounds } from './betaPosterior.js';
import { type Bounds, proportionInterval, tailProbability } from './bounds.js';

/**
 * Jeffreys bounds (allocation-free; inputs not checked): the α/2 and 1 − α/2 quantiles
 * of Beta(k + ½, n − k + ½), with lower = 0 at k = 0 and upper = 1 at k = n.
 */
export function jeffreysBounds(k: number, n: number, tail: number, out: Bounds): void {
  betaPosteriorBounds(k, n, tail, 0.5, 0.5, out);
  if (k === 0) out.lower = 0;
  if (k === n) out.upper = 1;
}

/**
 * Jeffreys interval, following Brown, Cai & DasGupta (2001, §4.1.2): the equal-tailed
 * Beta(k + ½, n − k + ½) interval, modified so the lower bound is 0 at k = 0 and the upper
 * bound 1 at k = n. statsmodels `proportion_confint(method='jeffreys')` does NOT make that
 * modification; it equals `betaPosteriorInterval(k, n, level, 0.5, 0.5)`. The two agree
 * for 0 < k < n and on the other bound at k = 0 and k = n.
 */
export function jeffreysInterval(k: number, n: number, level = 0.95): Interval {
  return proportionInterval(k, n, level, 'jeffreys', (out) =>
    jeffreysBounds(k, n, tailProbability(level), out),
  );
}
