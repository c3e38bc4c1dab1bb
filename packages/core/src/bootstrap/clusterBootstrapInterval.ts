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
 * `drawSum` (its draws fused with the summing, e.g. over the generator's state) and the totals
 * and sizes pack into one int32 per cluster (packedClusterTotals.ts), each resample is one
 * `drawSum` call returning both sums at once — the same indices, so the same numbers.
 * Randomness is the caller's: `draw(out)` fills one resample's K cluster indices (the sim
 * adapter draws them uniformly from its seeded stream). Allocation-free: indices go to an
 * Int32Array workspace, means to a Float64Array reordered in place.
 * Reference: fixtures/scripts/clusterBootstrap.py (numpy, fed the same indices) and
 * clusterBootstrap.R (R `boot`: its resample indices and replicates).
 */
import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { assertInteger, assertLevel } from '../validate.js';
import { packClusterTotals } from './packedClusterTotals.js';
import { percentilePairOfUnsorted } from './percentile.js';

/** Fills `out` (length K) with one resample's cluster indices, each in [0, K). */
export type DrawClusterIndices = (out: Int32Array) => void;

/**
 * Draws one resample's K cluster indices i_1 … i_K — the ones {@link DrawClusterIndices} would
 * fill next, consuming the same randomness — and returns Σ_j values[i_j] summed in 32-bit
 * integers (the caller's values keep every partial sum a non-negative int32).
 */
export type DrawClusterSum = (values: Int32Array, k: number) => number;

/** Reusable buffers of {@link clusterBootstrapInterval}. */
export interface ClusterBootstrapWorkspace {
  /** Resampled cluster indices (length K; reallocated only when K changes). */
  indices: Int32Array;
  /** Totals and sizes packed one int32 per cluster (packedClusterTotals.ts; length K). */
  packed: Int32Array;
  /** Bootstrap means (length B); after a call in the order the percentile selection left them. */
  readonly means: Float64Array;
}

/** Buffers for B = `resamples` (≥ 2) resamples. */
export function createClusterBootstrapWorkspace(resamples: number): ClusterBootstrapWorkspace {
  assertInteger('resamples', resamples, 2);
  return { indices: new Int32Array(0), packed: new Int32Array(0), means: new Float64Array(resamples) };
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
 * `ws.means.length` resamples, each drawn by `draw`, or by `drawSum` when it is given and the
 * totals pack (module comment; the same resamples either way). Needs K ≥ 1 clusters.
 */
export function clusterBootstrapInterval(
  t: ClusterTotals,
  level: number,
  draw: DrawClusterIndices,
  ws: ClusterBootstrapWorkspace,
  out: ClusterBootstrapInterval,
  drawSum?: DrawClusterSum,
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
  const shift = drawSum === undefined ? -1 : packClusterTotals(t, packed);
  const sizeMask = 2 ** Math.max(shift, 0) - 1;
  const integral = shift < 0 && integerTotals(t);
  let sum = 0;
  let sumSq = 0;
  for (let b = 0; b < resamples; b++) {
    let total = 0;
    let items = 0;
    if (shift >= 0) {
      const sums = (drawSum as DrawClusterSum)(packed, k);
      total = sums >>> shift;
      items = sums & sizeMask;
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
  percentilePairOfUnsorted(means, alpha / 2, 1 - alpha / 2, out);
  return out;
}
