/**
 * Argument checks and the sorted working copy shared by the checked (Interval) forms of
 * the bootstrap endpoints that take given replicates.
 */
import { assertFinite, assertLevel, assertScores } from '../validate.js';

/** Validates t0, replicates (≥ 2 finite values) and level; returns a sorted copy. */
export function sortedReplicates(t0: number, replicates: ArrayLike<number>, level: number): Float64Array {
  assertFinite('t0', t0);
  assertScores('replicates', replicates, 2);
  assertLevel(level);
  return Float64Array.from(replicates).sort();
}
