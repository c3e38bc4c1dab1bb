/**
 * Percentile cluster bootstrap interval for a mean (Efron & Tibshirani 1993 §13.3;
 * Field & Welsh 2007, "Bootstrapping clustered data", the cluster/"case" bootstrap;
 * Cameron, Gelbach & Miller 2008 §3.1 "pairs cluster bootstrap"): each of B resamples
 * draws K clusters with replacement (whole clusters, with their sizes) and records
 *
 *   ȳ*_b = Σ_j S_{i_bj} / Σ_j n_{i_bj},   i_bj ∈ {0 … K−1} the j-th cluster drawn,
 *
 * the interval is the α/2 and 1 − α/2 sample quantiles of the B means by the linear rule
 * of {@link percentileOfSorted} (Hyndman & Fan 1996 type 7, numpy's and R's default; found by
 * selection, {@link percentilePairOfUnsorted}: the same values without sorting), and
 * `se` is the s.d. of the B means (ddof = 1). The estimate is ȳ = ΣS/Σn of the data.
 *
 * With integer totals and sizes (0/1 scores) each resample's sums are exact, so they are
 * formed by four running sums (the same numbers, fewer stalls); and when the caller also gives
 * `drawSums` (its draws fused with the summing, e.g. over the generator's state) and the totals
 * and sizes pack into one int32 per cluster (packedClusterTotals.ts), one `drawSums` call gives
 * every resample's two sums at once — the same indices, so the same numbers. When moreover
 * every cluster has the same size n, every resample has K·n items, so its mean is increasing in
 * its integer total: the percentiles are read from a histogram of the totals (a counting sort;
 * {@link percentileOfHistogram} dividing the order statistics by K·n, the same doubles).
 * Randomness is the caller's: `draw(out)` fills one resample's K cluster indices (the sim
 * adapter draws them uniformly from its seeded stream). Allocation-free: indices go to an
 * Int32Array workspace, means to a Float64Array reordered in place.
 * Reference: fixtures/scripts/clusterBootstrap.py (numpy, fed the same indices) and
 * clusterBootstrap.R (R `boot`: its resample indices and replicates).
 */
import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { pow } from '../math/pow.js';
import { assertInteger, assertLevel } from '../validate.js';
import { packClusterTotals } from './packedClusterTotals.js';
import { percentileOfHistogram, percentilePairOfUnsorted } from './percentile.js';

/** Fills `out` (length K) with one resample's cluster indices, each in [0, K). */
export type DrawClusterIndices = (out: Int32Array) => void;

/**
 * Draws out.length resamples of K cluster indices i_1 … i_K each — the ones successive
 * {@link DrawClusterIndices} calls would fill, consuming the same randomness — and sets out[b] to
 * resample b's Σ_j values[i_j], summed in 32-bit integers (the caller's values keep every partial
 * sum a non-negative int32).
 */
export type DrawClusterSums = (values: Int32Array, k: number, out: Int32Array) => void;

/** Reusable buffers of {@link clusterBootstrapInterval}. */
export interface ClusterBootstrapWorkspace {
  /** Resampled cluster indices (length K; reallocated only when K changes). */
  indices: Int32Array;
  /** Totals and sizes packed one int32 per cluster (packedClusterTotals.ts; length K). */
  packed: Int32Array;
  /** Each resample's packed sum (length B). */
  readonly sums: Int32Array;
  /** Histogram of the resample totals (equal cluster sizes; grows to K·max S + 1 bins). */
  counts: Int32Array;
  /** Bootstrap means (length B); after a call in draw order or as the percentile selection left them. */
  readonly means: Float64Array;
}

/** Buffers for B = `resamples` (≥ 2) resamples. */
export function createClusterBootstrapWorkspace(resamples: number): ClusterBootstrapWorkspace {
  assertInteger('resamples', resamples, 2);
  return {
    indices: new Int32Array(0),
    packed: new Int32Array(0),
    sums: new Int32Array(resamples),
    counts: new Int32Array(0),
    means: new Float64Array(resamples),
  };
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

/** Largest |value| summed by {@link integerSum}: K ≤ 2³¹ terms below 2²¹ stay below 2⁵². */
const INTEGER_SUM_MAX = 2097152;

/**
 * True when every total and size is an integer of magnitude < 2²¹, so that any sum of K of them
 * is exact in a double and its order does not matter.
 */
function integerTotals(t: ClusterTotals): boolean {
  for (let g = 0; g < t.count; g++) {
    const total = t.totals[g];
    const size = t.sizes[g];
    if (!(Number.isInteger(total) && Number.isInteger(size))) return false;
    if (!(Math.abs(total) < INTEGER_SUM_MAX && Math.abs(size) < INTEGER_SUM_MAX)) return false;
  }
  return true;
}

/** Most bins of the resample-total histogram; beyond it the means are selected instead. */
const HISTOGRAM_MAX_BINS = 65536;

/**
 * K·max S + 1, the number of possible resample totals, when every cluster has the same size
 * n > 0 (so every resample has K·n items); else 0. For packed totals (non-negative integers).
 */
function totalHistogramBins(t: ClusterTotals): number {
  const size = t.sizes[0];
  let maxTotal = 0;
  for (let g = 0; g < t.count; g++) {
    if (t.sizes[g] !== size) return 0;
    if (t.totals[g] > maxTotal) maxTotal = t.totals[g];
  }
  return size > 0 ? t.count * maxTotal + 1 : 0;
}

/**
 * Σ_j values[indices[j]] for integer values (exact, so equal to the sum in index order) by four
 * running sums, which do not wait on each other.
 */
function integerSum(values: ArrayLike<number>, indices: Int32Array, k: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < k; j += 4) {
    s0 += values[indices[j]];
    s1 += values[indices[j + 1]];
    s2 += values[indices[j + 2]];
    s3 += values[indices[j + 3]];
  }
  for (; j < k; j++) s0 += values[indices[j]];
  return s0 + s1 + (s2 + s3);
}

/**
 * Fills `out` with the percentile cluster bootstrap interval at `level` from
 * `ws.means.length` resamples, each drawn by `draw`, or all by `drawSums` when it is given and
 * the totals pack (module comment; the same resamples either way). Needs K ≥ 1 clusters.
 */
export function clusterBootstrapInterval(
  t: ClusterTotals,
  level: number,
  draw: DrawClusterIndices,
  ws: ClusterBootstrapWorkspace,
  out: ClusterBootstrapInterval,
  drawSums?: DrawClusterSums,
): ClusterBootstrapInterval {
  const k = t.count;
  assertInteger('t.count', k, 1);
  assertLevel(level);
  if (ws.indices.length !== k) {
    ws.indices = new Int32Array(k);
    ws.packed = new Int32Array(k);
  }
  const indices = ws.indices;
  const packed = ws.packed;
  const means = ws.means;
  const resamples = means.length;
  const shift = drawSums === undefined ? -1 : packClusterTotals(t, packed);
  if (shift >= 0) (drawSums as DrawClusterSums)(packed, k, ws.sums);
  const sizeMask = pow(2, Math.max(shift, 0)) - 1;
  const integral = shift < 0 && integerTotals(t);
  const bins = shift >= 0 ? totalHistogramBins(t) : 0;
  const byHistogram = bins > 0 && bins <= HISTOGRAM_MAX_BINS;
  if (byHistogram) {
    if (ws.counts.length < bins) ws.counts = new Int32Array(bins);
    ws.counts.fill(0, 0, bins);
  }
  const counts = ws.counts;
  let sum = 0;
  let sumSq = 0;
  for (let b = 0; b < resamples; b++) {
    let total = 0;
    let items = 0;
    if (shift >= 0) {
      const sums = ws.sums[b];
      total = sums >>> shift;
      items = sums & sizeMask;
      if (byHistogram) counts[total]++;
    } else {
      draw(indices);
      if (integral) {
        total = integerSum(t.totals, indices, k);
        items = integerSum(t.sizes, indices, k);
      } else {
        for (let j = 0; j < k; j++) {
          const g = indices[j];
          total += t.totals[g];
          items += t.sizes[g];
        }
      }
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
  const alpha = 1 - level;
  const centre = sum / resamples;
  const variance = (sumSq - resamples * centre * centre) / (resamples - 1);
  out.estimate = total / items;
  out.se = Math.sqrt(Math.max(variance, 0));
  if (byHistogram) {
    const resampleItems = k * t.sizes[0];
    out.lower = percentileOfHistogram(counts, bins, resamples, alpha / 2, resampleItems);
    out.upper = percentileOfHistogram(counts, bins, resamples, 1 - alpha / 2, resampleItems);
  } else {
    percentilePairOfUnsorted(means, alpha / 2, 1 - alpha / 2, out);
  }
  return out;
}
