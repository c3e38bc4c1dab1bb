import { normalCritical } from '../distributions/index.js';
import type { Interval } from '../types.js';
import { type Bounds, proportionInterval } from './bounds.js';

/**
 * Wald bounds p̂ ± z·√(p̂(1 − p̂)/n), p̂ = k/n, for a precomputed critical value z
 * (allocation-free; inputs are not checked). NOT clipped to [0, 1]: 14/15 at 95% gives
 * (0.807, 1.060), the "impossible interval" of seed 003. At k = 0 and k = n the interval
 * is the single point [p̂, p̂]. Clipping never changes whether p ∈ [0, 1] is covered.
 */
export function waldBounds(k: number, n: number, z: number, out: Bounds): void {
  const p = k / n;
  const half = z * Math.sqrt((p * (1 - p)) / n);
  out.lower = p - half;
  out.upper = p + half;
}

/**
 * Wald (normal-approximation, "CLT") interval for k successes in n (Wald 1943; see
 * Brown, Cai & DasGupta 2001, eq. 1). Matches statsmodels `proportion_confint(method='normal')`
 * before statsmodels' clipping to [0, 1].
 */
export function waldInterval(k: number, n: number, level = 0.95): Interval {
  return proportionInterval(k, n, level, 'wald', (out) => waldBounds(k, n, normalCritical(level), out));
}
