/**
 * The cluster bootstrap family for a mean accuracy: every type resamples whole clusters,
 * each resample's K cluster indices drawn uniformly from the analyser's stream by
 * `fillIndices` (the bulk form of `sampleIndices`: the same indices; so all types see the same
 * resamples for the same stream; the percentile type takes each resample's sums straight from
 * the stream's `fillIndexedSums`, the same indices fused with the summing). Option
 * `resamples` B (default 400, the article's count) and `type`:
 *
 *   percentile   (default) the α/2 and 1 − α/2 quantiles of the B resample means by the
 *                linear (type 7) rule — core clusterBootstrapInterval, unchanged;
 *   basic        [2ȳ − Q(1 − α/2), 2ȳ − Q(α/2)]                       (core bootstrapBasicBounds)
 *   studentized  bootstrap-t: [ȳ − se·Q_z(1 − α/2), ȳ − se·Q_z(α/2)], z*_b = (ȳ*_b − ȳ)/se*_b with
 *                se*_b each resample's own CR1 SE and se the data's   (core bootstrapStudentizedBounds)
 *   bca          bias-corrected and accelerated, the acceleration from the
 *                leave-one-cluster-out means (jackknife over clusters) (core bootstrapBcaBounds)
 *
 * where the last three use R boot.ci's quantile rule Q (normal-scale interpolation between
 * order statistics; core bootQuantile.ts), so with the same replicates they equal
 * boot.ci(type = "basic" | "stud" | "bca"). Replicates: core clusterBootstrapReplicates
 * (means and per-resample CR1 SEs) and clusterJackknifeMeans. Interval method: p-values NaN;
 * `se` is the s.d. of the B resample means for every type.
 * Degenerate: K < 2 (every field NaN but the estimate); a collapsed interval (e.g. every
 * cluster mean identical); and the endpoint's own flags (all replicates equal; for
 * studentized a zero data SE or fewer than two finite roots; for BCa no replicate below ȳ,
 * or all of them, or equal jackknife means).
 */
import {
  bootstrapBasicBounds,
  bootstrapBcaBounds,
  bootstrapStudentizedBounds,
  bootstrapStudentizedRoots,
  clusterBootstrapInterval,
  clusterBootstrapReplicates,
  clusterJackknifeMeans,
  cr1ClusteredVariance,
  createClusterBootstrapInterval,
  createClusterBootstrapWorkspace,
  createMarkedBounds,
  jackknifeAccelerationOf,
} from '@evalsim/core';
import {
  type ClusterTotalsView,
  createClusterTotalsView,
  meanOfClusteredScores,
  viewClusteredScores,
} from '../base/clusterTotalsView.js';
import type { ClusteredScores } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable, type MethodResult } from '../base/methodResult.js';
import type { RandomStream } from '../base/randomStream.js';
import type { Analyser } from '../base/roles.js';

const TYPES = ['percentile', 'basic', 'studentized', 'bca'] as const;
type BootstrapType = (typeof TYPES)[number];

/** The existing percentile interval (type-7 quantiles), byte for byte as before the other types. */
function percentileAnalyser(resamples: number, level: number): Analyser<ClusteredScores> {
  const view = createClusterTotalsView();
  const workspace = createClusterBootstrapWorkspace(resamples);
  const interval = createClusterBootstrapInterval();
  let stream: RandomStream | undefined;
  const draw = (indices: Int32Array) =>
    (stream as RandomStream).fillIndices(indices, indices.length, indices.length);
  const drawSums = (values: Int32Array, k: number, sums: Int32Array) =>
    (stream as RandomStream).fillIndexedSums(sums, sums.length, values, k, k);
  return (data, rng, out) => {
    if (data.clusterCount < 2) {
      fillUnanalysable(out, meanOfClusteredScores(data));
      return;
    }
    stream = rng;
    const totals = viewClusteredScores(data, view);
    clusterBootstrapInterval(totals, level, draw, workspace, interval, drawSums);
    out.estimate = interval.estimate;
    out.se = interval.se;
    out.lower = interval.lower;
    out.upper = interval.upper;
    clearPValues(out);
    out.degenerate = !(interval.upper > interval.lower);
  };
}

/** The s.d. (ddof 1) of the replicates, into out.se. */
function spreadInto(out: MethodResult, means: Float64Array): void {
  let sum = 0;
  for (let b = 0; b < means.length; b++) sum += means[b];
  const centre = sum / means.length;
  let squares = 0;
  for (let b = 0; b < means.length; b++) squares += (means[b] - centre) ** 2;
  out.se = Math.sqrt(squares / (means.length - 1));
}

/** Basic, studentized or BCa from the same resamples (allocation-free after the first replication of a cell). */
function replicateAnalyser(
  type: Exclude<BootstrapType, 'percentile'>,
  resamples: number,
  level: number,
): Analyser<ClusteredScores> {
  const view: ClusterTotalsView = createClusterTotalsView();
  const means = new Float64Array(resamples);
  const ses = type === 'studentized' ? new Float64Array(resamples) : null;
  const roots = new Float64Array(resamples);
  const slot = createMarkedBounds();
  let indices = new Int32Array(0);
  let jackknife = new Float64Array(0);
  let stream: RandomStream | undefined;
  const draw = (out: Int32Array) => (stream as RandomStream).fillIndices(out, out.length, out.length);
  return (data, rng, out) => {
    const k = data.clusterCount;
    const estimate = meanOfClusteredScores(data);
    if (k < 2) {
      fillUnanalysable(out, estimate);
      return;
    }
    if (indices.length !== k) indices = new Int32Array(k);
    stream = rng;
    const totals = viewClusteredScores(data, view);
    clusterBootstrapReplicates(totals, draw, indices, means, ses);
    spreadInto(out, means);
    if (type === 'studentized') {
      const count = bootstrapStudentizedRoots(estimate, means, ses as Float64Array, roots);
      roots.sort();
      const se0 = Math.sqrt(cr1ClusteredVariance(totals));
      bootstrapStudentizedBounds(estimate, se0, roots, count, level, slot);
    } else {
      means.sort();
      if (type === 'basic') {
        bootstrapBasicBounds(estimate, means, resamples, level, slot);
      } else {
        if (jackknife.length !== k) jackknife = new Float64Array(k);
        const acceleration = jackknifeAccelerationOf(clusterJackknifeMeans(totals, jackknife));
        bootstrapBcaBounds(estimate, means, resamples, acceleration, level, slot);
      }
    }
    out.estimate = estimate;
    out.lower = slot.lower;
    out.upper = slot.upper;
    clearPValues(out);
    out.degenerate = slot.degenerate || !(slot.upper > slot.lower);
  };
}

export const clusterBootstrap = defineMethod({
  name: 'clusterBootstrap',
  description:
    'Cluster bootstrap interval resampling whole clusters; type percentile (default) | basic | studentized (bootstrap-t, CR1 SE per resample) | bca (jackknife over clusters); resamples (default 400).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {
    resamples: { type: 'integer', min: 2, default: 400, description: 'Bootstrap resamples B.' },
    type: {
      type: 'choice',
      values: TYPES,
      default: 'percentile',
      description:
        "Interval: 'percentile' (type-7 quantiles), or boot.ci's 'basic', 'studentized' (bootstrap-t) or 'bca'.",
    },
  },
  create({ resamples, type }, { level }) {
    return type === 'percentile'
      ? percentileAnalyser(resamples, level)
      : replicateAnalyser(type, resamples, level);
  },
});
