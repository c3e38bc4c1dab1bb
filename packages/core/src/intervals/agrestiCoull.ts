import { normalCritical } from '../distributions/index.js';
import type { Interval } from '../types.js';
import { type Bounds, checkProportionArgs, proportionInterval } from './bounds.js';

/**
 * Agresti–Coull bounds p̃ ± z·√(p̃(1 − p̃)/ñ), ñ = n + z², p̃ = (k + z²/2)/ñ, for a
 * precomputed z (allocation-free; inputs not checked). Not clipped, like Wald: at k = 0
 * the lower bound is slightly negative.
 */
export function agrestiCoullBounds(k: number, n: number, z: number, out: Bounds): void {
  const z2 = z * z;
  const nTilde = n + z2;
  const pTilde = (k + z2 / 2) / nTilde;
  const half = z * Math.sqrt((pTilde * (1 - pTilde)) / nTilde);
  out.lower = pTilde - half;
  out.upper = pTilde + half;
}

/**
 * Agresti–Coull ("add z²/2 successes and failures") interval (Agresti & Coull 1998;
 * Brown, Cai & DasGupta 2001, eq. 6). Matches statsmodels
 * `proportion_confint(method='agresti_coull')` before statsmodels' clipping to [0, 1].
 */
export function agrestiCoullInterval(k: number, n: number, level = 0.95): Interval {
  checkProportionArgs(k, n, level);
  const out: Bounds = { lower: 0, upper: 0 };
  agrestiCoullBounds(k, n, normalCritical(level), out);
  return proportionInterval(k, n, level, 'agrestiCoull', out);
}
