/**
 * The four cluster bootstrap intervals of a mean — percentile, basic, studentized
 * (bootstrap-t) and BCa — from ONE set of B whole-cluster resamples (Davison & Hinkley
 * 1997, §5.2–5.3; Cameron, Gelbach & Miller 2008, the pairs cluster bootstrap), for
 * analyze's per-system score and per-pair difference:
 *
 *   resample b draws K cluster indices uniformly with replacement (samplers sampleIndices, in
 *   the stream's bulk form SeededStream.fillIndices: the same indices),
 *   ȳ*_b = Σ_j S_{i_bj} / Σ_j n_{i_bj}, se*_b its own CR1 SE (core clusterBootstrapReplicates);
 *   percentile [Q(α/2), Q(1 − α/2)];   basic [2ȳ − Q(1 − α/2), 2ȳ − Q(α/2)];
 *   studentized [ȳ − se·Q_z(1 − α/2), ȳ − se·Q_z(α/2)], z*_b = (ȳ*_b − ȳ)/se*_b, se the data's CR1 SE;
 *   BCa with the acceleration from the leave-one-cluster-out means (core clusterJackknifeMeans),
 *   â = Σ d_g³ / (6 (Σ d_g²)^{3/2}), d_g = mean(θ̂₋) − θ̂₋g (the grouped jackknife);
 *
 * How this BCa differs from `boot.ci`'s default: without `L`, boot.ci's bca.ci estimates the
 * empirical influence values by regressing the B replicates on the resampling frequencies
 * (`empinf(type = "reg")`), so its acceleration is a Monte Carlo estimate that moves with the
 * resamples; here it is the grouped jackknife's, a fixed function of the data (Efron &
 * Tibshirani 1993 §14.3, `empinf(type = "jack")` over clusters). The two agree to O(1/√B) and
 * exactly when boot.ci is given L = (K − 1)(mean(jack) − jack), as the fixture script does;
 *
 * every Q R's `boot.ci` quantile rule (core bootQuantile), so the four equal
 * `boot::boot.ci(type = c("perc", "basic", "stud", "bca"))` fed the same replicates (core's
 * endpoint functions are checked against it in packages/core/fixtures). Note: the study method
 * `clusterBootstrap` with `type: percentile` uses numpy's type-7 rule instead.
 *
 * Seeded: the stream is keyed by (seed, `key`) — analyze uses the system's name, or the pair's
 * two names — so an interval depends only on the seed and its own data, not on which other
 * systems are analysed or in what order. A type that cannot give an interval is null with its
 * reason in `skipped`, never NaN: every resample mean equal (all four); K < 3, a zero data SE
 * or fewer than two finite roots (studentized); no resample mean below the estimate, or all,
 * or equal jackknife means (BCa, where boot.ci stops with an error).
 */
import {
  bcaBiasCorrection,
  bootstrapBasicBounds,
  bootstrapBcaBounds,
  bootstrapPercentileBounds,
  bootstrapStudentizedBounds,
  bootstrapStudentizedRoots,
  type ClusterTotals,
  clusterBootstrapReplicates,
  clusterJackknifeMeans,
  cr1ClusteredVariance,
  createMarkedBounds,
  jackknifeAccelerationOf,
} from '@evalsim/core';
import { SeededStream } from '../rng/SeededStream.js';
import { streamSeed } from '../rng/streamSeed.js';
import type { SkippedMethod } from './systemSummary.js';

export interface Bounds {
  readonly lower: number;
  readonly upper: number;
}

export interface ClusterBootstrapSet {
  readonly seed: number;
  readonly resamples: number;
  /** S.d. of the B resample means (ddof 1). */
  readonly se: number;
  readonly percentile: Bounds | null;
  readonly basic: Bounds | null;
  readonly studentized: Bounds | null;
  readonly bca: Bounds | null;
}

/** Buffers reused across systems and pairs (B resamples, K clusters). */
export interface BootstrapScratch {
  readonly means: Float64Array;
  readonly ses: Float64Array;
  readonly roots: Float64Array;
  readonly indices: Int32Array;
  readonly jackknife: Float64Array;
  readonly stream: SeededStream;
}

export function createBootstrapScratch(resamples: number, clusters: number): BootstrapScratch {
  return {
    means: new Float64Array(resamples),
    ses: new Float64Array(resamples),
    roots: new Float64Array(resamples),
    indices: new Int32Array(clusters),
    jackknife: new Float64Array(clusters),
    stream: new SeededStream(0, 0),
  };
}

/** The stream key of a bootstrap labelled `key` under `seed` (exported for tests). */
export function bootstrapStreamKey(seed: number, key: string): number {
  return streamSeed(`${seed}/analyze/${key}`, 0);
}

const bounds = createMarkedBounds();
const take = (): Bounds => ({ lower: bounds.lower, upper: bounds.upper });

/**
 * The four intervals at `level` for the mean of `t` (K = t.count ≥ 2 clusters); reasons for
 * the types that cannot apply are pushed to `skipped` under `label`.
 */
export function clusterBootstrapSet(
  t: ClusterTotals,
  level: number,
  seed: number,
  key: string,
  label: string,
  scratch: BootstrapScratch,
  skipped: SkippedMethod[],
): ClusterBootstrapSet {
  const K = t.count;
  const { means, ses, roots, stream } = scratch;
  const B = means.length;
  const indices = scratch.indices.subarray(0, K);
  stream.reseed(bootstrapStreamKey(seed, key), 0);
  // The stream's bulk form of sampleIndices: the same indices, the state kept in locals.
  const draw = (out: Int32Array) => stream.fillIndices(out, out.length, K);
  clusterBootstrapReplicates(t, draw, indices, means, K >= 3 ? ses : null);
  let total = 0;
  let items = 0;
  for (let g = 0; g < K; g++) {
    total += t.totals[g];
    items += t.sizes[g];
  }
  const estimate = total / items;
  let sum = 0;
  let lowest = means[0];
  let highest = means[0];
  for (let b = 0; b < B; b++) {
    const m = means[b];
    sum += m;
    if (m < lowest) lowest = m;
    if (m > highest) highest = m;
  }
  const centre = sum / B;
  let squares = 0;
  for (let b = 0; b < B; b++) squares += (means[b] - centre) ** 2;
  const se = Math.sqrt(squares / (B - 1));
  const none = { seed, resamples: B, se, percentile: null, basic: null, studentized: null, bca: null };
  const skip = (types: string, reason: string) => skipped.push({ method: `${label} ${types}`, reason });
  if (lowest === highest) {
    skip(
      'percentile, basic, studentized, bca',
      `every resample has the same mean (${lowest}): every cluster has the same mean score`,
    );
    return none;
  }

  let studentized: Bounds | null = null;
  if (K < 3) {
    skip(
      'studentized',
      `bootstrap-t needs K ≥ 3 clusters (K = ${K}: a resample of one cluster drawn twice has no SE)`,
    );
  } else {
    const count = bootstrapStudentizedRoots(estimate, means, ses, roots);
    roots.sort();
    const se0 = Math.sqrt(cr1ClusteredVariance(t));
    bootstrapStudentizedBounds(estimate, se0, roots, count, level, bounds);
    if (!bounds.degenerate) studentized = take();
    else if (!(se0 > 0)) skip('studentized', 'the clustered SE of the data is 0');
    else skip('studentized', `only ${count} of ${B} resamples have a nonzero SE`);
  }
  means.sort();
  bootstrapPercentileBounds(means, B, level, bounds);
  const percentile = take();
  bootstrapBasicBounds(estimate, means, B, level, bounds);
  const basic = take();
  let bca: Bounds | null = null;
  const acceleration = jackknifeAccelerationOf(clusterJackknifeMeans(t, scratch.jackknife));
  const w = bcaBiasCorrection(estimate, means, B);
  if (!Number.isFinite(w)) {
    skip('bca', `${w > 0 ? 'every' : 'no'} resample mean is below the estimate (bias correction infinite)`);
  } else if (!Number.isFinite(acceleration)) {
    skip('bca', 'every leave-one-cluster-out mean is equal (acceleration undefined)');
  } else {
    bootstrapBcaBounds(estimate, means, B, acceleration, level, bounds);
    bca = take();
  }
  return { ...none, percentile, basic, studentized, bca };
}
