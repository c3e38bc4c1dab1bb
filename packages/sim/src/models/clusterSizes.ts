/**
 * Cluster sizes of a clustered model, from one of four specifications:
 *   - `m` + `clusters`: K = clusters clusters of m items;
 *   - `items` + `m`: N = items, K = N / m (m must divide N);
 *   - `sizes`: an explicit list n_1 … n_K;
 *   - `m` + `clusters` + `sizeCV`: K unequal sizes with mean m and coefficient of variation ≈ sizeCV.
 *
 * Unequal sizes are deterministic (no randomness, identical in every replication and
 * every cell with the same parameters): n_k ∝ exp(σ·z_k − σ²/2) with σ² = ln(1 + CV²) and
 * z_k = Φ⁻¹((k − ½)/K), i.e. the K mid-quantiles of a log-normal with mean 1 and the
 * requested CV, scaled to total K·m and rounded to integers ≥ 1 by largest remainder
 * (so Σ n_k = K·m exactly). Rounding and the finite quantile grid make the realised CV
 * differ slightly from the target; `sizeCoefficientOfVariation` reports the realised one,
 * which is what the design-effect approximation 1 + [(1 + CV²)·m̄ − 1]·ρ (Kish 1965;
 * Eldridge, Ashby & Kerry 2006) should use.
 */
import { normalQuantile } from '@evalsim/core';
import type { CellParams } from '../types.js';
import { hasParam, rejectParam, requireNumber, requireNumberList } from './readParams.js';

/** Resolved cluster layout. */
export interface ClusterLayout {
  readonly sizes: Float64Array;
  readonly clusterCount: number;
  readonly itemCount: number;
}

const SIZE_RULE = { min: 1, integer: true } as const;

/** K mid-quantile log-normal sizes with mean `m` and CV ≈ `cv`, integers ≥ 1 summing to K·m. */
export function lognormalQuantileSizes(clusters: number, m: number, cv: number): Float64Array {
  const sizes = new Float64Array(clusters);
  const total = clusters * m;
  if (cv === 0 || clusters === 1 || m === 1) {
    sizes.fill(m);
    return sizes;
  }
  const sigma = Math.sqrt(Math.log1p(cv * cv));
  const raw = new Float64Array(clusters);
  let rawSum = 0;
  for (let k = 0; k < clusters; k++) {
    raw[k] = Math.exp(sigma * normalQuantile((k + 0.5) / clusters) - (sigma * sigma) / 2);
    rawSum += raw[k];
  }
  // Every cluster first gets 1 item; the remaining total − K items are shared in
  // proportion to max(0, target − 1) by largest remainder.
  const spare = total - clusters;
  let weightSum = 0;
  for (let k = 0; k < clusters; k++) {
    raw[k] = Math.max(0, (raw[k] * total) / rawSum - 1);
    weightSum += raw[k];
  }
  let assigned = 0;
  const remainders = new Float64Array(clusters);
  for (let k = 0; k < clusters; k++) {
    const share = (raw[k] * spare) / weightSum;
    const whole = Math.floor(share);
    sizes[k] = 1 + whole;
    remainders[k] = share - whole;
    assigned += whole;
  }
  const order = Array.from({ length: clusters }, (_, k) => k).sort(
    (i, j) => remainders[j] - remainders[i] || j - i,
  );
  for (let r = 0; r < spare - assigned; r++) sizes[order[r]] += 1;
  return sizes;
}

/** Realised coefficient of variation (population s.d. / mean) of the first `count` sizes; allocation-free. */
export function sizeCoefficientOfVariation(sizes: ArrayLike<number>, count: number = sizes.length): number {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += sizes[i];
  const mean = sum / count;
  let ss = 0;
  for (let i = 0; i < count; i++) ss += (sizes[i] - mean) ** 2;
  return Math.sqrt(ss / count) / mean;
}

/**
 * Reads the cluster layout from `params` (see the module comment for the four forms).
 * Throws ConfigError naming the parameter when the combination is incomplete or contradictory.
 */
export function parseClusterLayout(params: CellParams): ClusterLayout {
  const hasSizes = hasParam(params, 'sizes');
  const hasClusters = hasParam(params, 'clusters');
  const hasItems = hasParam(params, 'items');
  const hasCv = hasParam(params, 'sizeCV');
  let sizes: Float64Array;
  if (hasSizes) {
    for (const other of ['m', 'clusters', 'items', 'sizeCV']) {
      if (hasParam(params, other)) {
        rejectParam(other, params[other], 'absent when "sizes" is given (sizes fixes the layout)');
      }
    }
    sizes = Float64Array.from(requireNumberList(params, 'sizes', SIZE_RULE));
  } else {
    const m = requireNumber(params, 'm', SIZE_RULE);
    if (hasItems && hasClusters) {
      rejectParam('items', params.items, 'absent when both "m" and "clusters" are given');
    }
    let clusters: number;
    if (hasItems) {
      const items = requireNumber(params, 'items', SIZE_RULE);
      if (items % m !== 0) rejectParam('items', items, `a multiple of m = ${m} (K = items / m)`);
      clusters = items / m;
    } else if (hasClusters) {
      clusters = requireNumber(params, 'clusters', SIZE_RULE);
    } else {
      rejectParam('clusters', undefined, 'an integer ≥ 1 (or give "items", or "sizes" instead of "m")');
    }
    const cv = hasCv ? requireNumber(params, 'sizeCV', { min: 0 }) : 0;
    if (hasCv && hasItems) rejectParam('sizeCV', cv, 'used with "m" and "clusters", not "items"');
    sizes = lognormalQuantileSizes(clusters, m, cv);
  }
  let itemCount = 0;
  for (let k = 0; k < sizes.length; k++) itemCount += sizes[k];
  return { sizes, clusterCount: sizes.length, itemCount };
}
