/**
 * Intervals for pass@k / pass^k from many samples per question (data kind multiSampleCounts,
 * model passAtKSamples), all around the same estimate ĝ = mean_i ĝ_i of the questions'
 * unbiased estimates (methods/support/passAtKValues.ts):
 *
 *  - `passAtKNaive`: the naive binomial interval over all samples — the samples cut into
 *    N_k = Σ_i ⌊n_i/k⌋ disjoint groups of k treated as independent Bernoulli(ĝ) trials,
 *    ĝ ± z·√(ĝ(1 − ĝ)/N_k) (for pass@1, N_1 = every sample: the pooled SE Miller (2024) calls
 *    inconsistent, because samples of one question are not independent);
 *  - `passAtKQuestion`: the question-level interval ĝ ± c·s/√Q, s the ddof-1 s.d. of the ĝ_i
 *    (inspect_ai's `stderr()` over the reduced values), c = t_{Q−1} (default) or z;
 *  - `passAtKClustered`: the clustered CR1 interval over the questions' clusters,
 *    Var = K/(K − 1)·Σ_g (Σ_{i∈g} (ĝ_i − ĝ))²/Q², c = t_{K−1} (without clusters every question
 *    is its own cluster, which is the question-level variance);
 *  - `passAtKWilson`: Wilson's interval at the effective size n* = ĝ(1 − ĝ)/Var (the question-level
 *    or, with clusters, the CR1 variance; `variance: 'question'` the question-level always),
 *    Korn–Graubard's df factor (z/t_df)² applied
 *    (core kornGraubardEffectiveSize with the 'normal' adjustment): it stays inside [0, 1].
 * Degenerate: a zero variance (every question's estimate equal), fewer than 2 clusters.
 */
import {
  cr1ClusteredVariance,
  kornGraubardDfFactor,
  kornGraubardEffectiveSize,
  kornGraubardWilsonBounds,
  normalCritical,
} from '@evalsim/core';
import type { MultiSampleCounts } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, criticalValue, fillUnanalysable, type MethodResult } from '../base/methodResult.js';
import { createPassAtKValues, fillPassAtKValues, type PassAtKValues } from '../base/passAtKValues.js';

const ACCEPTS = ['multiSampleCounts'] as const;

/** ĝ and its question-level variance s²/Q. */
function questionVariance(values: Float64Array, Q: number, mean: number): number {
  let ss = 0;
  for (let i = 0; i < Q; i++) {
    const d = values[i] - mean;
    ss += d * d;
  }
  return ss / (Q - 1) / Q;
}

/** Cluster sums of residuals, for the CR1 variance (scratch grown as needed). */
interface ClusterScratch {
  sizes: Float64Array;
  totals: Float64Array;
  squares: Float64Array;
}

function createClusterScratch(): ClusterScratch {
  return { sizes: new Float64Array(0), totals: new Float64Array(0), squares: new Float64Array(0) };
}

/** The CR1 variance of ĝ over the data's clusters (each question its own without them); K in `count`. */
function clusteredVariance(
  data: MultiSampleCounts,
  values: Float64Array,
  w: ClusterScratch,
): { variance: number; count: number } {
  const Q = data.questionCount;
  const of = data.clusterOf;
  const K = of === null ? Q : data.clusterCount;
  if (w.sizes.length < K) {
    w.sizes = new Float64Array(K);
    w.totals = new Float64Array(K);
    w.squares = new Float64Array(K);
  }
  w.sizes.fill(0, 0, K);
  w.totals.fill(0, 0, K);
  for (let i = 0; i < Q; i++) {
    const g = of === null ? i : of[i];
    w.sizes[g] += 1;
    w.totals[g] += values[i];
  }
  let used = 0;
  // Drop empty clusters (a population draw fills every drawn cluster, so none is expected).
  for (let g = 0; g < K; g++) {
    if (w.sizes[g] === 0) continue;
    w.sizes[used] = w.sizes[g];
    w.totals[used] = w.totals[g];
    used++;
  }
  if (used < 2) return { variance: Number.NaN, count: used };
  return {
    variance: cr1ClusteredVariance({ count: used, sizes: w.sizes, totals: w.totals, sumSquares: w.squares }),
    count: used,
  };
}

function finish(out: MethodResult, mean: number, se: number, c: number): void {
  out.estimate = mean;
  out.se = se;
  out.lower = mean - c * se;
  out.upper = mean + c * se;
  clearPValues(out);
  out.degenerate = !(se > 0);
}

export const passAtKNaive = defineMethod({
  name: 'passAtKNaive',
  description:
    'Naive binomial interval for pass@k / pass^k over all samples: ĝ ± z√(ĝ(1 − ĝ)/N_k), N_k = Σ⌊n_i/k⌋ disjoint groups of k.',
  kind: 'interval',
  accepts: ACCEPTS,
  options: {},
  create(_options, { level }) {
    const w: PassAtKValues = createPassAtKValues();
    const z = normalCritical(level);
    return (data, _rng, out) => {
      const mean = fillPassAtKValues(data, w);
      let groups = 0;
      for (let i = 0; i < data.questionCount; i++) groups += Math.floor(data.samples[i] / data.k);
      finish(out, mean, Math.sqrt((mean * (1 - mean)) / groups), z);
    };
  },
});

export const passAtKQuestion = defineMethod({
  name: 'passAtKQuestion',
  description:
    'Question-level interval for pass@k / pass^k: ĝ ± c·s/√Q over the per-question estimates; c = t(Q−1) (default) or z.',
  kind: 'interval',
  accepts: ACCEPTS,
  options: {
    critical: {
      type: 'choice',
      values: ['t', 'z'],
      default: 't',
      description: 'Critical value: t_{Q−1} (default) or z.',
    },
  },
  create({ critical }, { level }) {
    const w = createPassAtKValues();
    let cachedQ = -1;
    let c = Number.NaN;
    return (data, _rng, out) => {
      const Q = data.questionCount;
      const mean = fillPassAtKValues(data, w);
      if (Q !== cachedQ) {
        cachedQ = Q;
        c = criticalValue(level, critical === 't' ? Q - 1 : Number.POSITIVE_INFINITY);
      }
      finish(out, mean, Math.sqrt(questionVariance(w.values, Q, mean)), c);
    };
  },
});

export const passAtKClustered = defineMethod({
  name: 'passAtKClustered',
  description:
    'Clustered CR1 interval for pass@k / pass^k over the questions’ clusters, t(K−1) (each question its own cluster without clusters).',
  kind: 'interval',
  accepts: ACCEPTS,
  options: {},
  create(_options, { level }) {
    const w = createPassAtKValues();
    const scratch = createClusterScratch();
    let cachedK = -1;
    let c = Number.NaN;
    return (data, _rng, out) => {
      const mean = fillPassAtKValues(data, w);
      const { variance, count } = clusteredVariance(data, w.values, scratch);
      if (count < 2) {
        fillUnanalysable(out, mean);
        return;
      }
      if (count !== cachedK) {
        cachedK = count;
        c = criticalValue(level, count - 1);
      }
      finish(out, mean, Math.sqrt(variance), c);
    };
  },
});

export const passAtKWilson = defineMethod({
  name: 'passAtKWilson',
  description:
    'Wilson interval for pass@k / pass^k at the effective size ĝ(1 − ĝ)/Var (question-level, or CR1 with clusters) with Korn–Graubard’s (z/t_df)² factor.',
  kind: 'interval',
  accepts: ACCEPTS,
  options: {
    variance: {
      type: 'choice',
      values: ['auto', 'question'],
      default: 'auto',
      description:
        "The variance behind n*: 'auto' = CR1 over the clusters when the data have them, else question-level; 'question' = question-level always.",
    },
  },
  create({ variance: which }, { level }) {
    const w = createPassAtKValues();
    const scratch = createClusterScratch();
    const size = { effectiveN: 0, degenerate: false };
    const bounds = { lower: 0, upper: 0, degenerate: false };
    const z = normalCritical(level);
    let cachedQ = -1;
    let cachedDf = -1;
    let factor = 1;
    return (data, _rng, out) => {
      const Q = data.questionCount;
      const mean = fillPassAtKValues(data, w);
      let variance: number;
      let df: number;
      if (data.clusterOf !== null && which === 'auto') {
        const v = clusteredVariance(data, w.values, scratch);
        if (v.count < 2) {
          fillUnanalysable(out, mean);
          return;
        }
        variance = v.variance;
        df = v.count - 1;
      } else {
        variance = questionVariance(w.values, Q, mean);
        df = Q - 1;
      }
      if (Q !== cachedQ || df !== cachedDf) {
        cachedQ = Q;
        cachedDf = df;
        factor = kornGraubardDfFactor(Q, df, level, 'normal');
      }
      kornGraubardEffectiveSize(mean, Q, variance, factor, size);
      kornGraubardWilsonBounds(mean, size.effectiveN, z, bounds);
      out.estimate = mean;
      out.se = Math.sqrt(variance);
      out.lower = bounds.lower;
      out.upper = bounds.upper;
      clearPValues(out);
      out.degenerate = size.degenerate;
    };
  },
});
