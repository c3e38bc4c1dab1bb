import { normalCritical } from '../distributions/index.js';
import type { Interval } from '../types.js';
import { type Bounds, proportionInterval } from './bounds.js';
import { wilsonRoots } from './wilsonRoots.js';

/**
 * Wilson score bounds for a precomputed critical value z (allocation-free; inputs not
 * checked): the roots of (n + z²)p² − (2k + z²)p + k²/n = 0. Exactly 0 at k = 0 and
 * exactly 1 at k = n.
 */
export function wilsonBounds(k: number, n: number, z: number, out: Bounds): void {
  wilsonRoots(k, n, z, out);
  if (k === n) out.upper = 1;
}

/**
 * Wilson score interval (Wilson 1927; Brown, Cai & DasGupta 2001, eq. 4):
 * (k + z²/2)/(n + z²) ± z·√n/(n + z²)·√(p̂(1 − p̂) + z²/(4n)).
 * Matches statsmodels `proportion_confint(method='wilson')`.
 */
export function wilsonInterval(k: number, n: number, level = 0.95): Interval {
  return proportionInterval(k, n, level, 'wilson', (out) => wilsonBounds(k, n, normalCritical(level), out));
}
