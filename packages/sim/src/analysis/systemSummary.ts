/**
 * Everything analyze reports about one system, from its per-question scores
 * ({@link QuestionScores}) and the cluster layout:
 *
 * - score ȳ = mean of the per-question scores; naive SE = s/√Q (s with Q − 1), z interval, and
 *   the t interval with t(Q − 1);
 * - the headline: the one interval the headline rule picks (headlineRule.ts), named;
 * - 0/1 answers (one epoch): Wilson and Clopper–Pearson intervals for k of Q, and every other
 *   proportion interval of core intervals/ (`binary.intervals`, for the JSON and Arrow);
 * - clusters: CR1 (Liang–Zeger, K/(K−1)) with t_{K−1}, CR2 (Bell–McCaffrey) with its
 *   Satterthwaite df, Miller's eq. 4 SE; the one-way ANOVA ICC of the per-question scores;
 *   design effect DEFF = Var_CR1 / Var_naive (the measured variance ratio of seed 000) and
 *   effective n = Q / DEFF;
 * - clusters: the four cluster bootstrap intervals of the score from one seeded set of B
 *   whole-cluster resamples (clusterBootstrapSet.ts); on the 0/1 answers, Korn–Graubard
 *   Wilson / Clopper–Pearson and the hierarchical beta-binomial (clusteredAccuracy.ts);
 * - several epochs: Miller's variance split (core `gradedVarianceComponents`, any scores:
 *   Var(x) between questions, E[σ²] within) and SE = √((Var(x) + E[σ²]/K)/Q) at the
 *   projected K's (core `meanStandardError`) — what more epochs would buy.
 *
 * A method that cannot apply is listed in `skipped` with the reason, never dropped silently.
 */
import {
  clopperPearsonInterval,
  clusteredIntervalFromTotals,
  createClusteredInterval,
  differenceTest,
  gradedVarianceComponents,
  iccAnovaFromTotals,
  meanStandardError,
  millerClusteredVariance,
  type ProportionIntervalMethod,
  proportionIntervalMethodNames,
  proportionIntervalMethods,
  wilsonInterval,
} from '@evalsim/core';
import type { ResolvedAnalyzeOptions } from './analysisOptions.js';
import {
  type BootstrapScratch,
  type ClusterBootstrapSet,
  clusterBootstrapSet,
} from './clusterBootstrapSet.js';
import { type ClusteredAccuracy, clusteredAccuracy } from './clusteredAccuracy.js';
import { type ClusterLayout, type ClusterSums, fillClusterSums } from './clusterLayout.js';
import type { SystemHeadlineMethod } from './headlineRule.js';
import type { QuestionScores } from './questionScores.js';

/** A point estimate with its SE and two-sided interval (df Infinity = normal). */
export interface EstimateInterval {
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  readonly df: number;
}

export interface SkippedMethod {
  readonly method: string;
  readonly reason: string;
}

export interface SystemClustered {
  readonly clusters: number;
  readonly cr1: EstimateInterval;
  readonly cr2: EstimateInterval;
  /** Miller (2024) eq. 4, normal critical value. */
  readonly miller: EstimateInterval;
  /** One-way ANOVA ICC of the per-question scores (null when undefined). */
  readonly icc: number | null;
  /** Var_CR1 / Var_naive (null when the naive variance is 0). */
  readonly designEffect: number | null;
  readonly effectiveQuestions: number | null;
  /** Percentile, basic, studentized and BCa from one set of B whole-cluster resamples of the scores. */
  readonly bootstrap: ClusterBootstrapSet;
}

export interface VarianceSplit {
  /** Sample variance of the per-question means. */
  readonly varianceOfMeans: number;
  /** Var(x), truncated at 0. */
  readonly between: number;
  readonly betweenTruncated: boolean;
  /** (1/n) Σ s²_i / K_i: the sampling variance the per-question means still carry. */
  readonly withinOverEpochs: number;
  /** E[σ²]. */
  readonly within: number;
  readonly samplingShare: number;
  /** SE of the score with K answers per question. */
  readonly seByEpochs: readonly { readonly epochs: number; readonly se: number }[];
}

/** The system's one recommended interval (headlineRule.ts), with its marks (intervalMarks). */
export interface SystemHeadline {
  readonly method: SystemHeadlineMethod;
  readonly lower: number;
  readonly upper: number;
  /** Set when the rule's choice could not apply and another was used (why). */
  readonly fallback?: string;
}

export interface SystemSummary {
  readonly system: string;
  readonly questions: number;
  readonly clusters: number;
  readonly minEpochs: number;
  readonly maxEpochs: number;
  /** What the continuous methods used: `epoch means` or `epoch N`. */
  readonly basis: string;
  readonly score: number;
  /** The headline interval (the rule's choice), first in every report. */
  readonly headline: SystemHeadline;
  /** Naive (independent questions) SE and z interval. */
  readonly naive: EstimateInterval;
  /** The same SE with t(Q − 1). */
  readonly naiveT: EstimateInterval;
  /** The epoch the 0/1 methods used, with k of n; null when skipped. */
  readonly binary: {
    readonly epoch: number;
    readonly correct: number;
    readonly n: number;
    readonly accuracy: number;
    readonly wilson: { readonly lower: number; readonly upper: number };
    readonly clopperPearson: { readonly lower: number; readonly upper: number };
    /** Every proportion interval of core intervals/ (Wald, Wilson, Wilson CC, Agresti–Coull, Clopper–Pearson, Jeffreys, beta posterior). */
    readonly intervals: Readonly<
      Record<ProportionIntervalMethod, { readonly lower: number; readonly upper: number }>
    >;
    /** With clusters: Korn–Graubard Wilson / Clopper–Pearson and the hierarchical beta-binomial. */
    readonly clustered: ClusteredAccuracy | null;
  } | null;
  readonly clustered: SystemClustered | null;
  readonly varianceSplit: VarianceSplit | null;
  readonly skipped: readonly SkippedMethod[];
}

function interval(estimate: number, se: number, level: number, df: number): EstimateInterval {
  const t = differenceTest(estimate, se, level, df, '');
  return { estimate, se, lower: t.lower, upper: t.upper, df };
}

/**
 * The per-system report (see module doc) of one of `systems` systems, `headline` the rule's
 * choice; `sums` and `scratch` are sized for the layout and the resamples.
 */
export function systemSummary(
  x: QuestionScores,
  layout: ClusterLayout,
  options: ResolvedAnalyzeOptions,
  systems: number,
  sums: ClusterSums,
  scratch: BootstrapScratch,
  headlineMethod: SystemHeadlineMethod,
): SystemSummary {
  const { level } = options;
  const s = x.scores;
  const Q = s.length;
  const skipped: SkippedMethod[] = [];
  let sum = 0;
  for (let q = 0; q < Q; q++) sum += s[q];
  const score = sum / Q;
  let ss = 0;
  for (let q = 0; q < Q; q++) ss += (s[q] - score) ** 2;
  const naiveVariance = Q > 1 ? ss / (Q - 1) / Q : Number.NaN;
  const naive = interval(score, Math.sqrt(naiveVariance), level, Number.POSITIVE_INFINITY);
  const naiveT = interval(score, Math.sqrt(naiveVariance), level, Q - 1);
  const basis = options.epoch === undefined ? 'epoch means' : `epoch ${options.epoch}`;

  let binary: Omit<NonNullable<SystemSummary['binary']>, 'clustered'> | null = null;
  if (x.answers === null) {
    skipped.push({
      method: layout.clustered
        ? 'wilson, clopperPearson, Korn–Graubard, hierarchical beta-binomial'
        : 'wilson, clopperPearson',
      reason: x.answersMissing ?? 'no 0/1 answers',
    });
  } else {
    let k = 0;
    for (let q = 0; q < Q; q++) k += x.answers[q];
    const w = wilsonInterval(k, Q, level);
    const cp = clopperPearsonInterval(k, Q, level);
    binary = {
      epoch: x.answerEpoch,
      correct: k,
      n: Q,
      accuracy: k / Q,
      wilson: { lower: w.lower, upper: w.upper },
      clopperPearson: { lower: cp.lower, upper: cp.upper },
      intervals: Object.fromEntries(
        proportionIntervalMethodNames.map((name) => {
          const i = proportionIntervalMethods[name](k, Q, level);
          return [name, { lower: i.lower, upper: i.upper }];
        }),
      ) as Record<ProportionIntervalMethod, { lower: number; upper: number }>,
    };
  }

  let clustered: SystemClustered | null = null;
  if (!layout.clustered) {
    skipped.push({
      method: 'clustered (cr1, cr2, ICC, cluster bootstrap, Korn–Graubard, hierarchical beta-binomial)',
      reason: 'the eval has no clusters (K < 2)',
    });
  } else {
    fillClusterSums(layout, s, null, sums);
    const out = createClusteredInterval();
    const clusteredEstimate = (estimator: 'cr1' | 'cr2') => {
      clusteredIntervalFromTotals(sums, { level, estimator }, out);
      return {
        estimate: score,
        se: out.standardError,
        lower: out.lower,
        upper: out.upper,
        df: out.degreesOfFreedom,
      };
    };
    const cr1 = clusteredEstimate('cr1');
    const cr2 = clusteredEstimate('cr2');
    const miller = interval(score, Math.sqrt(millerClusteredVariance(sums)), level, Number.POSITIVE_INFINITY);
    if (naive.se > 0 && cr1.se <= 1e-12 * naive.se) {
      skipped.push({
        method: 'clustered (cr1, cr2, ICC, cluster bootstrap)',
        reason: `the clustered SE is 0 although the scores vary (every cluster's residual total is 0; K = ${layout.count})`,
      });
    } else {
      let icc: number | null = null;
      if (Q > layout.count && ss > 0) icc = iccAnovaFromTotals(sums);
      else
        skipped.push({
          method: 'icc',
          reason: ss > 0 ? 'every cluster holds one question' : 'every question has the same score',
        });
      const designEffect = naiveVariance > 0 ? cr1.se ** 2 / naiveVariance : null;
      clustered = {
        clusters: layout.count,
        cr1,
        cr2,
        miller,
        icc,
        designEffect,
        effectiveQuestions: designEffect !== null && designEffect > 0 ? Q / designEffect : null,
        bootstrap: clusterBootstrapSet(
          sums,
          level,
          options.seed,
          x.system,
          'cluster bootstrap',
          scratch,
          skipped,
        ),
      };
    }
  }
  const accuracy =
    binary !== null && layout.clustered && x.answers !== null
      ? clusteredAccuracy(x.answers, layout, options, systems, sums, skipped)
      : null;

  let varianceSplit: VarianceSplit | null = null;
  if (x.minEpochs < 2) {
    if (x.maxEpochs >= 2)
      skipped.push({ method: 'varianceSplit', reason: `some questions have one epoch only (${x.system})` });
  } else if (Q < 2) {
    skipped.push({ method: 'varianceSplit', reason: 'needs at least 2 questions' });
  } else {
    const v = gradedVarianceComponents(x.correct, x.correctSquares, x.asks);
    varianceSplit = {
      varianceOfMeans: v.varianceOfMeans,
      between: v.betweenVariance,
      betweenTruncated: v.betweenTruncated,
      withinOverEpochs: v.varianceOfMeans - v.betweenVarianceUnbiased,
      within: v.withinVariance,
      samplingShare: v.samplingShare,
      seByEpochs: options.projectEpochs.map((K) => ({
        epochs: K,
        se: meanStandardError({
          betweenVariance: v.betweenVariance,
          withinVariance: v.withinVariance,
          n: Q,
          K,
        }),
      })),
    };
  }
  const headline = systemHeadline(headlineMethod, { naiveT, binary, clustered, accuracy });
  return {
    system: x.system,
    questions: Q,
    clusters: layout.clustered ? layout.count : 0,
    minEpochs: x.minEpochs,
    maxEpochs: x.maxEpochs,
    basis,
    score,
    headline,
    naive,
    naiveT,
    binary: binary === null ? null : { ...binary, clustered: accuracy },
    clustered,
    varianceSplit,
    skipped,
  };
}

/** The rule's interval, or the t interval when it cannot apply (with the reason). */
function systemHeadline(
  method: SystemHeadlineMethod,
  r: {
    naiveT: EstimateInterval;
    binary: {
      wilson: { lower: number; upper: number };
      intervals: Readonly<Record<ProportionIntervalMethod, { lower: number; upper: number }>>;
    } | null;
    clustered: SystemClustered | null;
    accuracy: ClusteredAccuracy | null;
  },
): SystemHeadline {
  if (method === 'kornGraubardWilson' && r.accuracy)
    return { method, lower: r.accuracy.kornGraubardWilson.lower, upper: r.accuracy.kornGraubardWilson.upper };
  if (method === 'clusteredCr2' && r.clustered)
    return { method, lower: r.clustered.cr2.lower, upper: r.clustered.cr2.upper };
  if (method === 'wilson' && r.binary)
    return { method, lower: r.binary.wilson.lower, upper: r.binary.wilson.upper };
  if (method === 'jeffreys' && r.binary)
    return { method, lower: r.binary.intervals.jeffreys.lower, upper: r.binary.intervals.jeffreys.upper };
  const fallback =
    method === 'naiveT'
      ? undefined
      : method === 'clusteredCr2' || method === 'kornGraubardWilson'
        ? 'the clustered interval could not apply (see skipped): the t interval'
        : `no 0/1 answers for ${method === 'wilson' ? 'Wilson' : 'Jeffreys'}: the t interval`;
  return {
    method: 'naiveT',
    lower: r.naiveT.lower,
    upper: r.naiveT.upper,
    ...(fallback !== undefined ? { fallback } : {}),
  };
}
