/**
 * `analyzeEval(matrix, options)`: honest error bars and paired comparisons for a real eval,
 * as one plain object (no I/O, no presentation; the CLI's `evalsim analyze` renders it).
 *
 * Per-question scores are computed once per system (questionScores.ts); each pair is one
 * O(Q) pass over two of them plus an O(K) pass over its cluster sums, so 20 systems ×
 * 14,000 questions × 5 epochs (190 pairs) is a few tens of millions of operations.
 * Pairs: every pair i < j as systems[j] − systems[i] (the matrix's system order), or with
 * `baseline` each other system minus the baseline. The p-values of the chosen test
 * (analysisOptions.ts) are adjusted across the pairs by Holm (family-wise) and
 * Benjamini–Hochberg (false discovery rate); the leaderboard's tie groups use Holm.
 * The eval-level power summary takes the median measured paired variance over the pairs.
 * The headline interval of every system and pair is the headline rule's (headlineRule.ts)
 * unless chosen, with its marks (core intervalMarks: a bound outside the possible range, zero
 * width). The result is one object of named sections (systems, pairs, leaderboard, power, …):
 * a further analysis adds its own section beside them.
 */
import {
  benjaminiHochberg,
  holm,
  intervalMarks,
  millerPairedMde,
  millerPairedSampleSize,
  multiplicityMdeFactor,
} from '@evalsim/core';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import {
  type AnalyzeOptions,
  type PairedIntervalChoice,
  type ResolvedAnalyzeOptions,
  resolveAnalyzeOptions,
} from './analysisOptions.js';
import { createBootstrapScratch } from './clusterBootstrapSet.js';
import { clusterLayout, createClusterSums } from './clusterLayout.js';
import { FEW_CLUSTERS, FEW_QUESTIONS, type HeadlineChoice, headlineRule } from './headlineRule.js';
import { type LeaderboardRow, leaderboard } from './leaderboard.js';
import { type PairComparison, pairComparison } from './pairComparison.js';
import { type QuestionScores, questionScores } from './questionScores.js';
import { averageUnits, macroWeights, type ScoreAverages, scoreAverages } from './scoreAverages.js';
import { questionWeights } from './scoreWeights.js';
import { type SystemSummary, systemSummary } from './systemSummary.js';

/** Marks of an interval (core intervalMarks, in the metric's units): empty when fine. */
export interface Marked {
  readonly marks: readonly string[];
}

export interface AdjustedPair extends Omit<PairComparison, 'interval'> {
  readonly interval: PairComparison['interval'] & Marked;
  /** Micro, macro (clusters) and user-weighted averages of the differences, each with its SE. */
  readonly averages: ScoreAverages;
  readonly holmPValue: number;
  readonly bhPValue: number;
  /** Holm-adjusted p < α: the leaderboard counts the pair as separated. */
  readonly separated: boolean;
}

export interface EvalAnalysis {
  readonly task: string;
  readonly metric: string;
  readonly questions: number;
  readonly clusters: number;
  /** Questions without a cluster, each counted as its own cluster. */
  readonly unclusteredQuestions: number;
  readonly epochs: number;
  readonly binary: boolean;
  /** Smallest and largest score present (reports show [0, 1] scores as percentage points). */
  readonly scoreRange: readonly [number, number];
  readonly options: ResolvedAnalyzeOptions & { readonly pairedInterval: PairedIntervalChoice };
  /** The headline rule's choice for this eval (headlineRule.ts) and whether the user overrode it. */
  readonly headline: HeadlineChoice & {
    readonly pairChosen: PairedIntervalChoice;
    readonly testChosen: string;
    readonly overridden: boolean;
  };
  /**
   * The range a score and a difference can take ([0, 1] and [−1, 1] when every score is in
   * [0, 1]; null when the scale is unknown: only zero width is then marked).
   */
  readonly possibleRange: {
    readonly score: readonly [number, number] | null;
    readonly difference: readonly [number, number] | null;
  };
  /** What the continuous and the 0/1 methods used. */
  readonly basis: { readonly scores: string; readonly answers: string };
  readonly systems: readonly (Omit<SystemSummary, 'headline'> & {
    readonly headline: SystemSummary['headline'] & Marked;
    /** Micro, macro (clusters) and user-weighted averages, each with its SE (scoreAverages.ts). */
    readonly averages: ScoreAverages;
  })[];
  readonly pairs: readonly AdjustedPair[];
  readonly leaderboard: readonly LeaderboardRow[];
  /** From the median measured paired variance over the pairs; null with one system or no variance. */
  readonly power: {
    readonly variance: number;
    readonly mde: number;
    /** The MDE at Holm's first threshold α/m over the m pairs (Bonferroni-type factor; seed 000 Step 5). */
    readonly mdeCorrected: number;
    readonly questionsFor: readonly { readonly gap: number; readonly questions: number }[];
  } | null;
  readonly warnings: readonly string[];
}

/** All pairs of at most this many systems are compared by default; more need `allPairs`. */
export const MAX_ALL_PAIRS_SYSTEMS = 200;
/** The pairs of {@link MAX_ALL_PAIRS_SYSTEMS} systems. */
export const MAX_ALL_PAIRS = (MAX_ALL_PAIRS_SYSTEMS * (MAX_ALL_PAIRS_SYSTEMS - 1)) / 2;

const BINARY_ONLY = new Set<string>(['pairedWald', 'tango', 'newcombePaired', 'bonettPrice', 'agrestiMin']);

/** What a caller may watch while an eval is analysed (not part of the result or its echo). */
export interface AnalyzeHooks {
  /**
   * Called after each system and each pair is summarised, with the units done and in all
   * (systems + pairs): the per-system bootstraps and HBB fits and the per-pair intervals are the
   * long part (a progress line for `evalsim analyze`).
   */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Analyses an aligned eval (see module doc). */
export function analyzeEval(
  matrix: EvalMatrix,
  options: AnalyzeOptions = {},
  hooks: AnalyzeHooks = {},
): EvalAnalysis {
  const resolved = resolveAnalyzeOptions(options);
  const S = matrix.systems.length;
  const Q = matrix.questions.length;
  if (Q < 2) throw new RangeError(`the eval has ${Q} question in common; analyze needs at least 2`);
  if (resolved.epoch !== undefined && resolved.epoch > matrix.epochs) {
    throw new RangeError(`--epoch ${resolved.epoch}: the eval's epochs run 1 to ${matrix.epochs}`);
  }
  const layout = clusterLayout(matrix);
  // The analysed scores are 0/1 when the metric is and each question has one answer (one
  // epoch, or --epoch N): matrix.epochs is the largest epoch any system has.
  const rule = headlineRule({
    questions: Q,
    clusters: layout.clustered ? layout.count : 0,
    binaryScores: matrix.binary && (resolved.epoch !== undefined || matrix.epochs === 1),
  });
  const headline: PairedIntervalChoice = resolved.pairedInterval ?? rule.pair;
  if (headline.startsWith('clustered') && !layout.clustered) {
    throw new RangeError(
      `--paired-interval ${headline}: the eval has no clusters (import it with --cluster)`,
    );
  }
  if (resolved.test === 'clustered' && !layout.clustered) {
    throw new RangeError('--test clustered: the eval has no clusters (import it with --cluster)');
  }
  const needsBinary = BINARY_ONLY.has(headline)
    ? `--paired-interval ${headline}`
    : resolved.test === 'mcnemar' || resolved.test === 'mcnemarMidp' || resolved.test === 'mcnemarScore'
      ? `--test ${resolved.test}`
      : undefined;
  if (needsBinary !== undefined && !matrix.binary) {
    throw new RangeError(`${needsBinary} needs 0/1 scores; metric ${matrix.metric} has graded scores`);
  }
  let baseline = -1;
  if (resolved.baseline !== undefined) {
    baseline = matrix.systems.indexOf(resolved.baseline);
    if (baseline < 0) {
      throw new RangeError(
        `--baseline "${resolved.baseline}" is not a system of the eval; systems: ${matrix.systems.join(', ')}`,
      );
    }
  }

  const perSystem: QuestionScores[] = [];
  for (let s = 0; s < S; s++) perSystem.push(questionScores(matrix, s, resolved.epoch));
  if (needsBinary !== undefined) {
    const missing = perSystem.find((x) => x.answers === null);
    if (missing) throw new RangeError(`${needsBinary}: ${missing.answersMissing}`);
  }
  const macro = macroWeights(layout);
  const weighted = options.weights ? questionWeights(options.weights, matrix, layout) : null;
  const units = averageUnits(layout);
  const averageScratch = new Float64Array(units.count);
  const differences = new Float64Array(Q);
  const sums = createClusterSums(layout.count);
  const scratch = createBootstrapScratch(resolved.resamples, layout.count);
  // Systems and pairs, the units of progress (the pairs are counted once they are known).
  const pairCount = baseline >= 0 ? S - 1 : (S * (S - 1)) / 2;
  const progressUnits = S + pairCount;
  let done = 0;
  const progress = hooks.onProgress;
  const systems = perSystem.map((x) => {
    const summary = systemSummary(x, layout, resolved, S, sums, scratch, rule.system);
    progress?.(++done, progressUnits);
    return summary;
  });

  const pairsIJ: [number, number][] = [];
  if (baseline < 0 && (S * (S - 1)) / 2 > MAX_ALL_PAIRS && !resolved.allPairs) {
    throw new RangeError(
      `${S} systems make ${((S * (S - 1)) / 2).toLocaleString('en-US')} pairs; beyond ${MAX_ALL_PAIRS.toLocaleString('en-US')} pairs (${MAX_ALL_PAIRS_SYSTEMS} systems) comparing every pair needs --all-pairs (time and memory grow with the pairs); or compare each system with one --baseline`,
    );
  }
  if (baseline >= 0) {
    for (let s = 0; s < S; s++) if (s !== baseline) pairsIJ.push([s, baseline]);
  } else for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) pairsIJ.push([j, i]);
  const raw = pairsIJ.map(([a, b]) => {
    const pair = pairComparison(
      perSystem[a],
      perSystem[b],
      systems[a],
      systems[b],
      layout,
      resolved,
      headline,
      sums,
      scratch,
      pairsIJ.length,
    );
    progress?.(++done, progressUnits);
    return pair;
  });
  const p = Float64Array.from(raw, (r) => r.test.pValue);
  const h = raw.length ? holm(p, resolved.alpha) : { adjusted: new Float64Array(0) };
  const bh = raw.length ? benjaminiHochberg(p, resolved.alpha) : { adjusted: new Float64Array(0) };
  const separated: [number, number][] = [];
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const all = matrix.scores;
  for (let i = 0; i < all.length; i++) {
    const x = all[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const unit = lo >= 0 && hi <= 1;
  const possibleRange = {
    score: unit ? ([0, 1] as const) : null,
    difference: unit ? ([-1, 1] as const) : null,
  };
  const marks = (i: { lower: number; upper: number }, range: readonly [number, number] | null) =>
    range ? intervalMarks(i.lower, i.upper, range) : intervalMarks(i.lower, i.upper, [-Infinity, Infinity]);
  const pairs: AdjustedPair[] = raw.map((r, k) => {
    const sep = h.adjusted[k] < resolved.alpha;
    const [a, b] = pairsIJ[k];
    if (sep) separated.push([a, b]);
    const x = perSystem[a].scores;
    const y = perSystem[b].scores;
    for (let q = 0; q < Q; q++) differences[q] = x[q] - y[q];
    return {
      ...r,
      interval: { ...r.interval, marks: marks(r.interval, possibleRange.difference) },
      averages: scoreAverages(differences, units, resolved.level, macro, weighted, averageScratch),
      holmPValue: h.adjusted[k],
      bhPValue: bh.adjusted[k],
      separated: sep,
    };
  });

  const variances = pairs
    .map((r) => r.power?.variance)
    .filter((v): v is number => v !== undefined)
    .sort((u, v) => u - v);
  let power: EvalAnalysis['power'] = null;
  if (variances.length) {
    const m = variances.length;
    const variance = m % 2 ? variances[(m - 1) / 2] : (variances[m / 2 - 1] + variances[m / 2]) / 2;
    const params = { omega2: variance, sigmaA2: 0, sigmaB2: 0, alpha: resolved.alpha, power: resolved.power };
    power = {
      variance,
      mde: millerPairedMde({ ...params, n: Q }),
      mdeCorrected:
        millerPairedMde({ ...params, n: Q }) *
        multiplicityMdeFactor(pairs.length, { alpha: resolved.alpha, power: resolved.power }),
      questionsFor: resolved.gaps.map((gap) => ({
        gap,
        questions: millerPairedSampleSize({ ...params, delta: gap }).items,
      })),
    };
  }

  const warnings = matrix.warnings.map((w) => w.message);
  if (layout.singletons > 0 && layout.clustered) {
    warnings.push(
      `${layout.singletons} of ${Q} questions have no cluster; each is counted as a cluster of its own`,
    );
  }
  const answerEpoch = resolved.epoch ?? 1;
  if (BINARY_ONLY.has(headline) && resolved.epoch === undefined && matrix.epochs > 1) {
    warnings.push(
      `--paired-interval ${headline} is computed on the 0/1 answers of epoch 1, while the differences, ` +
        'tests and power use epoch means; pass --epoch 1 to analyse epoch 1 throughout',
    );
  }
  if (Q < FEW_QUESTIONS) {
    warnings.push(
      `only ${Q} questions: no interval keeps its level reliably with fewer than ${FEW_QUESTIONS} (check with evalsim audit)`,
    );
  }
  if (layout.clustered && layout.count < FEW_CLUSTERS) {
    warnings.push(
      `only ${layout.count} clusters: no clustered interval keeps its level reliably with fewer than ${FEW_CLUSTERS} (CR2's small-sample correction helps, but check with evalsim audit)`,
    );
  }
  const board = leaderboard(
    matrix.systems,
    systems.map((s) => s.score),
    separated,
  );
  if (board.groupsOmitted) warnings.push(`leaderboard: ${board.groupsOmitted}`);
  const testChosen = pairs[0]?.test.method ?? (resolved.test === 'auto' ? rule.test : resolved.test);
  return {
    task: matrix.task,
    metric: matrix.metric,
    questions: Q,
    clusters: layout.clustered ? layout.count : 0,
    unclusteredQuestions: layout.singletons,
    epochs: matrix.epochs,
    binary: matrix.binary,
    scoreRange: [lo, hi],
    options: { ...resolved, pairedInterval: headline },
    headline: {
      ...rule,
      pairChosen: headline,
      testChosen,
      overridden: headline !== rule.pair || (resolved.test !== 'auto' && resolved.test !== rule.test),
    },
    possibleRange,
    basis: {
      scores:
        resolved.epoch === undefined
          ? 'per-question mean over each system\u2019s epochs'
          : `epoch ${resolved.epoch}`,
      answers: matrix.binary ? `epoch ${answerEpoch}` : 'none (graded scores)',
    },
    systems: systems.map((x, s) => ({
      ...x,
      headline: { ...x.headline, marks: marks(x.headline, possibleRange.score) },
      averages: scoreAverages(perSystem[s].scores, units, resolved.level, macro, weighted, averageScratch),
    })),
    pairs,
    leaderboard: [...board],
    power,
    warnings,
  };
}
