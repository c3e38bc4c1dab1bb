/**
 * `analyzeMultiSample(matrix, options)`: many samples per question — epochs, trials, repeats,
 * runs — as one plain object (no I/O, no presentation; `evalsim analyze` renders it beside
 * `analyzeEval`'s report). Per system:
 *
 *  - pass@k for each k (Chen et al. 2021's unbiased 1 − C(n−c, k)/C(n, k) per question, averaged),
 *    pass^k (C(c, k)/C(n, k), tau-bench's convention; `passHat: 'plugin'` reports (c/n)^k instead,
 *    named), maj@k where the eval has discrete answers (core majorityAtK: plurality over k-subsets,
 *    ties split), avg@n (the mean score over every sample of a question, averaged) — each with
 *    its question-level SE, the CR1 SE with clusters and every interval of valueIntervals.ts,
 *    the recommended one first;
 *  - the flip rate: the share of questions (with ≥ 2 samples) whose samples disagree (some pass,
 *    some fail);
 *  - Miller's within/between split of the pass/fail samples (core varianceComponents on (c, n));
 *  - "two single runs must differ by at least X": X = z √(2 Σ_i s²_i)/Q (core runToRunDifference),
 *    s²_i the question's unbiased within-sample variance.
 * Per pair (every pair, or each system against `baseline`): the paired difference of pass@k and
 * pass^k for each k, question-level or CR1 (clusters) SE, t interval and two-sided t-test,
 * Holm-adjusted across the pairs of each measure and k.
 *
 * Samples per question may differ (each question's estimate uses its own n). A k larger than a
 * question's samples: `tooFewSamples: 'refuse'` (default) throws, naming how many questions and
 * the smallest n; `'exclude'` drops those questions for that k (for every system, so pairs stay
 * paired) and counts them. One sample per question: k > 1 is refused (pass@k needs k samples).
 */
import {
  betaBinomialPassAtKInterval,
  createMajorityScratch,
  holm,
  majorityAtKValue,
  passAtKValue,
  passHatKValue,
  passPowerKValue,
  runToRunDifference,
  tCritical,
  tSf,
  varianceComponents,
} from '@evalsim/core';
import type { EvalMatrix } from '../../evals/evalMatrix.js';
import { type ClusterLayout, clusterLayout } from '../clusterLayout.js';
import {
  type MultiSampleOptions,
  POSTERIOR_AUTO_SYSTEMS,
  type ResolvedMultiSampleOptions,
  resolveMultiSampleOptions,
} from './multiSampleOptions.js';
import { type SampleCounts, sampleCounts } from './sampleCounts.js';
import { type ValueInterval, type ValueSummary, valueSummary } from './valueIntervals.js';

export type MultiSampleMeasure = 'pass@k' | 'pass^k' | 'maj@k' | 'avg@n';

export interface MultiSampleEstimate extends ValueSummary {
  readonly measure: MultiSampleMeasure;
  /** k (null for avg@n). */
  readonly k: number | null;
  /** The estimator, in words, with its source. */
  readonly convention: string;
  readonly questions: number;
  /** Questions left out for this k (fewer than k samples for some system). */
  readonly excluded: number;
  /** The recommended interval (named) — the first number to read. */
  readonly recommended: { readonly method: string; readonly lower: number; readonly upper: number };
  /** Why the recommended interval should not be trusted here, or null. */
  readonly caution: string | null;
}

export interface MultiSampleSystem {
  readonly system: string;
  readonly estimates: readonly MultiSampleEstimate[];
  /** Questions with ≥ 2 samples whose samples disagree, of those with ≥ 2. */
  readonly flip: { readonly rate: number; readonly flipping: number; readonly questions: number } | null;
  /** Miller's split of the pass/fail samples (questions with ≥ 2 samples). */
  readonly variance: {
    readonly between: number;
    readonly within: number;
    readonly samplingShare: number;
    readonly betweenTruncated: boolean;
  } | null;
  /** Two independent single-sample runs on these questions differ by more than `bound` with probability 1 − level. */
  readonly runToRun: { readonly sd: number; readonly bound: number; readonly formula: string } | null;
}

export interface MultiSamplePair {
  readonly first: string;
  readonly second: string;
  readonly measure: 'pass@k' | 'pass^k';
  readonly k: number;
  readonly questions: number;
  /** first − second. */
  readonly difference: number;
  readonly se: number;
  readonly df: number;
  readonly lower: number;
  readonly upper: number;
  readonly pValue: number;
  readonly holmPValue: number;
  /** What the SE is: question-level or clustered CR1. */
  readonly basis: string;
}

export interface MultiSampleAnalysis {
  readonly task: string;
  readonly metric: string;
  readonly questions: number;
  readonly clusters: number;
  readonly samples: { readonly min: number; readonly max: number; readonly equal: boolean };
  readonly passRule: string;
  readonly k: readonly number[];
  readonly options: ResolvedMultiSampleOptions;
  readonly systems: readonly MultiSampleSystem[];
  readonly pairs: readonly MultiSamplePair[];
  readonly warnings: readonly string[];
  /** What was not computed, and why. */
  readonly skipped: readonly string[];
}

const CONVENTIONS: Record<MultiSampleMeasure, string> = {
  'pass@k': 'Chen et al. 2021 unbiased: mean over questions of 1 − C(n−c, k)/C(n, k)',
  'pass^k': 'tau-bench: mean over questions of C(c, k)/C(n, k) (unbiased for p^k)',
  'maj@k':
    'plurality vote over every k-subset of the samples, ties split (unbiased for the maj@k of k fresh samples)',
  'avg@n': 'mean over questions of the mean score of all n samples',
};
const PLUGIN = 'plug-in: mean over questions of (c/n)^k (biased upward for k ≥ 2)';

/** The default k: 1, and 5 and 10 when every question has that many samples. */
function defaultK(min: number): number[] {
  return [1, 5, 10].filter((k) => k === 1 || k <= min);
}

interface Context {
  readonly matrix: EvalMatrix;
  readonly counts: SampleCounts;
  readonly layout: ClusterLayout;
  readonly options: ResolvedMultiSampleOptions;
  /** The posterior: never, only where the headline is flagged, or for every pass@k / pass^k. */
  readonly posterior: 'off' | 'flagged' | 'all';
  /** Every score lies in [0, 1] (avg@n is then a proportion). */
  readonly unitScores: boolean;
  /** Per-question pass@k / pass^k values by `${system}/${measure}/${k}`, shared by the summaries and the pairs. */
  readonly values: Map<string, Float64Array>;
  /** ĝ(c) for c = 0 … n by `${measure}/${n}/${k}`. */
  readonly tables: Map<string, Float64Array>;
}

/** Questions every system has ≥ k samples of. */
function keptQuestions(matrix: EvalMatrix, counts: SampleCounts, k: number): Int32Array {
  const S = matrix.systems.length;
  const Q = matrix.questions.length;
  const kept: number[] = [];
  for (let q = 0; q < Q; q++) {
    let ok = true;
    for (let s = 0; s < S && ok; s++) ok = counts.samples[s * Q + q] >= k;
    if (ok) kept.push(q);
  }
  return Int32Array.from(kept);
}

/** ĝ(c), c = 0 … n, of `measure` at k (the estimator tabulated once per n). */
function table(ctx: Context, measure: 'pass@k' | 'pass^k', n: number, k: number): Float64Array {
  const key = `${measure}/${n}/${k}`;
  let t = ctx.tables.get(key);
  if (!t) {
    const plugin = ctx.options.passHat === 'plugin';
    t = new Float64Array(n + 1);
    for (let c = 0; c <= n; c++) {
      t[c] =
        measure === 'pass@k'
          ? passAtKValue(n, c, k)
          : plugin
            ? passPowerKValue(n, c, k)
            : passHatKValue(n, c, k);
    }
    ctx.tables.set(key, t);
  }
  return t;
}

/** System s's per-question estimates of `measure` at k over the kept questions (cached). */
function passValues(
  ctx: Context,
  s: number,
  measure: 'pass@k' | 'pass^k',
  k: number,
  kept: Int32Array,
): Float64Array {
  const key = `${s}/${measure}/${k}`;
  let out = ctx.values.get(key);
  if (out) return out;
  const Q = ctx.matrix.questions.length;
  const { samples, correct } = ctx.counts;
  out = new Float64Array(kept.length);
  let n = -1;
  let t: Float64Array = new Float64Array(0);
  for (let j = 0; j < kept.length; j++) {
    const i = s * Q + kept[j];
    if (samples[i] !== n) {
      n = samples[i];
      t = table(ctx, measure, n, k);
    }
    out[j] = t[correct[i]];
  }
  ctx.values.set(key, out);
  return out;
}

function posteriorFor(
  ctx: Context,
  s: number,
  kept: Int32Array,
  k: number,
  estimand: 'passAtK' | 'passHatK',
): () => ValueInterval {
  return () => {
    const Q = ctx.matrix.questions.length;
    const c = Array.from(kept, (q) => ctx.counts.correct[s * Q + q]);
    const n = Array.from(kept, (q) => ctx.counts.samples[s * Q + q]);
    const iv = betaBinomialPassAtKInterval(c, n, k, { estimand, level: ctx.options.level, grid: 48 });
    return { lower: iv.lower, upper: iv.upper, outOfRange: false };
  };
}

function estimate(
  ctx: Context,
  system: string,
  measure: MultiSampleMeasure,
  k: number | null,
  values: Float64Array,
  kept: Int32Array,
  naiveGroups: number | null,
  unitRange: boolean,
  posterior: (() => ValueInterval) | undefined,
  convention: string,
): MultiSampleEstimate {
  const summary = valueSummary({
    values,
    questions: kept,
    layout: ctx.layout,
    level: ctx.options.level,
    naiveGroups,
    seedKey: `${ctx.options.seed}/analyze/multiSample/${system}/${measure}/${k ?? 'n'}`,
    resamples: ctx.options.resamples,
    unitRange,
    posterior: ctx.posterior === 'off' ? undefined : posterior,
    forcePosterior: ctx.posterior === 'all',
  });
  const iv = summary.intervals;
  const head = iv.wilson ?? iv.clustered ?? iv.question;
  const method = iv.wilson ? 'wilson' : iv.clustered ? 'clustered' : 'question';
  const caution =
    unitRange && summary.rareSide < summary.rareSideThreshold
      ? `only ${summary.rareSide.toFixed(1)} ${summary.rareSideUnit} carry its distance from ${summary.estimate >= 0.5 ? '1' : '0'} (fewer than ${Number(summary.rareSideThreshold.toPrecision(2))}): the question-based intervals may undercover${iv.posterior ? '; see the posterior' : ''}`
      : null;
  return {
    measure,
    k,
    convention,
    questions: kept.length,
    excluded: ctx.matrix.questions.length - kept.length,
    ...summary,
    recommended: { method, lower: head.lower, upper: head.upper },
    caution,
  };
}

function majorityValues(ctx: Context, s: number, kept: Int32Array, k: number): Float64Array {
  const { matrix } = ctx;
  const Q = matrix.questions.length;
  const E = matrix.epochs;
  const answers = matrix.answers as Int32Array;
  const scratch = createMajorityScratch(k);
  const out = new Float64Array(kept.length);
  const sizes = new Float64Array(E);
  const passing = new Float64Array(E);
  const codes = new Int32Array(E);
  const threshold = ctx.options.passThreshold;
  for (let j = 0; j < kept.length; j++) {
    const q = kept[j];
    const base = (s * Q + q) * E;
    let classes = 0;
    for (let e = 0; e < E; e++) {
      const x = matrix.scores[base + e];
      if (Number.isNaN(x)) continue;
      const code = answers[base + e];
      const pass = (threshold === undefined ? x === 1 : x >= threshold) ? 1 : 0;
      let a = 0;
      while (a < classes && codes[a] !== code) a++;
      if (a === classes) {
        codes[a] = code;
        sizes[a] = 0;
        passing[a] = pass;
        classes++;
      } else if (passing[a] !== pass) {
        const name = code < 0 ? '(no answer)' : (matrix.answerNames as readonly string[])[code];
        throw new RangeError(
          `maj@k: system ${matrix.systems[s]}, question ${matrix.questions[q]}: the answer ${JSON.stringify(name)} both passes and fails; maj@k needs each answer scored one way`,
        );
      }
      sizes[a]++;
    }
    out[j] = majorityAtKValue(sizes, passing, classes, k, scratch);
  }
  return out;
}

function systemSummary(
  ctx: Context,
  s: number,
  ks: readonly number[],
  keptByK: Map<number, Int32Array>,
): MultiSampleSystem {
  const { matrix, counts, options } = ctx;
  const name = matrix.systems[s];
  const Q = matrix.questions.length;
  const estimates: MultiSampleEstimate[] = [];
  const groups = (kept: Int32Array, k: number) => {
    let g = 0;
    for (const q of kept) g += Math.floor(counts.samples[s * Q + q] / k);
    return g;
  };
  for (const k of ks) {
    const kept = keptByK.get(k) as Int32Array;
    if (kept.length < 2) continue;
    estimates.push(
      estimate(
        ctx,
        name,
        'pass@k',
        k,
        passValues(ctx, s, 'pass@k', k, kept),
        kept,
        groups(kept, k),
        true,
        posteriorFor(ctx, s, kept, k, 'passAtK'),
        CONVENTIONS['pass@k'],
      ),
    );
  }
  for (const k of ks) {
    const kept = keptByK.get(k) as Int32Array;
    if (kept.length < 2 || k === 1) continue;
    const plugin = options.passHat === 'plugin';
    estimates.push(
      estimate(
        ctx,
        name,
        'pass^k',
        k,
        passValues(ctx, s, 'pass^k', k, kept),
        kept,
        groups(kept, k),
        true,
        plugin ? undefined : posteriorFor(ctx, s, kept, k, 'passHatK'),
        plugin ? PLUGIN : CONVENTIONS['pass^k'],
      ),
    );
  }
  if (matrix.answers) {
    for (const k of ks) {
      const kept = keptByK.get(k) as Int32Array;
      if (kept.length < 2) continue;
      estimates.push(
        estimate(
          ctx,
          name,
          'maj@k',
          k,
          majorityValues(ctx, s, kept, k),
          kept,
          null,
          true,
          undefined,
          CONVENTIONS['maj@k'],
        ),
      );
    }
  }
  const all = Int32Array.from({ length: Q }, (_, q) => q);
  const avg = new Float64Array(Q);
  for (let q = 0; q < Q; q++) avg[q] = counts.sums[s * Q + q] / counts.samples[s * Q + q];
  estimates.push(
    estimate(ctx, name, 'avg@n', null, avg, all, null, ctx.unitScores, undefined, CONVENTIONS['avg@n']),
  );

  // Flip rate, variance split and the run-to-run difference over questions with ≥ 2 samples.
  const c: number[] = [];
  const n: number[] = [];
  let flipping = 0;
  let withinSum = 0;
  for (let q = 0; q < Q; q++) {
    const ni = counts.samples[s * Q + q];
    if (ni < 2) continue;
    const ci = counts.correct[s * Q + q];
    c.push(ci);
    n.push(ni);
    if (ci > 0 && ci < ni) flipping++;
    withinSum += (ci * (ni - ci)) / (ni * (ni - 1));
  }
  const flip = n.length > 0 ? { rate: flipping / n.length, flipping, questions: n.length } : null;
  let variance: MultiSampleSystem['variance'] = null;
  if (n.length >= 2) {
    const v = varianceComponents(c, n);
    variance = {
      between: v.betweenVariance,
      within: v.withinVariance,
      samplingShare: v.samplingShare,
      betweenTruncated: v.betweenTruncated,
    };
  }
  const r = n.length > 0 ? runToRunDifference(withinSum, n.length, options.level) : null;
  return {
    system: name,
    estimates,
    flip,
    variance,
    runToRun: r && {
      sd: r.sd,
      bound: r.bound,
      formula:
        'X = z·√(2·Σ s²_i)/Q, s²_i = c_i(n_i − c_i)/(n_i(n_i − 1)): two independent single-sample runs differ by more than X with probability 1 − level',
    },
  };
}

function pairs(ctx: Context, ks: readonly number[], keptByK: Map<number, Int32Array>): MultiSamplePair[] {
  const { matrix, layout, options } = ctx;
  const S = matrix.systems.length;
  const list: [number, number][] = [];
  const base = options.baseline !== undefined ? matrix.systems.indexOf(options.baseline) : -1;
  if (base >= 0) {
    for (let s = 0; s < S; s++) if (s !== base) list.push([s, base]);
  } else for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) list.push([j, i]);
  const result: MultiSamplePair[] = [];
  for (const measure of ['pass@k', 'pass^k'] as const) {
    for (const k of ks) {
      if (measure === 'pass^k' && k === 1) continue;
      const kept = keptByK.get(k) as Int32Array;
      const Q = kept.length;
      if (Q < 2 || list.length === 0) continue;
      // Per system: the sum of its estimates and, with clusters, their cluster sums (so that a
      // pair's CR1 variance is O(K): T_g = A_g − B_g − d̄·n_g).
      const K = layout.count;
      const sizes = new Float64Array(K);
      const used: number[] = [];
      if (layout.clustered) {
        for (let j = 0; j < Q; j++) sizes[layout.ids[kept[j]]] += 1;
        for (let g = 0; g < K; g++) if (sizes[g] > 0) used.push(g);
      }
      const sums = new Float64Array(S);
      const clusterSums = layout.clustered ? new Float64Array(S * K) : null;
      for (let s = 0; s < S; s++) {
        const v = passValues(ctx, s, measure, k, kept);
        let t = 0;
        for (let j = 0; j < Q; j++) t += v[j];
        sums[s] = t;
        if (clusterSums) for (let j = 0; j < Q; j++) clusterSums[s * K + layout.ids[kept[j]]] += v[j];
      }
      const group: Omit<MultiSamplePair, 'holmPValue'>[] = [];
      for (const [a, b] of list) {
        const m = (sums[a] - sums[b]) / Q;
        let se: number;
        let df: number;
        let basis: string;
        if (clusterSums) {
          let t2 = 0;
          for (const g of used) {
            const t = clusterSums[a * K + g] - clusterSums[b * K + g] - m * sizes[g];
            t2 += t * t;
          }
          const G = used.length;
          se = Math.sqrt(((G / (G - 1)) * t2) / (Q * Q));
          df = G - 1;
          basis = `clustered CR1 over ${G} clusters, t(${df})`;
        } else {
          const va = passValues(ctx, a, measure, k, kept);
          const vb = passValues(ctx, b, measure, k, kept);
          let ss = 0;
          for (let j = 0; j < Q; j++) {
            const r = va[j] - vb[j] - m;
            ss += r * r;
          }
          se = Math.sqrt(ss / (Q - 1) / Q);
          df = Q - 1;
          basis = `question-level, t(${df})`;
        }
        const c = tCritical(options.level, df);
        const t = se > 0 ? m / se : 0;
        const p = se > 0 ? Math.min(1, 2 * tSf(Math.abs(t), df)) : m === 0 ? 1 : 0;
        group.push({
          first: matrix.systems[a],
          second: matrix.systems[b],
          measure,
          k,
          questions: Q,
          difference: m,
          se,
          df,
          lower: m - c * se,
          upper: m + c * se,
          pValue: p,
          basis,
        });
      }
      const adjusted = holm(
        Float64Array.from(group, (g) => g.pValue),
        options.alpha,
      ).adjusted;
      group.forEach((g, i) => {
        result.push({ ...g, holmPValue: adjusted[i] });
      });
    }
  }
  return result;
}

/** Analyses the multi-sample structure of an aligned eval (see the module comment). */
export function analyzeMultiSample(
  matrix: EvalMatrix,
  options: MultiSampleOptions = {},
): MultiSampleAnalysis {
  const resolved = resolveMultiSampleOptions(options);
  if (resolved.baseline !== undefined && !matrix.systems.includes(resolved.baseline)) {
    throw new RangeError(
      `--baseline "${resolved.baseline}" is not a system of the eval; systems: ${matrix.systems.join(', ')}`,
    );
  }
  const counts = sampleCounts(matrix, resolved.passThreshold);
  const Q = matrix.questions.length;
  const ks = resolved.k ?? defaultK(counts.minSamples);
  const warnings: string[] = [];
  const skipped: string[] = [];
  if (counts.maxSamples < 2) {
    const over = ks.filter((k) => k > 1);
    if (over.length > 0) {
      throw new RangeError(
        `--k ${over.join(',')}: every question has one sample per system, so pass@k and pass^k for k > 1 cannot be estimated (they need k samples of a question); import the epochs, trials or repeats, or use --k 1`,
      );
    }
    skipped.push('flip rate, variance split and run-to-run difference: every question has one sample');
  }
  const keptByK = new Map<number, Int32Array>();
  for (const k of ks) {
    const kept = k <= counts.minSamples ? Int32Array.from({ length: Q }, (_, q) => q) : null;
    if (kept) {
      keptByK.set(k, kept);
      continue;
    }
    const some = keptQuestions(matrix, counts, k);
    const short = Q - some.length;
    if (resolved.tooFewSamples === 'refuse') {
      throw new RangeError(
        `--k ${k}: ${short} of ${Q} questions have fewer than ${k} samples for some system (the fewest: ${counts.minSamples}); pass@${k} needs ${k} samples per question. Use --too-few-samples exclude to leave those questions out (they are counted), or a smaller k`,
      );
    }
    if (some.length < 2) {
      throw new RangeError(
        `--k ${k}: only ${some.length} question(s) have ${k} samples for every system; nothing to estimate`,
      );
    }
    keptByK.set(k, some);
    warnings.push(
      `k = ${k}: ${short} of ${Q} questions have fewer than ${k} samples for some system and were left out of pass@${k}, pass^${k} and maj@${k} (--too-few-samples exclude)`,
    );
  }
  if (counts.minSamples !== counts.maxSamples) {
    warnings.push(
      `samples per question differ (${counts.minSamples} to ${counts.maxSamples}): each question's estimate uses its own n (tau-bench's pass^k divides by the run's trial count instead)`,
    );
  }
  if (!matrix.answers) skipped.push('maj@k: the eval has no answers (import with --answer …)');
  if (resolved.passHat === 'plugin')
    skipped.push('posterior for pass^k: the plug-in (c/n)^k has no posterior counterpart');
  const layout = clusterLayout(matrix);
  const all =
    resolved.posterior === 'on' ||
    (resolved.posterior === 'auto' && matrix.systems.length <= POSTERIOR_AUTO_SYSTEMS);
  if (resolved.posterior === 'off') skipped.push('beta-binomial posterior: --posterior off');
  else if (!all)
    skipped.push(
      `beta-binomial posterior: computed only where the headline is flagged (${matrix.systems.length} systems > ${POSTERIOR_AUTO_SYSTEMS}; --posterior on for all)`,
    );
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const x of matrix.scores) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const ctx: Context = {
    matrix,
    counts,
    layout,
    options: resolved,
    posterior: resolved.posterior === 'off' ? 'off' : all ? 'all' : 'flagged',
    unitScores: lo >= 0 && hi <= 1,
    values: new Map(),
    tables: new Map(),
  };
  const systems = matrix.systems.map((_, s) => systemSummary(ctx, s, ks, keptByK));
  return {
    task: matrix.task,
    metric: matrix.metric,
    questions: Q,
    clusters: layout.clustered ? layout.count : 0,
    samples: {
      min: counts.minSamples,
      max: counts.maxSamples,
      equal: counts.minSamples === counts.maxSamples,
    },
    passRule: counts.passRule,
    k: ks,
    options: resolved,
    systems,
    pairs: pairs(ctx, ks, keptByK),
    warnings,
    skipped,
  };
}
