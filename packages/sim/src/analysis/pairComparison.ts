/**
 * One paired comparison, first − second, on the per-question scores both systems got for
 * the same Q questions (d_q = x_first,q − x_second,q):
 *
 * - paired: d̄, SE = s_d/√Q (s_d with Q − 1; seed 002), z interval (seed 002) and the
 *   paired t (t = d̄/SE on Q − 1 df; scipy `ttest_rel`) — on epoch means by default;
 * - clustered (K ≥ 2): CR1 with t_{K−1} (Liang–Zeger; R `sandwich::vcovCL` HC1 of
 *   lm(d ~ 1)), CR2 with the Bell–McCaffrey Satterthwaite df (R `clubSandwich`
 *   `vcovCR(type = "CR2")` + `coef_test`), Miller's eq. 4 with z (seed 000's clustered CI);
 * - unpaired, for contrast: SE = √(s²_first/Q + s²_second/Q), s² each system's sample variance
 *   (Q − 1, the one SE convention of every analyze table; seeds 000 and 002 divide by Q, which
 *   differs by the factor √(Q/(Q − 1)));
 * - ρ: Pearson correlation of the two score vectors (seed 000: SE_paired² =
 *   SE_A² + SE_B² − 2ρ SE_A SE_B; core `scoreCorrelation`'s formula from the fused sums);
 * - 0/1 answers at one epoch: the 2×2 table (n11, n10 = first right only, n01, n00),
 *   McNemar exact and mid-p (b = n10, c = n01), the continuity-corrected χ² (seed 002),
 *   and the paired 2×2 intervals (Wald, Tango, Newcombe, Bonett–Price, Agresti–Min); for
 *   contrast the unpaired ones on k_first of Q and k_second of Q (Agresti–Caffo, Newcombe's
 *   hybrid score, Miettinen–Nurminen; core twoSampleIntervals/);
 * - clusters: the four cluster bootstrap intervals of d̄ from one seeded set of B
 *   whole-cluster resamples of the per-question differences (clusterBootstrapSet.ts) — by
 *   default for at most {@link PAIR_BOOTSTRAP_AUTO_PAIRS} pairs (20 systems; ≈ 2 ms a pair), else
 *   skipped with that reason (`pairBootstrap: 'on'` runs them);
 * - power from the measured variances, with and without epochs (pairPower.ts);
 * - the headline interval and the test behind the corrections (pairSelection.ts), and whether
 *   they agree (the interval excludes 0 exactly when p < α; a test that does not invert the
 *   interval, chosen by the user, can disagree, and the pair says so in `agreement`).
 * The O(Q) passes are pairPasses.ts.
 */
import {
  agrestiCaffoInterval,
  clusteredIntervalFromTotals,
  createClusteredInterval,
  createMarkedBounds,
  mcnemarChiSquare,
  mcnemarTest,
  miettinenNurminenInterval,
  millerClusteredVariance,
  newcombeHybridInterval,
  pairedBoundsFor,
} from '@evalsim/core';
import {
  PAIRED_INTERVAL_NAMES,
  PAIRED_INTERVALS,
  type PairedIntervalName,
} from '../base/pairedIntervalNames.js';
import type { PairedIntervalChoice, ResolvedAnalyzeOptions } from './analysisOptions.js';
import {
  type BootstrapScratch,
  type ClusterBootstrapSet,
  clusterBootstrapSet,
} from './clusterBootstrapSet.js';
import type { ClusterLayout, ClusterSums } from './clusterLayout.js';
import { testInvertsInterval } from './headlineRule.js';
import { fusedPairPass, meanDifference } from './pairPasses.js';
import { type EpochPower, epochPower, type PairPower, pairPower } from './pairPower.js';
import {
  type DifferenceResult,
  differenceResult,
  type McnemarSummary,
  type UnpairedIntervals,
} from './pairResults.js';
import {
  type ClusteredResults,
  headlineInterval,
  type PairedIntervalResults,
  type PairTest,
  pairTest,
} from './pairSelection.js';
import type { QuestionScores } from './questionScores.js';
import type { SkippedMethod, SystemSummary } from './systemSummary.js';

export interface PairComparison {
  readonly first: string;
  readonly second: string;
  readonly firstScore: number;
  readonly secondScore: number;
  readonly difference: number;
  /** The headline interval (`pairedInterval`, else the headline rule's); `fallback` says why another was used. */
  readonly interval: {
    readonly method: PairedIntervalChoice;
    readonly lower: number;
    readonly upper: number;
    readonly fallback?: string;
  };
  readonly pairedZ: DifferenceResult;
  readonly pairedT: DifferenceResult;
  readonly clustered: ClusteredResults;
  /** The cluster bootstrap of d̄ (null without clusters or a usable clustered SE). */
  readonly clusterBootstrap: ClusterBootstrapSet | null;
  readonly unpaired: DifferenceResult;
  /** Agresti–Caffo, Newcombe hybrid, Miettinen–Nurminen on the 0/1 answers as if unpaired. */
  readonly unpairedIntervals: UnpairedIntervals | null;
  readonly correlation: number | null;
  readonly mcnemar: McnemarSummary | null;
  readonly pairedIntervals: PairedIntervalResults;
  /** The test behind the corrections and its raw p-value. */
  readonly test: PairTest;
  /**
   * Whether the headline interval and test tell one story: `excludesZero` (the interval) and
   * `rejects` (p < α) agree; `note` says why when they do not (only a test that does not invert
   * the interval can disagree).
   */
  readonly agreement: { readonly agrees: boolean; readonly note: string | null };
  readonly power: PairPower | null;
  /** Null unless both systems answered every question at least twice (see {@link EpochPower}). */
  readonly epochPower: EpochPower | null;
  readonly skipped: readonly SkippedMethod[];
}

/** With `pairBootstrap: 'auto'`, the paired cluster bootstraps run for evals of at most this many pairs. */
export const PAIR_BOOTSTRAP_AUTO_PAIRS = 190;

/** Scratch of {@link fusedPairPass} (Σ(d − d̄)², Σ(x − x̄)(y − ȳ), n11, n10, n01) and epochPower. */
const fused = new Float64Array(5);

/** Compares `a` (first) with `b` (second); `sums` and `scratch` are sized for the layout and B. */
export function pairComparison(
  a: QuestionScores,
  b: QuestionScores,
  summaryA: SystemSummary,
  summaryB: SystemSummary,
  layout: ClusterLayout,
  options: ResolvedAnalyzeOptions,
  headline: PairedIntervalChoice,
  sums: ClusterSums,
  scratch: BootstrapScratch,
  pairCount: number,
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
  const pairedZ = differenceResult(mean, pairedSe, level, Number.POSITIVE_INFINITY);
  const pairedT = differenceResult(mean, pairedSe, level, Q - 1);

  let clustered: ClusteredResults = null;
  if (layout.clustered) {
    const out = createClusteredInterval();
    clusteredIntervalFromTotals(sums, { level, estimator: 'cr1' }, out);
    const cr1 = differenceResult(mean, out.standardError, level, out.degreesOfFreedom);
    clusteredIntervalFromTotals(sums, { level, estimator: 'cr2' }, out);
    const cr2 = differenceResult(mean, out.standardError, level, out.degreesOfFreedom);
    const miller = differenceResult(
      mean,
      Math.sqrt(millerClusteredVariance(sums)),
      level,
      Number.POSITIVE_INFINITY,
    );
    if (pairedSe > 0 && cr1.se <= 1e-12 * pairedSe) {
      // Every cluster's total of d − d̄ is 0 (e.g. two clusters with equal means): the
      // clustered SE is 0 although the differences vary — no information, not certainty.
      skipped.push({
        method: 'clustered (cr1, cr2, miller, paired cluster bootstrap)',
        reason: `the clustered SE is 0 although the differences vary (every cluster's residual total is 0; K = ${layout.count}); the unclustered paired interval and test are used`,
      });
    } else clustered = { cr1, cr2, miller };
  }
  // The bootstrap reads the cluster sums of d the fused pass left in `sums`.
  const bootstrapPairs =
    options.pairBootstrap === 'on' ||
    (options.pairBootstrap === 'auto' && pairCount <= PAIR_BOOTSTRAP_AUTO_PAIRS);
  if (clustered !== null && !bootstrapPairs) {
    skipped.push({
      method: 'paired cluster bootstrap',
      reason:
        options.pairBootstrap === 'off'
          ? '--pair-bootstrap off'
          : `≈ 2 ms per pair at 2,000 resamples, run by default for at most ${PAIR_BOOTSTRAP_AUTO_PAIRS} pairs (${pairCount} here); pass --pair-bootstrap on`,
    });
  }
  const clusterBootstrap =
    clustered === null || !bootstrapPairs
      ? null
      : clusterBootstrapSet(
          sums,
          level,
          options.seed,
          `${a.system}\u0000${b.system}`,
          'paired cluster bootstrap',
          scratch,
          skipped,
        );

  // Unpaired: each system's naive SE (sample variances, Q − 1).
  const unpairedSe = Math.sqrt(summaryA.naive.se ** 2 + summaryB.naive.se ** 2);
  const unpaired = differenceResult(
    summaryA.score - summaryB.score,
    unpairedSe,
    level,
    Number.POSITIVE_INFINITY,
  );

  // Pearson r (core scoreCorrelation's formula, from the fused sums; tested equal).
  let correlation: number | null = null;
  if (a.sumSquares > 0 && b.sumSquares > 0) {
    correlation = Math.max(-1, Math.min(1, sxy / Math.sqrt(a.sumSquares * b.sumSquares)));
  } else skipped.push({ method: 'correlation', reason: 'one system scores every question alike' });

  let mcnemar: McnemarSummary | null = null;
  let pairedIntervals: PairedIntervalResults = null;
  if (a.answers === null || b.answers === null) {
    skipped.push({
      method: 'mcnemar, paired 2×2 intervals',
      reason: a.answersMissing ?? b.answersMissing ?? 'no 0/1 answers',
    });
  } else {
    const n00 = Q - n11 - n10 - n01;
    const none = n10 + n01 === 0;
    const cc = none ? null : mcnemarChiSquare(n10, n01, true);
    const score = mcnemarTest(n10, n01, { method: 'chisq' });
    mcnemar = {
      epoch: a.answerEpoch,
      n11,
      n10,
      n01,
      n00,
      exactPValue: mcnemarTest(n10, n01, { method: 'exact' }).pValue,
      midPValue: mcnemarTest(n10, n01, { method: 'midp' }).pValue,
      chiSquare: score.statistic,
      chiSquarePValue: score.pValue,
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
  let unpairedIntervals: UnpairedIntervals | null = null;
  if (summaryA.binary !== null && summaryB.binary !== null) {
    const kA = summaryA.binary.correct;
    const kB = summaryB.binary.correct;
    const two = (i: { lower: number; upper: number }) => ({ lower: i.lower, upper: i.upper });
    unpairedIntervals = {
      agrestiCaffo: two(agrestiCaffoInterval(kA, Q, kB, Q, level)),
      newcombeHybrid: two(newcombeHybridInterval(kA, Q, kB, Q, level)),
      miettinenNurminen: two(miettinenNurminenInterval(kA, Q, kB, Q, level)),
    };
  }

  // A clustered choice without a usable clustered SE (see above) falls back to the paired t,
  // and its test with it.
  const fellBack = headline.startsWith('clustered') && clustered === null;
  const method: PairedIntervalChoice = fellBack ? 'pairedT' : headline;
  const interval = headlineInterval(method, { pairedZ, pairedT, clustered, pairedIntervals });
  const testChoice = options.test === 'clustered' && clustered === null ? 'pairedT' : options.test;
  const test = pairTest(testChoice, method, { pairedZ, pairedT, clustered, mcnemar });
  const agreement = intervalTestAgreement(method, interval, test, options.alpha);

  const power = pairPower(variance, pairedSe, clustered ? clustered.cr1.se : null, Q, options);
  if (power === null)
    skipped.push({ method: 'power', reason: 'the two systems score every question alike (s_d = 0)' });
  const vA = summaryA.varianceSplit;
  const vB = summaryB.varianceSplit;
  const epochs = vA && vB ? epochPower(a, b, vA, vB, options, fused) : null;
  if (!(vA && vB) && (a.maxEpochs >= 2 || b.maxEpochs >= 2)) {
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
    interval: {
      method,
      ...interval,
      ...(fellBack
        ? { fallback: 'the clustered SE is 0 although the differences vary (see skipped): the paired t' }
        : {}),
    },
    pairedZ,
    pairedT,
    clustered,
    clusterBootstrap,
    unpaired,
    unpairedIntervals,
    correlation,
    mcnemar,
    pairedIntervals,
    test,
    agreement,
    power,
    epochPower: epochs,
    skipped,
  };
}

const TEST_NAMES: Record<string, string> = {
  clustered: 'the clustered t test',
  mcnemar: "McNemar's exact test",
  mcnemarMidp: "McNemar's mid-p test",
  mcnemarScore: "McNemar's χ² test",
  pairedZ: 'the paired z test',
  pairedT: 'the paired t test',
};

/**
 * Does the interval exclude 0 exactly when the test rejects at α? A test that inverts the
 * interval always agrees (up to a tie at the boundary); any other says why when it does not.
 */
function intervalTestAgreement(
  method: PairedIntervalChoice,
  interval: { lower: number; upper: number },
  test: PairTest,
  alpha: number,
): PairComparison['agreement'] {
  const excludesZero = interval.lower > 0 || interval.upper < 0;
  const rejects = test.pValue < alpha;
  if (excludesZero === rejects) return { agrees: true, note: null };
  const name = TEST_NAMES[test.method] ?? test.method;
  const why = testInvertsInterval(method, test.method)
    ? 'the p-value sits at α (a tie between the interval and its own test)'
    : `${name} is not the test of the ${method} interval (they use different statistics${test.method === 'mcnemar' ? '; the exact conditional test is conservative' : ''}); the default test is the one that inverts the interval`;
  return {
    agrees: false,
    note: `the ${method} interval ${excludesZero ? 'excludes' : 'includes'} 0 but ${name} gives p = ${Number(test.pValue.toPrecision(2))} (${rejects ? '<' : '≥'} α = ${alpha}): ${why}`,
  };
}
