/**
 * The headline rule: which ONE interval analyze reports first, named, for each system and each
 * pair, and which test goes with the pair's interval — decided from the eval's structure and
 * score type, in this one place (docs/your-eval-reference.md and analysis/README.md print its table,
 * {@link HEADLINE_RULE_TABLE}).
 *
 * The analysed scores are 0/1 when every score is 0 or 1 and each question contributes one
 * answer (one epoch, or `--epoch N`); with several epochs they are per-question means (Miller
 * 2024 §3), graded whatever the metric.
 *
 * | structure | system | pair | test behind the pair |
 * | --- | --- | --- | --- |
 * | clusters (K ≥ 2), 0/1 scores (one answer) | Korn–Graubard Wilson | CR2, Bell–McCaffrey df | its t test |
 * | clusters (K ≥ 2), means or graded | CR2, Bell–McCaffrey df | CR2, Bell–McCaffrey df | its t test |
 * | no clusters, 0/1 scores, Q ≥ 40 | Wilson | Tango score | McNemar χ² (no continuity correction) |
 * | no clusters, 0/1 scores, Q < 40 | Jeffreys (equal-tailed) | Tango score | McNemar χ² |
 * | no clusters, means or graded | mean ± t(Q−1)·s/√Q | paired t | paired t |
 *
 * Why these, and why each interval agrees with its test by construction:
 * - clusters, a system's 0/1 accuracy: the Korn & Graubard (1998) effective-n Wilson interval
 *   (the CR1 design effect, df K − 1; R survey's svyciprop), which stays inside [0, 1] and on
 *   the audit's evals of 10 clusters × 3 questions covers 0.944 where CR2 covers 0.931, at the
 *   band's edge;
 * - clusters otherwise: questions of one subject are not independent; CR2 (Bell & McCaffrey 2002) with
 *   its Satterthwaite degrees of freedom is the small-sample correction of the cluster-robust
 *   variance that Imbens & Kolesár (2016) and Pustejovsky & Tipton (2018) recommend for few
 *   clusters, and equals CR1 with t(K − 1) when the clusters are of equal size; the pair's test
 *   is the t test with the same SE and df, so "the CI excludes 0" and "p < α" are one statement;
 * - no clusters, 0/1: Wilson (Brown, Cai & DasGupta 2001) for a proportion — below
 *   {@link SMALL_BINARY} questions the equal-tailed Jeffreys interval, which BCD recommend with
 *   Wilson for n ≤ 40 and which oscillates less: at every observed k/n with 15 ≤ n < 40 and
 *   0.15 < k/n < 0.85 its coverage stays in 0.925–0.965, where Wilson's reaches 0.976–0.982
 *   (n ≤ 30; exact binomial sums, the resampling audit's world); for a paired
 *   difference Tango's (1998) score interval, which is the set of Δ₀ its score test does not
 *   reject, and at Δ₀ = 0 that statistic is (b − c)/√(b + c), McNemar's χ² without continuity
 *   correction — recommended by Fagerland, Lydersen & Laake (2013) over the exact conditional
 *   test, which is conservative and can contradict any interval (b = 2, c = 0: exact p = 0.5);
 * - no clusters, epoch means or graded scores: the t interval, and for a pair the paired t,
 *   whose test uses the same SE and df.
 * Size: the same choice at every size; `evalsim audit` checks it on the eval at hand, and
 * yourEval/headlineAudit.test.ts runs the audit of the rule's interval on the known-truth
 * generator at 30, 300 and 3,000 questions (clusters 10 × 3, 25 × 12, 100 × 30), with and
 * without clusters, one epoch and 3 epochs, on 0/1 answers and on graded scores (logit-normal
 * partial credit): it holds in all 24 cells (coverage ± 2 MCSE inside Bradley's band). Not
 * covered there: strongly skewed graded scores on few clusters (mean score ≈ 0.87 on 10 × 3),
 * where the audit finds CR2 at 0.81–0.92 and no interval for graded scores holding — the
 * audit of such an eval says so. With fewer than {@link FEW_CLUSTERS} clusters a warning
 * says that no clustered interval is reliable. Every choice can be overridden
 * (`pairedInterval`, `test`); a test that does not invert the chosen interval is then checked
 * against it and a disagreement is stated.
 */
import type { PairedIntervalChoice, PairTestChoice } from './analysisOptions.js';

/** Below this many clusters a warning says the clustered intervals are not reliable. */
export const FEW_CLUSTERS = 10;
/** Without clusters, 0/1 scores on fewer questions get Jeffreys instead of Wilson. */
export const SMALL_BINARY = 40;
/** Below this many questions a warning says no interval keeps its level reliably. */
export const FEW_QUESTIONS = 15;

/** The shape of an eval the rule reads. */
export interface EvalShape {
  /** Questions Q. */
  readonly questions: number;
  /** Clusters K (0 without clusters). */
  readonly clusters: number;
  /** Every analysed per-question score is 0 or 1 (0/1 metric, one answer per question). */
  readonly binaryScores: boolean;
}

/** A system's headline interval. */
export type SystemHeadlineMethod = 'clusteredCr2' | 'kornGraubardWilson' | 'wilson' | 'jeffreys' | 'naiveT';

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
      system: shape.binaryScores ? 'kornGraubardWilson' : 'clusteredCr2',
      pair: 'clusteredCr2',
      test: 'clustered',
      reason: `questions come in ${shape.clusters} clusters: ${shape.binaryScores ? "for a score Korn–Graubard's effective-n Wilson; for a pair " : ''}the cluster-robust CR2 variance with Bell–McCaffrey degrees of freedom, and the pair's t test with the same SE and df`,
    };
  }
  if (shape.binaryScores) {
    const small = shape.questions < SMALL_BINARY;
    return {
      system: small ? 'jeffreys' : 'wilson',
      pair: 'tango',
      test: 'mcnemarScore',
      reason: `0/1 scores, one answer per question, no clusters: ${small ? `Jeffreys for a score (fewer than ${SMALL_BINARY} questions, where Wilson over-covers)` : 'Wilson for a score'}; for a pair Tango's score interval with McNemar's χ² test (no continuity correction), which is that interval's test at 0`,
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
    structure: 'clusters (K ≥ 2), 0/1 scores, one answer per question',
    system: 'kornGraubardWilson: Korn–Graubard effective-n Wilson (CR1 design effect, df K − 1)',
    pair: 'clusteredCr2: CR2, Bell–McCaffrey df',
    test: 'clustered: its t test (same SE, df)',
  },
  {
    structure: 'clusters (K ≥ 2), several epochs (means) or graded scores',
    system: 'clusteredCr2: CR2, Bell–McCaffrey df',
    pair: 'clusteredCr2: CR2, Bell–McCaffrey df',
    test: 'clustered: its t test (same SE, df)',
  },
  {
    structure: 'no clusters, 0/1 scores, one answer per question, Q ≥ 40',
    system: 'wilson',
    pair: 'tango: Tango score interval',
    test: 'mcnemarScore: McNemar χ², no continuity correction',
  },
  {
    structure: 'no clusters, 0/1 scores, one answer per question, Q < 40',
    system: 'jeffreys: equal-tailed Jeffreys',
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
