/**
 * Agresti–Caffo interval for p₁ − p₂ from independent samples (Agresti & Caffo 2000,
 * "Simple and effective confidence intervals for proportions and differences of
 * proportions result from adding two successes and two failures", Am Stat 54:280–288):
 * the Wald interval after adding one success and one failure to each sample,
 *
 *   p̃ᵢ = (xᵢ + 1)/(nᵢ + 2),   p̃₁ − p̃₂ ± z·√(p̃₁(1 − p̃₁)/(n₁ + 2) + p̃₂(1 − p̃₂)/(n₂ + 2)).
 *
 * Same as Fagerland, Lydersen & Laake's `AgrestiCaffo_CI_2x2` before its truncation to
 * [−1, 1] (not clipped here). Never degenerate.
 */
import type { MarkedBounds } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { twoSampleInterval } from './twoSample.js';

/** Allocation-free bounds at critical value z (inputs not checked). */
export function agrestiCaffoBounds(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z: number,
  out: MarkedBounds,
): void {
  const p1 = (x1 + 1) / (n1 + 2);
  const p2 = (x2 + 1) / (n2 + 2);
  const centre = p1 - p2;
  const se = Math.sqrt((p1 * (1 - p1)) / (n1 + 2) + (p2 * (1 - p2)) / (n2 + 2));
  out.lower = centre - z * se;
  out.upper = centre + z * se;
  out.degenerate = false;
}

/** Agresti–Caffo interval for x₁/n₁ − x₂/n₂ (estimate: the unadjusted difference). */
export function agrestiCaffoInterval(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  level = 0.95,
): MarkedInterval {
  return twoSampleInterval(x1, n1, x2, n2, level, 'agrestiCaffo', agrestiCaffoBounds);
}
