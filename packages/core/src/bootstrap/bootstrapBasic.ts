/**
 * Basic (reverse-percentile) bootstrap interval from given replicates (Davison & Hinkley
 * 1997, §5.2): [2t₀ − Q((1 + level)/2), 2t₀ − Q((1 − level)/2)] with Q the `boot.ci`
 * quantile rule (bootQuantile.ts). Equals `boot::boot.ci(type = "basic")`. Marked
 * degenerate when all replicates are equal.
 */
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { bootQuantile } from './bootQuantile.js';
import { sortedReplicates } from './endpointChecks.js';

/** Bounds from the estimate t0 and sorted[0..count) (allocation-free; unchecked). */
export function bootstrapBasicBounds(
  t0: number,
  sorted: ArrayLike<number>,
  count: number,
  level: number,
  out: MarkedBounds,
): void {
  out.lower = 2 * t0 - bootQuantile(sorted, count, (1 + level) / 2);
  out.upper = 2 * t0 - bootQuantile(sorted, count, (1 - level) / 2);
  out.degenerate = sorted[0] === sorted[count - 1];
}

/** Basic bootstrap interval for the estimate t0 from the replicates (copied, not modified). */
export function bootstrapBasicInterval(
  t0: number,
  replicates: ArrayLike<number>,
  level = 0.95,
): MarkedInterval {
  const sorted = sortedReplicates(t0, replicates, level);
  const out = createMarkedBounds();
  bootstrapBasicBounds(t0, sorted, sorted.length, level, out);
  return markedInterval(t0, out, level, 'bootstrapBasic');
}
