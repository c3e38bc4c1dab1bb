/**
 * Percentile cluster bootstrap interval for a mean (Efron & Tibshirani 1993 §13.3;
 * Field & Welsh 2007, "Bootstrapping clustered data", the cluster/"case" bootstrap;
 * Cameron, Gelbach & Miller 2008 §3.1 "pairs cluster bootstrap"): each of B resamples
 * draws K clusters with replacement (whole clusters, with their sizes) and records
 * ȳ* = Σ S*_g / Σ n*_g; the interval is the α/2 and 1 − α/2 sample quantiles of the
 * B means, by linear interpolation between order statistics (Hyndman & Fan 1996
 * type 7, R's default). `se` is the s.d. of the B means (ddof = 1).
 * Allocation-free: indices go to an Int32Array workspace (`sampleIndices`), means to a
 * Float64Array that is sorted in place.
 */
import type { ClusterTotals } from '@evalsim/core';
import { sampleIndices } from '../samplers/indices.js';
import type { RandomStream } from '../base/randomStream.js';

/** Reusable buffers of {@link clusterBootstrapInterval}. */
export interface ClusterBootstrapWorkspace {
  /** Resampled cluster indices (length K; reallocated only when K changes). */
  indices: Int32Array;
  /** Bootstrap means (length B). */
  readonly means: Float64Array;
}

export function createClusterBootstrapWorkspace(resamples: number): ClusterBootstrapWorkspace {
  return { indices: new Int32Array(0), means: new Float64Array(resamples) };
}

/** Mutable result of {@link clusterBootstrapInterval}. */
export interface ClusterBootstrapInterval {
  estimate: number;
  /** S.d. of the bootstrap means. */
  se: number;
  lower: number;
  upper: number;
}

export function createClusterBootstrapInterval(): ClusterBootstrapInterval {
  return { estimate: Number.NaN, se: Number.NaN, lower: Number.NaN, upper: Number.NaN };
}

/** Type-7 quantile of ascending `sorted` at probability `p`. */
export function sortedQuantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * Fills `out` with the percentile cluster bootstrap interval at `level`, drawing
 * `ws.means.length` resamples from `rng`. Needs K ≥ 1 clusters.
 */
export function clusterBootstrapInterval(
  t: ClusterTotals,
  level: number,
  rng: RandomStream,
  ws: ClusterBootstrapWorkspace,
  out: ClusterBootstrapInterval,
): ClusterBootstrapInterval {
  const k = t.count;
  if (ws.indices.length !== k) ws.indices = new Int32Array(k);
  const indices = ws.indices;
  const means = ws.means;
  const resamples = means.length;
  let sum = 0;
  let sumSq = 0;
  for (let b = 0; b < resamples; b++) {
    sampleIndices(rng, k, indices);
    let total = 0;
    let items = 0;
    for (let j = 0; j < k; j++) {
      const g = indices[j];
      total += t.totals[g];
      items += t.sizes[g];
    }
    const mean = total / items;
    means[b] = mean;
    sum += mean;
    sumSq += mean * mean;
  }
  let total = 0;
  let items = 0;
  for (let g = 0; g < k; g++) {
    total += t.totals[g];
    items += t.sizes[g];
  }
  means.sort();
  const alpha = 1 - level;
  const centre = sum / resamples;
  const variance = resamples > 1 ? (sumSq - resamples * centre * centre) / (resamples - 1) : Number.NaN;
  out.estimate = total / items;
  out.se = Math.sqrt(Math.max(variance, 0));
  out.lower = sortedQuantile(means, alpha / 2);
  out.upper = sortedQuantile(means, 1 - alpha / 2);
  return out;
}
