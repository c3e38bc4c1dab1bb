import type { Interval } from '../types.js';
import { betaLowerQuantile, betaUpperQuantile } from './betaQuantiles.js';
import { type Bounds, proportionInterval, tailProbability } from './bounds.js';

/**
 * Clopper–Pearson bounds for tail probability α/2 = (1 − level)/2 (allocation-free; inputs
 * not checked): lower = B⁻¹(α/2; k, n − k + 1), upper = B⁻¹(1 − α/2; k + 1, n − k), with
 * lower = 0 at k = 0 and upper = 1 at k = n.
 */
export function clopperPearsonBounds(k: number, n: number, tail: number, out: Bounds): void {
  out.lower = k === 0 ? 0 : betaLowerQuantile(tail, k, n - k + 1);
  out.upper = k === n ? 1 : betaUpperQuantile(tail, k + 1, n - k);
}

/**
 * Clopper–Pearson "exact" interval (Clopper & Pearson 1934), inverting two one-sided
 * binomial tests. Matches statsmodels `proportion_confint(method='beta')`.
 */
export function clopperPearsonInterval(k: number, n: number, level = 0.95): Interval {
  return proportionInterval(k, n, level, 'clopperPearson', (out) =>
    clopperPearsonBounds(k, n, tailProbability(level), out),
  );
}
