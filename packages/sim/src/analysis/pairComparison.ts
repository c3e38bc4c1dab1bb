/**
 * One paired comparison, first − second, on the per-question scores both systems got for
 * the same Q questions (d_q = x_first,q − x_second,q):
 *
 * - paired: d̄, SE = s_d/√Q (s_d with Q − 1; seed 002), z interval (seed 002) and the
 *   paired t (t = d̄/SE on Q − 1 df; scipy `ttest_rel`) — on epoch means by default;
 * - clustered (K ≥ 2): CR1 with t_{K−1} (Liang–Zeger; R `sandwich::vcovCL` HC1 of
 *   lm(d ~ 1)), CR2 with the Bell–McCaffrey Satterthwaite df (R `clubSandwich`
 *   `vcovCR(type = "CR2")` + `coef_test`), Miller's eq. 4 with z (seed 000's clustered CI);
 * - unpaired, for contrast: SE = √(v_first/Q + v_second/Q), v the population (÷Q) variance
 *   of each system's scores — p(1 − p)/Q for 0/1, seed 002's and seed 000's "unpaired";
 * - ρ: Pearson correlation of the two score vectors (seed 000: SE_paired² =
 *   SE_A² + SE_B² − 2ρ SE_A SE_B);
 * - 0/1 answers at one epoch: the 2×2 table (n11, n10 = first right only, n01, n00),
 *   McNemar exact and mid-p (b = n10, c = n01), the continuity-corrected χ² (seed 002),
 *   and the paired 2×2 intervals (Wald, Tango, Newcombe, Bonett–Price, Agresti–Min);
 * - power (Miller 2024 eqs. 9–10 with the MEASURED per-question variance of d, V = s_d²,
 *   at the analysed epochs): MDE = (z_{1−α/2} + z_{power})·√(V/Q) and the questions
 *   needed per gap δ, n = (z + z)²·V/δ²; with clusters also the CR1 MDE (z + z)·SE_CR1 and
 *   n·DEFF_d, DEFF_d = Var_CR1/Var_paired (new questions in new clusters of today's sizes).
 */
import {
  clusteredIntervalFromTotals,
  createClusteredInterval,
  createMarkedBounds,
  differenceTest,
  mcnemarChiSquare,
  mcnemarTest,
  millerClusteredVariance,
  millerPairedMde,
  millerPairedSampleSize,
  pairedBoundsFor,
  powerZSum,
} from '@evalsim/core';
import {
  PAIRED_INTERVAL_NAMES,
  PAIRED_INTERVALS,
  type PairedIntervalName,
} from '../base/pairedIntervalNames.js';
import type { PairedIntervalChoice, PairTestChoice, ResolvedAnalyzeOptions } from './analysisOptions.js';
import type { ClusterLayout, ClusterSums } from './clusterLayout.js';
import type { QuestionScores } from './questionScores.js';
import type { SkippedMethod, SystemSummary } from './systemSummary.js';

/** An interval with its Wald/t test of "no difference". */
export interface DifferenceResult {
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  /** Infinity for the normal. */
  readonly df: number;
  readonly statistic: number;
  readonly pValue: number;
}

export interface McnemarSummary {
  readonly epoch: number;
  readonly n11: number;
  /** First right, second wrong (McNemar's b). */
  readonly n10: number;
  /** First wrong, second right (McNemar's c). */
  readonly n01: number;
  readonly n00: number;
  readonly exactPValue: number;
  readonly midPValue: number;
  /** (|b − c| − 1)²/(b + c) and its χ²₁ p (seed 002); null when b + c = 0. */
  readonly chiSquareCC: number | null;
  readonly chiSquareCCPValue: number | null;
}

export interface PairPower {
  /** s_d², the measured per-question variance of the differences. */
  readonly variance: number;
  readonly mde: number;
  readonly mdeClustered: number | null;
  readonly designEffect: number | null;
  readonly questionsFor: readonly {
    readonly gap: number;
    readonly questions: number;
    readonly clusteredQuestions: number | null;
  }[];
}

/**
 * Miller's paired power with epochs (eqs. 9–10, seed 000 Step 4), from the epoch means
 * whatever `epoch` says: d̄_i = m_first,i − m_second,i, σ² = each system's E[σ²] and
 * ω² = S²(d̄_i) − (1/n)Σ s²_first,i/K_first,i − (1/n)Σ s²_second,i/K_second,i (method of
 * moments, truncated at 0 and flagged). For K answers per question from each system:
 * V_K = ω² + σ²_first/K + σ²_second/K, the MDE on these questions and the questions the
 * observed gap over all answers would need.
 */
export interface EpochPower {
  /** Mean of d̄_i: the gap over all answers. */
  readonly gap: number;
  readonly omega2: number;
  readonly omega2Truncated: boolean;
  readonly sigmaFirst2: number;
  readonly sigmaSecond2: number;
  readonly byEpochs: readonly {
    /** Answers per question from each system (Infinity: unlimited). */
    readonly epochs: number;
    readonly mde: number;
    /** Questions the observed gap needs; null when the gap is 0. */
    readonly questionsForGap: number | null;
  }[];
}

export interface PairComparison {
  readonly first: string;
  readonly second: string;
  readonly firstScore: number;
  readonly secondScore: number;
  readonly difference: number;
  /** The headline interval (`pairedInterval`). */
  readonly interval: {
    readonly method: PairedIntervalChoice;
    readonly lower: number;
    readonly upper: number;
  };
  readonly pairedZ: DifferenceResult;
  readonly pairedT: DifferenceResult;
  readonly clustered: {
    readonly cr1: DifferenceResult;
    readonly cr2: DifferenceResult;
    readonly miller: DifferenceResult;
  } | null;
  readonly unpaired: DifferenceResult;
  readonly correlation: number | null;
  readonly mcnemar: McnemarSummary | null;
  readonly pairedIntervals: Readonly<Record<PairedIntervalName, { lower: number; upper: number }>> | null;
  /** The test behind the corrections and its raw p-value. */
  readonly test: { readonly method: Exclude<PairTestChoice, 'auto'>; readonly pValue: number };
  readonly power: PairPower | null;
  /** Null unless both systems answered every question at least twice (see {@link EpochPower}). */
  readonly epochPower: EpochPower | null;
  readonly skipped: readonly SkippedMethod[];
}

function result(estimate: number, se: number, level: number, df: number): DifferenceResult {
  const t = differenceTest(estimate, se, level, df, '');
  return { estimate, se, lower: t.lower, upper: t.upper, df, statistic: t.statistic, pValue: t.pValue };
}

/** [Σ(d − d̄)², Σ(x − x̄)(y − ȳ), n11, n10, n01] of the last {@link fusedPairPass}. */
const fused = new Float64Array(5);

/**
 * The fused O(Q) pass of a pair, a small function of its own so the engine optimises it on
 * the first pairs: fills `out` and the cluster sums of d = x − y (no allocation).
 */
function fusedPairPass(
  a: QuestionScores,
  b: QuestionScores,
  mean: number,
  ids: Int32Array,
  sums: ClusterSums,
  out: Float64Array,
): void {
  const x = a.scores;
  const y = b.scores;
  const ax = a.answers;
  const bx = b.answers;
  const meanX = a.mean;
  const meanY = b.mean;
  const sizes = sums.sizes;
  const totals = sums.totals;
  const squares = sums.sumSquares;
  sizes.fill(0);
  totals.fill(0);
  squares.fill(0);
  let ss = 0;
  let sxy = 0;
  let n11 = 0;
  let n10 = 0;
  let n01 = 0;
  const Q = x.length;
  for (let q = 0; q < Q; q++) {
    const d = x[q] - y[q];
    const r = d - mean;
    ss += r * r;
    sxy += (x[q] - meanX) * (y[q] - meanY);
    const g = ids[q];
    sizes[g] += 1;
    totals[g] += d;
    squares[g] += d * d;
  }
  if (ax !== null && bx !== null) {
    for (let q = 0; q < Q; q++) {
      const u = ax[q];
      const v = bx[q];
      if (u & v) n11++;
      else if (u) n10++;
      else if (v) n01++;
    }
  }
  out[0] = ss;
  out[1] = sxy;
  out[2] = n11;
  out[3] = n10;
  out[4] = n01;
}

/** mean(x − y) (a small function, optimised early like {@link fusedPairPass}). */
function meanDifference(x: Float64Array, y: Float64Array): number {
  let sum = 0;
  for (let q = 0; q < x.length; q++) sum += x[q] - y[q];
  return sum / x.length;
}

/** out[0] = mean over questions of the epoch-mean gap d̄_i, out[1] = Σ(d̄_i − mean)². */
function epochMeanGap(a: QuestionScores, b: QuestionScores, out: Float64Array): void {
  const Q = a.correct.length;
  let sum = 0;
  for (let q = 0; q < Q; q++) sum += a.correct[q] / a.asks[q] - b.correct[q] / b.asks[q];
  const gap = sum / Q;
  let ss = 0;
  for (let q = 0; q < Q; q++) {
    const r = a.correct[q] / a.asks[q] - b.correct[q] / b.asks[q] - gap;
    ss += r * r;
  }
  out[0] = gap;
  out[1] = ss;
}

/** Compares `a` (first) with `b` (second); `sums` is scratch sized for the layout. */
export function pairComparison(
  a: QuestionScores,
  b: QuestionScores,
  summaryA: SystemSummary,
  summaryB: SystemSummary,
  layout: ClusterLayout,
  options: ResolvedAnalyzeOptions,
  headline: PairedIntervalChoice,
  sums: ClusterSums,
): PairComparison {
  const { level } = options;
  const x = a.scores;
  const y = b.scores;
  const Q = x.length;
  const skipped: SkippedMethod[] = [];
  // One pass for d̄, one fused pass for Σ(d − d̄)², Σ(x − x̄)(y − ȳ), the cluster sums of d
  // and the 2×2 table (no allocation).
  const mean = meanDifference(x, y);
  fusedPairPass(a, b, mean, layout.ids, sums, fused);
  const ss = fused[0];
  const sxy = fused[1];
  const n11 = fused[2];
  const n10 = fused[3];
  const n01 = fused[4];
  const variance = ss / (Q - 1);
  const pairedSe = Math.sqrt(variance / Q);
  const pairedZ = result(mean, pairedSe, level, Number.POSITIVE_INFINITY);
  const pairedT = result(mean, pairedSe, level, Q - 1);

  let clustered: PairComparison['clustered'] = null;
  if (layout.clustered) {
    const out = createClusteredInterval();
    clusteredIntervalFromTotals(sums, { level, estimator: 'cr1' }, out);
    const cr1 = result(mean, out.standardError, level, out.degreesOfFreedom);
    clusteredIntervalFromTotals(sums, { level, estimator: 'cr2' }, out);
    const cr2 = result(mean, out.standardError, level, out.degreesOfFreedom);
    const miller = result(mean, Math.sqrt(millerClusteredVariance(sums)), level, Number.POSITIVE_INFINITY);
    if (pairedSe > 0 && cr1.se <= 1e-12 * pairedSe) {
      // Every cluster's total of d − d̄ is 0 (e.g. two clusters with equal means): the
      // clustered SE is 0 although the differences vary — no information, not certainty.
      skipped.push({
        method: 'clustered (cr1, cr2, miller)',
        reason: `the clustered SE is 0 although the differences vary (every cluster's residual total is 0; K = ${layout.count}); the unclustered paired interval and test are used`,
      });
    } else clustered = { cr1, cr2, miller };
  }

  // Unpaired: population variances, (Q − 1)/Q · naive SE².
  const shrink = (Q - 1) / Q;
  const unpairedSe = Math.sqrt((summaryA.naive.se ** 2 + summaryB.naive.se ** 2) * shrink);
  const unpaired = result(summaryA.score - summaryB.score, unpairedSe, level, Number.POSITIVE_INFINITY);

  // Pearson r (core scoreCorrelation's formula, from the fused sums; tested equal).
  let correlation: number | null = null;
  if (a.sumSquares > 0 && b.sumSquares > 0) {
    correlation = Math.max(-1, Math.min(1, sxy / Math.sqrt(a.sumSquares * b.sumSquares)));
  } else skipped.push({ method: 'correlation', reason: 'one system scores every question alike' });

  let mcnemar: McnemarSummary | null = null;
  let pairedIntervals: PairComparison['pairedIntervals'] = null;
  if (a.answers === null || b.answers === null) {
    skipped.push({
      method: 'mcnemar, paired 2×2 intervals',
      reason: a.answersMissing ?? b.answersMissing ?? 'no 0/1 answers',
    });
  } else {
    const n00 = Q - n11 - n10 - n01;
    const none = n10 + n01 === 0;
    const cc = none ? null : mcnemarChiSquare(n10, n01, true);
    mcnemar = {
      epoch: a.answerEpoch,
      n11,
      n10,
      n01,
      n00,
      exactPValue: mcnemarTest(n10, n01, { method: 'exact' }).pValue,
      midPValue: mcnemarTest(n10, n01, { method: 'midp' }).pValue,
      chiSquareCC: cc === null ? null : cc.statistic,
      chiSquareCCPValue: cc === null ? null : cc.pValue,
    };
    const bounds = createMarkedBounds();
    const entries = PAIRED_INTERVAL_NAMES.map((name) => {
      pairedBoundsFor(PAIRED_INTERVALS[name], level)(n11, n10, n01, n00, bounds);
      return [name, { lower: bounds.lower, upper: bounds.upper }] as const;
    });
    pairedIntervals = Object.fromEntries(entries) as Record<
      PairedIntervalName,
      { lower: number; upper: number }
    >;
  }

  // A clustered choice without a usable clustered SE (see above) falls back to the paired z.
  const method = headline.startsWith('clustered') && clustered === null ? 'pairedZ' : headline;
  const interval = headlineInterval(method, { pairedZ, pairedT, clustered, pairedIntervals });
  const testChoice = options.test === 'clustered' && clustered === null ? 'pairedT' : options.test;
  const test = pairTest(testChoice, headline, { pairedT, clustered, mcnemar });

  let power: PairPower | null = null;
  if (variance > 0) {
    const params = { omega2: variance, sigmaA2: 0, sigmaB2: 0, alpha: options.alpha, power: options.power };
    const designEffect = clustered ? clustered.cr1.se ** 2 / pairedSe ** 2 : null;
    power = {
      variance,
      mde: millerPairedMde({ ...params, n: Q }),
      mdeClustered: clustered ? powerZSum(options.alpha, options.power) * clustered.cr1.se : null,
      designEffect,
      questionsFor: options.gaps.map((gap) => {
        const n = millerPairedSampleSize({ ...params, delta: gap });
        return {
          gap,
          questions: n.items,
          clusteredQuestions: designEffect === null ? null : Math.ceil(n.n * designEffect * (1 - 1e-12)),
        };
      }),
    };
  } else skipped.push({ method: 'power', reason: 'the two systems score every question alike (s_d = 0)' });

  let epochPower: EpochPower | null = null;
  const vA = summaryA.varianceSplit;
  const vB = summaryB.varianceSplit;
  if (vA && vB) {
    epochMeanGap(a, b, fused);
    const gap = fused[0];
    const gapSs = fused[1];
    const unbiased = gapSs / (Q - 1) - vA.withinOverEpochs - vB.withinOverEpochs;
    const omega2 = Math.max(0, unbiased);
    const params = {
      omega2,
      sigmaA2: vA.within,
      sigmaB2: vB.within,
      alpha: options.alpha,
      power: options.power,
    };
    if (omega2 + vA.within + vB.within > 0) {
      epochPower = {
        gap,
        omega2,
        omega2Truncated: unbiased < 0,
        sigmaFirst2: vA.within,
        sigmaSecond2: vB.within,
        byEpochs: [...options.projectEpochs, Number.POSITIVE_INFINITY]
          .filter((K) => K !== Number.POSITIVE_INFINITY || omega2 > 0)
          .map((K) => ({
            epochs: K,
            mde: millerPairedMde({ ...params, kA: K, kB: K, n: Q }),
            questionsForGap:
              gap === 0 ? null : millerPairedSampleSize({ ...params, kA: K, kB: K, delta: gap }).items,
          })),
      };
    }
  } else if (a.maxEpochs >= 2 || b.maxEpochs >= 2) {
    skipped.push({
      method: 'epochPower',
      reason: 'needs every question answered at least twice by both systems',
    });
  }

  return {
    first: a.system,
    second: b.system,
    firstScore: summaryA.score,
    secondScore: summaryB.score,
    difference: mean,
    interval: { method, ...interval },
    pairedZ,
    pairedT,
    clustered,
    unpaired,
    correlation,
    mcnemar,
    pairedIntervals,
    test,
    power,
    epochPower,
    skipped,
  };
}

function headlineInterval(
  choice: PairedIntervalChoice,
  r: {
    pairedZ: DifferenceResult;
    pairedT: DifferenceResult;
    clustered: PairComparison['clustered'];
    pairedIntervals: PairComparison['pairedIntervals'];
  },
): { lower: number; upper: number } {
  const pick = (d: { lower: number; upper: number } | undefined | null): { lower: number; upper: number } => {
    // analyzeEval checks availability before comparing; this guards the invariant.
    if (!d) throw new Error(`paired interval ${choice} is not available for this eval`);
    return { lower: d.lower, upper: d.upper };
  };
  switch (choice) {
    case 'pairedZ':
      return pick(r.pairedZ);
    case 'pairedT':
      return pick(r.pairedT);
    case 'clustered':
      return pick(r.clustered?.cr1);
    case 'clusteredCr2':
      return pick(r.clustered?.cr2);
    case 'clusteredMiller':
      return pick(r.clustered?.miller);
    default:
      return pick(r.pairedIntervals?.[choice]);
  }
}

function pairTest(
  choice: PairTestChoice,
  headline: PairedIntervalChoice,
  r: { pairedT: DifferenceResult; clustered: PairComparison['clustered']; mcnemar: McnemarSummary | null },
): PairComparison['test'] {
  let method: Exclude<PairTestChoice, 'auto'>;
  if (choice !== 'auto') method = choice;
  else if (r.clustered) method = 'clustered';
  else if (r.mcnemar) method = 'mcnemar';
  else method = 'pairedT';
  if (method === 'clustered') {
    if (!r.clustered) throw new Error('the clustered test needs clusters');
    const c =
      headline === 'clusteredCr2'
        ? r.clustered.cr2
        : headline === 'clusteredMiller'
          ? r.clustered.miller
          : r.clustered.cr1;
    return { method, pValue: c.pValue };
  }
  if (method === 'mcnemar' || method === 'mcnemarMidp') {
    if (!r.mcnemar) throw new Error('McNemar needs 0/1 answers');
    return { method, pValue: method === 'mcnemar' ? r.mcnemar.exactPValue : r.mcnemar.midPValue };
  }
  return { method, pValue: r.pairedT.pValue };
}
