/**
 * Test helpers: explicit item-level scores with cluster ids, and the sim data kinds
 * built from them, so adapters can be compared with core's item-level estimators.
 */
import type { ClusteredScores, PairedClusteredScores } from '../../base/dataKinds.js';
import { createMethodResult } from '../../base/methodResult.js';
import type { RandomStream } from '../../base/randomStream.js';

/** Deterministic pseudo-random 0/1 items (LCG; independent of the stream under test). */
export function binaryItems(
  sizes: readonly number[],
  seed: number,
  pCluster: (k: number) => number,
): { scores: number[]; clusters: number[] } {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const scores: number[] = [];
  const clusters: number[] = [];
  sizes.forEach((n, k) => {
    for (let i = 0; i < n; i++) {
      scores.push(next() < pCluster(k) ? 1 : 0);
      clusters.push(k);
    }
  });
  return { scores, clusters };
}

/** ClusteredScores from items (clusters numbered 0…K−1 in order). */
export function clusteredScoresOf(scores: readonly number[], clusters: readonly number[]): ClusteredScores {
  const k = Math.max(...clusters) + 1;
  const data: ClusteredScores = {
    kind: 'clusteredScores',
    clusterCount: k,
    itemCount: scores.length,
    sizes: new Float64Array(k),
    totals: new Float64Array(k),
    sumSquares: new Float64Array(k),
  };
  scores.forEach((y, i) => {
    const g = clusters[i];
    data.sizes[g] += 1;
    data.totals[g] += y;
    data.sumSquares[g] += y * y;
  });
  return data;
}

/** PairedClusteredScores from two systems' items on the same clusters. */
export function pairedScoresOf(
  a: readonly number[],
  b: readonly number[],
  clusters: readonly number[],
): PairedClusteredScores {
  const k = Math.max(...clusters) + 1;
  const data: PairedClusteredScores = {
    kind: 'pairedClusteredScores',
    clusterCount: k,
    itemCount: a.length,
    sizes: new Float64Array(k),
    totalsA: new Float64Array(k),
    totalsB: new Float64Array(k),
    sumSquaresA: new Float64Array(k),
    sumSquaresB: new Float64Array(k),
    sumProducts: new Float64Array(k),
  };
  a.forEach((x, i) => {
    const g = clusters[i];
    const y = b[i];
    data.sizes[g] += 1;
    data.totalsA[g] += x;
    data.totalsB[g] += y;
    data.sumSquaresA[g] += x * x;
    data.sumSquaresB[g] += y * y;
    data.sumProducts[g] += x * y;
  });
  return data;
}

/** A fresh all-NaN result. */
export const blankResult = createMethodResult;

/** A stream that must not be used (for methods that need no randomness). */
export const unusedRng = new Proxy({} as RandomStream, {
  get() {
    throw new Error('this method must not draw random numbers');
  },
});
