/**
 * Cluster sizes of a clustered model, from one of four specifications:
 *   - `m` + `clusters`: K = clusters clusters of m items;
 *   - `items` + `m`: N = items, K = N / m (m must divide N);
 *   - `sizes`: an explicit list n_1 … n_K;
 *   - `m` + `clusters` + `sizeCV`: K unequal sizes with mean m and coefficient of variation ≈ sizeCV.
 *
 * At most MAX_ARRAY_LENGTH clusters and MAX_ITEMS items per replication (base/limits.ts).
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
import { ConfigError } from '../../base/errors.js';
import { MAX_ARRAY_LENGTH, MAX_ITEMS } from '../../base/limits.js';

/** Resolved cluster layout. */
export interface ClusterLayout {
  readonly sizes: Float64Array;
  readonly clusterCount: number;
  readonly itemCount: number;
}

/** The layout parameters, declared for the models that take them (checked before parseClusterLayout). */
export const CLUSTER_LAYOUT_PARAMS = {
  m: {
    type: 'integer',
    min: 1,
    max: MAX_ITEMS,
    description: 'Items per cluster (the mean size with sizeCV).',
  },
  clusters: { type: 'integer', min: 1, max: MAX_ARRAY_LENGTH, description: 'Number of clusters K (with m).' },
  items: { type: 'integer', min: 1, max: MAX_ITEMS, description: 'Total items N (with m; K = N/m).' },
  sizes: {
    type: 'integers',
    min: 1,
    max: MAX_ITEMS,
    description: 'Explicit cluster sizes n_1 … n_K (instead of m).',
  },
  sizeCV: {
    type: 'number',
    min: 0,
    description: 'Coefficient of variation of unequal sizes (with m and clusters; log-normal mid-quantiles).',
  },
} as const;

/** Checked layout parameters (any may be absent). */
export interface ClusterLayoutParams {
  readonly m: number | undefined;
  readonly clusters: number | undefined;
  readonly items: number | undefined;
  readonly sizes: readonly number[] | undefined;
  readonly sizeCV: number | undefined;
}

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
 * The cluster layout from its checked parameters (see the module comment for the four
 * forms). Throws ConfigError naming the parameter when the combination is incomplete or
 * contradictory.
 */
export function parseClusterLayout(params: ClusterLayoutParams): ClusterLayout {
  let sizes: Float64Array;
  if (params.sizes !== undefined) {
    for (const other of ['m', 'clusters', 'items', 'sizeCV'] as const) {
      if (params[other] !== undefined) {
        throw new ConfigError(other, params[other], 'absent when "sizes" is given (sizes fixes the layout)');
      }
    }
    sizes = Float64Array.from(params.sizes);
  } else {
    const { m, items, clusters: given, sizeCV } = params;
    if (m === undefined) throw new ConfigError('m', `is required; allowed: an integer ≥ 1 (or give "sizes")`);
    if (items !== undefined && given !== undefined) {
      throw new ConfigError('items', items, 'absent when both "m" and "clusters" are given');
    }
    let clusters: number;
    if (items !== undefined) {
      if (items % m !== 0) throw new ConfigError('items', items, `a multiple of m = ${m} (K = items / m)`);
      clusters = items / m;
    } else if (given !== undefined) {
      clusters = given;
    } else {
      throw new ConfigError(
        'clusters',
        undefined,
        'an integer ≥ 1 (or give "items", or "sizes" instead of "m")',
      );
    }
    if (sizeCV !== undefined && items !== undefined)
      throw new ConfigError('sizeCV', sizeCV, 'used with "m" and "clusters", not "items"');
    sizes = lognormalQuantileSizes(clusters, m, sizeCV ?? 0);
  }
  let itemCount = 0;
  for (let k = 0; k < sizes.length; k++) itemCount += sizes[k];
  if (itemCount > MAX_ITEMS) {
    const field = params.sizes !== undefined ? 'sizes' : 'm';
    throw new ConfigError(
      field,
      `gives ${itemCount.toLocaleString('en-US')} items per replication; allowed: at most ${MAX_ITEMS.toLocaleString('en-US')}`,
    );
  }
  return { sizes, clusterCount: sizes.length, itemCount };
}
