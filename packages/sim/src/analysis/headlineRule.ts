/**
 * The headline rule: which ONE interval analyze reports first, named, for each system and each
 * pair, and which test goes with the pair's interval — decided from the eval's structure and
 * score type, in this one place (docs/your-eval.md and analysis/README.md print its table,
 * {@link HEADLINE_RULE_TABLE}).
 *
 * The analysed scores are 0/1 when every score is 0 or 1 and each question contributes one
 * answer (one epoch, or `--epoch N`); with several epochs they are per-question means (Miller
 * 2024 §3), graded whatever the metric.
 *
 * | structure | system | pair | test behind the pair |
 * | --- | --- | --- | --- |
 * | clusters (K ≥ 2), any scores | CR2, Bell–McCaffrey df | CR2, Bell–McCaffrey df | its t test |
 * | no clusters, 0/1 scores | Wilson | Tango score | McNemar χ² (no continuity correction) |
 * | no clusters, means or graded | mean ± t(Q−1)·s/√Q | paired t | paired t |
 *
 * Why these, and why each interval agrees with its test by construction:
 * - clusters: questions of one subject are not independent; CR2 (Bell & McCaffrey 2002) with
 *   its Satterthwaite degrees of freedom is the small-sample correction of the cluster-robust
 *   variance that Imbens & Kolesár (2016) and Pustejovsky & Tipton (2018) recommend for few
 *   clusters, and equals CR1 with t(K − 1) when the clusters are of equal size; the pair's test
 *   is the t test with the same SE and df, so "the CI excludes 0" and "p < α" are one statement;
 * - no clusters, 0/1: Wilson (Brown, Cai & DasGupta 2001) for a proportion; for a paired
 *   difference Tango's (1998) score interval, which is the set of Δ₀ its score test does not
 *   reject, and at Δ₀ = 0 that statistic is (b − c)/√(b + c), McNemar's χ² without continuity
 *   correction — recommended by Fagerland, Lydersen & Laake (2013) over the exact conditional
 *   test, which is conservative and can contradict any interval (b = 2, c = 0: exact p = 0.5);
 * - no clusters, epoch means or graded scores: the t interval, and for a pair the paired t,
 *   whose test uses the same SE and df.
 * Size: the same choice at every size; `evalsim audit` checks it on the eval at hand, and the
 * rule's test (headlineRule.test.ts) runs the audit at 30, 300 and 3,000 questions, 0/1 and
 * graded, with and without clusters. With fewer than {@link FEW_CLUSTERS} clusters a warning
 * says that no clustered interval is reliable. Every choice can be overridden
 * (`pairedInterval`, `test`); a test that does not invert the chosen interval is then checked
 * against it and a disagreement is stated.
 */
import type { PairedIntervalChoice, PairTestChoice } from './analysisOptions.js';

/** Below this many clusters a warning says the clustered intervals are not reliable. */
export const FEW_CLUSTERS = 10;

/** The shape of an eval the rule reads. */
export interface EvalShape {
  /** Clusters K (0 without clusters). */
  readonly clusters: number;
  /** Every analysed per-question score is 0 or 1 (0/1 metric, one answer per question). */
  readonly binaryScores: boolean;
}

/** A system's headline interval. */
export type SystemHeadlineMethod = 'clusteredCr2' | 'wilson' | 'naiveT';

export interface HeadlineChoice {
  readonly system: SystemHeadlineMethod;
  readonly pair: PairedIntervalChoice;
  readonly test: Exclude<PairTestChoice, 'auto'>;
  /** Why, in one sentence (printed under the tables). */
  readonly reason: string;
}

/** The rule (see the module doc). */
export function headlineRule(shape: EvalShape): HeadlineChoice {
  if (shape.clusters >= 2) {
    return {
      system: 'clusteredCr2',
      pair: 'clusteredCr2',
      test: 'clustered',
      reason: `questions come in ${shape.clusters} clusters: the cluster-robust CR2 variance with Bell–McCaffrey degrees of freedom, and the pair's t test with the same SE and df`,
    };
  }
  if (shape.binaryScores) {
    return {
      system: 'wilson',
      pair: 'tango',
      test: 'mcnemarScore',
      reason:
        "0/1 scores, one answer per question, no clusters: Wilson for a score; for a pair Tango's score interval with McNemar's χ² test (no continuity correction), which is that interval's test at 0",
    };
  }
  return {
    system: 'naiveT',
    pair: 'pairedT',
    test: 'pairedT',
    reason:
      'per-question means (several epochs) or graded scores, no clusters: the t interval, and for a pair the paired t interval with the paired t test',
  };
}

/** The test that inverts a paired interval (analyze's `test: 'auto'`). */
export function testOfInterval(interval: PairedIntervalChoice): Exclude<PairTestChoice, 'auto'> {
  if (interval.startsWith('clustered')) return 'clustered';
  if (interval === 'pairedZ') return 'pairedZ';
  if (interval === 'pairedT') return 'pairedT';
  return 'mcnemarScore';
}

/** True when `test` is the inversion of `interval` (they cannot disagree but at a tie). */
export function testInvertsInterval(interval: PairedIntervalChoice, test: Exclude<PairTestChoice, 'auto'>) {
  return (
    (test === 'clustered' && interval.startsWith('clustered')) ||
    (test === 'pairedZ' && interval === 'pairedZ') ||
    (test === 'pairedT' && interval === 'pairedT') ||
    (test === 'mcnemarScore' && interval === 'tango')
  );
}

/** The rule as rows (for the docs and `--json`). */
export const HEADLINE_RULE_TABLE: readonly {
  readonly structure: string;
  readonly system: string;
  readonly pair: string;
  readonly test: string;
}[] = [
  {
    structure: 'clusters (K ≥ 2; any scores, any epochs)',
    system: 'clusteredCr2: CR2, Bell–McCaffrey df',
    pair: 'clusteredCr2: CR2, Bell–McCaffrey df',
    test: 'clustered: its t test (same SE, df)',
  },
  {
    structure: 'no clusters, 0/1 scores, one answer per question',
    system: 'wilson',
    pair: 'tango: Tango score interval',
    test: 'mcnemarScore: McNemar χ², no continuity correction',
  },
  {
    structure: 'no clusters, several epochs (per-question means) or graded scores',
    system: 'naiveT: mean ± t(Q−1)·s/√Q',
    pair: 'pairedT: paired t',
    test: 'pairedT: paired t',
  },
];
