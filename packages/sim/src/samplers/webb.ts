import type { UniformSource } from './source.js';
import { sampleIndex } from './uniformIndex.js';

/**
 * Webb's six-point wild-bootstrap weights, each with probability 1/6:
 * ±√(1/2), ±1, ±√(3/2) (Webb 2013, "Reworking wild bootstrap based inference
 * for clustered errors", Queen's Economics WP 1315; mean 0, variance 1, E w⁴ = 7/6).
 * Preferred over Rademacher weights when there are few clusters (< ~12), where
 * Rademacher weights give only 2^K distinct bootstrap samples.
 */
export const WEBB_POINTS: readonly number[] = Object.freeze([
  -Math.sqrt(1.5),
  -1,
  -Math.sqrt(0.5),
  Math.sqrt(0.5),
  1,
  Math.sqrt(1.5),
]);

const points = Float64Array.from(WEBB_POINTS);

/** One Webb weight. */
export function sampleWebb(src: UniformSource): number {
  return points[sampleIndex(src, 6)];
}
