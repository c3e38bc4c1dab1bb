/**
 * Percentile bootstrap interval from given replicates t*₁..t*_R (Efron 1979; Davison &
 * Hinkley 1997, §5.3): [Q((1 − level)/2), Q((1 + level)/2)] with Q the `boot.ci`
 * quantile rule (bootQuantile.ts). Equals `boot::boot.ci(type = "perc")`. Marked degenerate
 * when all replicates are equal (the interval is then that point).
 */
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { bootQuantile } from './bootQuantile.js';
import { sortedReplicates } from './endpointChecks.js';

/** Bounds from sorted[0..count) (allocation-free; unchecked). */
export function bootstrapPercentileBounds(
  sorted: ArrayLike<number>,
  count: number,
  level: number,
  out: MarkedBounds,
): void {
  out.lower = bootQuantile(sorted, count, (1 - level) / 2);
  out.upper = bootQuantile(sorted, count, (1 + level) / 2);
  out.degenerate = sorted[0] === sorted[count - 1];
}

/** Percentile interval around the estimate t0 from the replicates (copied, not modified). */
export function bootstrapPercentileInterval(
  t0: number,
  replicates: ArrayLike<number>,
  level = 0.95,
): MarkedInterval {
  const sorted = sortedReplicates(t0, replicates, level);
  const out = createMarkedBounds();
  bootstrapPercentileBounds(sorted, sorted.length, level, out);
  return markedInterval(t0, out, level, 'bootstrapPercentile');
}
