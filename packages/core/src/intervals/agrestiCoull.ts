import { normalCritical } from '../distributions/index.js';
import type { Interval } from '../types.js';
import { type Bounds, proportionInterval } from './bounds.js';
import { waldBounds } from './wald.js';

/**
 * Agresti–Coull bounds p̃ ± z·√(p̃(1 − p̃)/ñ), ñ = n + z², p̃ = (k + z²/2)/ñ — the Wald
 * bounds of the adjusted counts (k + z²/2, n + z²) — for a precomputed z (allocation-free; inputs not checked). Not clipped, like Wald: at k = 0
 * the lower bound is slightly negative.
 */
export function agrestiCoullBounds(k: number, n: number, z: number, out: Bounds): void {
  const z2 = z * z;
  waldBounds(k + z2 / 2, n + z2, z, out);
}

/**
 * Agresti–Coull ("add z²/2 successes and failures") interval (Agresti & Coull 1998;
 * Brown, Cai & DasGupta 2001, eq. 6). Matches statsmodels
 * `proportion_confint(method='agresti_coull')` before statsmodels' clipping to [0, 1].
 */
export function agrestiCoullInterval(k: number, n: number, level = 0.95): Interval {
  return proportionInterval(k, n, level, 'agrestiCoull', (out) =>
    agrestiCoullBounds(k, n, normalCritical(level), out),
  );
}
