/**
 * Newcombe's hybrid score interval for p₁ − p₂ from independent samples (Newcombe 1998,
 * "Interval estimation for the difference between independent proportions: comparison of
 * eleven methods", Stat Med 17:873–890, method 10): with Wilson score limits (lᵢ, uᵢ) for
 * p̂ᵢ = xᵢ/nᵢ (no continuity correction),
 *
 *   L = Δ̂ − √((p̂₁ − l₁)² + (u₂ − p̂₂)²),   U = Δ̂ + √((u₁ − p̂₁)² + (p̂₂ − l₂)²).
 *
 * Same as Fagerland, Lydersen & Laake's `Newcombe_hybrid_score_CI_2x2` (its truncation to
 * [−1, 1] never binds: L ≥ l₁ − u₂ ≥ −1). Never degenerate.
 */
import type { Bounds } from '../intervals/bounds.js';
import type { MarkedBounds } from '../intervals/markedBounds.js';
import { wilsonBounds } from '../intervals/wilson.js';
import type { MarkedInterval } from '../types.js';
import { twoSampleInterval } from './twoSample.js';

// Reused scratch for the two Wilson intervals (no state survives a call).
const first: Bounds = { lower: 0, upper: 0 };
const second: Bounds = { lower: 0, upper: 0 };

/** Allocation-free bounds at critical value z (inputs not checked). */
export function newcombeHybridBounds(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z: number,
  out: MarkedBounds,
): void {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  wilsonBounds(x1, n1, z, first);
  wilsonBounds(x2, n2, z, second);
  const estimate = p1 - p2;
  out.lower = estimate - Math.hypot(p1 - first.lower, second.upper - p2);
  out.upper = estimate + Math.hypot(first.upper - p1, p2 - second.lower);
  out.degenerate = false;
}

/** Newcombe hybrid score (method 10) interval for x₁/n₁ − x₂/n₂. */
export function newcombeHybridInterval(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  level = 0.95,
): MarkedInterval {
  return twoSampleInterval(x1, n1, x2, n2, level, 'newcombeHybrid', newcombeHybridBounds);
}
