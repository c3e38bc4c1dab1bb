/**
 * Shared plumbing of the intervals for a difference of two independent proportions,
 * Δ = p₁ − p₂ with x₁ successes of n₁ and x₂ of n₂ (Δ̂ = x₁/n₁ − x₂/n₂).
 */
import { normalCritical } from '../distributions/index.js';
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { assertCounts, assertLevel } from '../validate.js';

/** Allocation-free bounds of a two-sample interval at a precomputed critical value z. */
export type TwoSampleBoundsFunction = (
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z: number,
  out: MarkedBounds,
) => void;

/** Checked Interval form: validates counts and level, z = z_{1−(1−level)/2}. */
export function twoSampleInterval(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  level: number,
  method: string,
  bounds: TwoSampleBoundsFunction,
): MarkedInterval {
  assertCounts(x1, n1, 'x1', 'n1');
  assertCounts(x2, n2, 'x2', 'n2');
  assertLevel(level);
  const out = createMarkedBounds();
  bounds(x1, n1, x2, n2, normalCritical(level), out);
  return markedInterval(x1 / n1 - x2 / n2, out, level, method);
}
