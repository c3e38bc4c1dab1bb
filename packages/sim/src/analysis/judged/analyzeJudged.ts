/**
 * `analyzeJudged(table, options)`: the report of a judge-scored eval with a human-labelled slice
 * (issue 30; `evalsim analyze … --labels`). Per system: the recommended estimate first
 * (judgedRecommendation.ts), then PPI++ (with λ̂), PPI, Rogan–Gladen with Lee et al.'s published
 * interval and with the plain delta method, the labelled-only mean and the judge-only score
 * (flagged as biased when the judge disagrees with any label), each with its interval; the
 * judge's agreement with the labels (sensitivity, specificity, Cohen's κ, each with an interval;
 * 0/1 verdicts) and its mean error on the labelled rows; the random-slice checks
 * (sliceChecks.ts). Per pair (first − second: systems[j] − systems[i] for i < j as analyzeEval, or
 * each system − baseline): every method's difference on the shared questions, with its interval
 * (core judgedDifference: Σ_g (T_g^A − T_g^B)², the labelled slices shared or not).
 *
 * Conventions (ppi_py's, stated in every report's `conventions`): the unlabelled set is the
 * judged rows without a label; plug-in variances (ddof 0); normal critical values; the level is
 * `level` (default 95%; ppi_py's default is 90%); every variance sums within question clusters
 * (a question's named cluster, or the question itself, so a question's epochs are one cluster)
 * with no small-sample factor.
 */
import {
  type JudgeAgreement,
  type JudgedMethod,
  type JudgedWork,
  judgeAgreement,
  judgedDifference,
  judgedInfluence,
  judgedInterval,
  judgedWork,
  type LabelledShareTest,
  labelledShareTest,
  normalCritical,
  sumOfSquares,
} from '@evalsim/core';
import { formatEvalWarning } from '../../evals/evalInputError.js';
import type { EvalTable } from '../../evals/evalTable.js';
import {
  type JudgedEstimate,
  PAIR_METHODS,
  reportEstimate,
  SYSTEM_METHODS,
  skipReason,
} from './judgedEstimates.js';
import { type JudgedRecommendation, recommendPair, recommendSystem } from './judgedRecommendation.js';
import { type JudgedRowsOptions, type JudgedSystemRows, judgedRows } from './judgedRows.js';
import { clusterShareTest, type LabelledGap, labelledGapTest, SLICE_ALPHA } from './sliceChecks.js';

export interface AnalyzeJudgedOptions extends JudgedRowsOptions {
  /** Interval level (default 0.95). */
  readonly level?: number;
  /** Compare every other system with this one only. */
  readonly baseline?: string | undefined;
}

export interface JudgedSystemReport {
  readonly system: string;
  /** Judged rows (question × epoch), n labelled, N unlabelled. */
  readonly rows: number;
  readonly labelled: number;
  readonly unlabelled: number;
  /** Labelled rows with y = 1 (m1) and y = 0 (m0); NaN for graded labels. */
  readonly positives: number;
  readonly negatives: number;
  readonly recommended: JudgedRecommendation;
  readonly estimates: readonly JudgedEstimate[];
  /** The judge's mean minus the labels' on the labelled rows, f̄_L − ȳ, with its interval. */
  readonly judgeError: { readonly estimate: number; readonly lower: number; readonly upper: number } | null;
  /** The judge disagrees with at least one label (its score is then biased); null without labels. */
  readonly judgeBiased: boolean | null;
  readonly agreement: JudgeAgreement | null;
  /** Why there is no agreement (no labels, graded verdicts or labels). */
  readonly agreementSkipped: string | null;
  readonly slice: { readonly labelledGap: LabelledGap | null; readonly byCluster: LabelledShareTest | null };
}

export interface JudgedPairReport {
  readonly first: string;
  readonly second: string;
  /** How the labelled slices relate: the same rows, some rows in common, or none. */
  readonly slice: 'shared' | 'partly shared' | 'separate';
  /** Rows labelled for both systems (same question and epoch). */
  readonly labelledBoth: number;
  readonly recommended: JudgedRecommendation;
  /** first − second, per method. */
  readonly estimates: readonly JudgedEstimate[];
}

export interface JudgedAnalysis {
  readonly task: string;
  readonly metric: string;
  readonly labels: string;
  readonly labelMetric: string;
  readonly level: number;
  readonly systems: readonly string[];
  readonly questions: number;
  /** Named clusters (0 when the eval has none). */
  readonly clusters: number;
  /** Clusters the variances sum within (named clusters, and questions without one). */
  readonly varianceClusters: number;
  readonly epochs: number;
  readonly binary: boolean;
  /** Lowest and highest verdict or label (the scale the report prints in). */
  readonly scoreRange: readonly [number, number];
  readonly perSystem: readonly JudgedSystemReport[];
  readonly pairs: readonly JudgedPairReport[];
  /** The labelled share across systems (null with one system). */
  readonly bySystem: LabelledShareTest | null;
  readonly sliceAlpha: number;
  readonly conventions: readonly string[];
  readonly warnings: readonly string[];
}

export const JUDGED_CONVENTIONS: readonly string[] = [
  'unlabelled rows: the judged rows without a label (ppi_py’s Yhat_unlabeled); a labelled row is never counted in them',
  'PPI: f̄_U + (ȳ_L − f̄_L); PPI++: λ̂ f̄_U + (ȳ_L − λ̂ f̄_L), λ̂ = clip(Cov_L(y, f)/((1 + n/N)·Var_{L∪U}(f)), 0, 1) as ppi_py',
  'variances: plug-in (ddof 0, as ppi_py and Lee et al.), summed within question clusters (Σ_g T_g² of the influence terms), no small-sample factor; intervals: estimate ± z·SE',
  'Rogan–Gladen: (p + specificity − 1)/(sensitivity + specificity − 1) with p the judge’s share on the unlabelled rows; Lee et al.’s interval is their published, smoothed one (with clusters, at cluster-effective sizes), the delta method the plain one',
  'ppi_py’s default level is 90% (alpha = 0.1); these intervals are at the level given (default 95%)',
];

function range(samples: 1 | 2): readonly [number, number] {
  return samples === 1 ? [0, 1] : [-1, 1];
}

function systemReport(
  rows: JudgedSystemRows,
  work: JudgedWork,
  level: number,
  clusters: number,
): JudgedSystemReport {
  const { sample } = rows;
  const { sums } = work;
  const estimates = SYSTEM_METHODS.map((method) =>
    reportEstimate(judgedInterval(sample, method, level, work), skipReason(method, sums), range(1)),
  );
  let judgeError: JudgedSystemReport['judgeError'] = null;
  let judgeBiased: boolean | null = null;
  if (sums.labelled > 0) {
    const estimate = judgedInfluence(sample, sums, 'judgeBias', work.totals);
    const se = Math.sqrt(sumOfSquares(work.totals, sums.clusters));
    const z = normalCritical(level);
    judgeError = { estimate, lower: estimate - z * se, upper: estimate + z * se };
    judgeBiased = false;
    for (let i = 0; i < sample.judge.length && !judgeBiased; i++) {
      const y = sample.label[i];
      if (!Number.isNaN(y) && y !== sample.judge[i]) judgeBiased = true;
    }
  }
  const agreementSkipped =
    sums.labelled === 0
      ? 'no labelled row'
      : !sums.judgeBinary
        ? 'the verdicts are graded, not 0/1'
        : !sums.labelBinary
          ? 'the labels are graded, not 0/1'
          : null;
  return {
    system: rows.system,
    rows: sums.rows,
    labelled: sums.labelled,
    unlabelled: sums.unlabelled,
    positives: sums.positives,
    negatives: sums.negatives,
    recommended: recommendSystem(sums),
    estimates,
    judgeError,
    judgeBiased,
    agreement: agreementSkipped === null ? judgeAgreement(sample, level, work) : null,
    agreementSkipped,
    slice: { labelledGap: labelledGapTest(sample, work), byCluster: clusterShareTest(sample, clusters) },
  };
}

function pairReport(
  a: JudgedSystemRows,
  b: JudgedSystemRows,
  workA: JudgedWork,
  workB: JudgedWork,
  level: number,
): JudgedPairReport {
  const estimates = PAIR_METHODS.map((method) => {
    const skipped = skipReason(method, workA.sums) ?? skipReason(method, workB.sums);
    const who = skipReason(method, workA.sums) !== null ? a.system : b.system;
    return reportEstimate(
      judgedDifference(a.sample, b.sample, method, level, workA, workB),
      skipped === null ? null : `${who}: ${skipped}`,
      range(2),
    );
  });
  // The slices, row by row: both systems' rows are the same (question, epoch) cells only when
  // their rows line up; compare by question and label presence.
  const labelledA = new Set<number>();
  for (let i = 0; i < a.sample.judge.length; i++)
    if (!Number.isNaN(a.sample.label[i])) labelledA.add(a.question[i]);
  let both = 0;
  let onlyB = 0;
  for (let i = 0; i < b.sample.judge.length; i++) {
    if (Number.isNaN(b.sample.label[i])) continue;
    if (labelledA.has(b.question[i])) both++;
    else onlyB++;
  }
  const slice =
    both > 0 && onlyB === 0 && both === workA.sums.labelled
      ? 'shared'
      : both > 0
        ? 'partly shared'
        : 'separate';
  return {
    first: a.system,
    second: b.system,
    slice,
    labelledBoth: both,
    recommended: recommendPair(workA.sums, workB.sums),
    estimates,
  };
}

/** The analysis (module comment); errors name the flag or the input row. */
export function analyzeJudged(table: EvalTable, options: AnalyzeJudgedOptions): JudgedAnalysis {
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new RangeError(`--level: must be in (0, 1), got ${level}`);
  const data = judgedRows(table, options);
  const { matrix, layout } = data;
  const works = data.systems.map((s) => judgedWork(s.sample));
  const namedClusters = layout.clustered ? layout.count : 0;
  const perSystem = data.systems.map((s, k) => systemReport(s, works[k], level, namedClusters));
  const S = data.systems.length;
  const index = new Map(matrix.systems.map((s, k) => [s, k]));
  const pairs: JudgedPairReport[] = [];
  if (options.baseline !== undefined) {
    const base = index.get(options.baseline);
    if (base === undefined)
      throw new RangeError(
        `--baseline ${options.baseline}: no such system; systems: ${matrix.systems.join(', ')}`,
      );
    for (let j = 0; j < S; j++) {
      if (j !== base)
        pairs.push(pairReport(data.systems[j], data.systems[base], works[j], works[base], level));
    }
  } else {
    for (let i = 0; i < S; i++) {
      for (let j = i + 1; j < S; j++)
        pairs.push(pairReport(data.systems[j], data.systems[i], works[j], works[i], level));
    }
  }
  const warnings = data.warnings.map(formatEvalWarning);
  const unlabelledSystems = perSystem.filter((s) => s.labelled === 0).map((s) => s.system);
  if (unlabelledSystems.length === S) {
    throw new RangeError(
      `--labels ${options.labels}: no judged row of ${matrix.systems.join(', ')} has a label (metric "${data.labelMetric}"); nothing to correct the judge with`,
    );
  }
  if (unlabelledSystems.length > 0) {
    warnings.push(
      `labels for some systems only: ${unlabelledSystems.join(', ')} ha${unlabelledSystems.length === 1 ? 's' : 've'} no labelled row, so ${unlabelledSystems.length === 1 ? 'its' : 'their'} score is the judge’s, uncorrected, and every difference with ${unlabelledSystems.length === 1 ? 'it' : 'them'} too`,
    );
  }
  let bySystem: LabelledShareTest | null = null;
  if (S >= 2) {
    bySystem = labelledShareTest(
      perSystem.map((s) => s.labelled),
      perSystem.map((s) => s.rows),
    );
    if (!bySystem.degenerate && bySystem.pValue < SLICE_ALPHA && unlabelledSystems.length === 0) {
      const shares = perSystem
        .map((s) => `${s.system} ${((100 * s.labelled) / s.rows).toFixed(1)}%`)
        .join(', ');
      warnings.push(
        `the labelled share differs between systems (χ² = ${bySystem.statistic.toFixed(1)}, df ${bySystem.df}, p = ${bySystem.pValue.toExponential(1)} < ${SLICE_ALPHA}: ${shares}); each system is corrected with its own slice, but check that each slice was drawn at random`,
      );
    }
  }
  for (const s of perSystem) {
    const gap = s.slice.labelledGap;
    if (gap !== null && gap.pValue < SLICE_ALPHA) {
      warnings.push(
        `${s.system}: the judge scores the labelled rows ${gap.estimate > 0 ? 'higher' : 'lower'} than the unlabelled ones (${(100 * gap.estimate).toFixed(1)} points, z test p = ${gap.pValue.toExponential(1)} < ${SLICE_ALPHA}): the labelled slice may not be a random sample, which PPI and Rogan–Gladen assume`,
      );
    }
    const byCluster = s.slice.byCluster;
    if (byCluster !== null && !byCluster.degenerate && byCluster.pValue < SLICE_ALPHA) {
      warnings.push(
        `${s.system}: the labelled share differs across clusters (χ² = ${byCluster.statistic.toFixed(1)}, df ${byCluster.df}, p = ${byCluster.pValue.toExponential(1)} < ${SLICE_ALPHA}): labels concentrated in some clusters are not a random sample of the rows`,
      );
    }
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of data.systems) {
    for (let i = 0; i < s.sample.judge.length; i++) {
      const f = s.sample.judge[i];
      const y = s.sample.label[i];
      lo = Math.min(lo, f, Number.isNaN(y) ? f : y);
      hi = Math.max(hi, f, Number.isNaN(y) ? f : y);
    }
  }
  return {
    task: matrix.task,
    metric: matrix.metric,
    labels: options.labels,
    labelMetric: data.labelMetric,
    level,
    systems: matrix.systems,
    questions: matrix.questions.length,
    clusters: namedClusters,
    varianceClusters: layout.count,
    epochs: matrix.epochs,
    binary: matrix.binary,
    scoreRange: [lo, hi],
    perSystem,
    pairs,
    bySystem,
    sliceAlpha: SLICE_ALPHA,
    conventions: JUDGED_CONVENTIONS,
    warnings,
  };
}

/** The recommended estimate of each system, by name (for tests and callers). */
export function recommendedEstimate(report: JudgedSystemReport | JudgedPairReport): JudgedEstimate {
  return report.estimates.find((e) => e.method === (report.recommended.method as JudgedMethod))!;
}
