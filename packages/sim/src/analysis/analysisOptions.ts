/**
 * Options of {@link analyzeEval} and their defaults, checked once: a bad value throws a
 * RangeError naming the option (the CLI flag of the same name) and the allowed values.
 *
 * Which scores each method sees (the "basis"):
 * - without `epoch`: every continuous method (means, naive / clustered / paired / unpaired
 *   intervals, paired t, ICC, power) uses each question's mean over the epochs that system
 *   answered (Miller 2024 §3: average within a question first); the methods defined on one
 *   0/1 answer per question (Wilson, Clopper–Pearson, McNemar, the paired 2×2 intervals)
 *   use epoch 1, and say so;
 * - with `epoch: N`: every method uses epoch N alone (seed 000 Step 3: "each system's first
 *   answer to every question").
 */
import { PAIRED_INTERVAL_NAMES, type PairedIntervalName } from '../base/pairedIntervalNames.js';
import type { ScoreWeights } from './scoreWeights.js';

/** The paired-difference interval reported as a pair's headline CI. */
export type PairedIntervalChoice =
  /** CR1 (Liang–Zeger, K/(K−1)) on the per-question differences, t with K − 1 df. */
  | 'clustered'
  /** CR2 (Bell–McCaffrey) with its Satterthwaite df. */
  | 'clusteredCr2'
  /** Miller (2024) eq. 4 clustered SE with a normal critical value (seed 000's clustered CI). */
  | 'clusteredMiller'
  /** s_d/√n (n − 1 in s_d), normal critical value (seed 002). */
  | 'pairedZ'
  /** s_d/√n with t_{n−1} (the paired t interval). */
  | 'pairedT'
  /** The paired 2×2 intervals of core pairedIntervals/ (0/1 scores, one epoch). */
  | PairedIntervalName;

export const PAIRED_INTERVAL_CHOICES: readonly PairedIntervalChoice[] = [
  'clustered',
  'clusteredCr2',
  'clusteredMiller',
  'pairedZ',
  'pairedT',
  ...PAIRED_INTERVAL_NAMES,
];

/** The p-value each pair contributes to Holm / BH and the leaderboard's separation. */
export type PairTestChoice =
  /** The test that inverts the headline interval (headlineRule.ts `testOfInterval`). */
  | 'auto'
  /** The clustered headline interval's t test (CR1, CR2 or Miller, as the interval). */
  | 'clustered'
  /** McNemar's exact conditional (binomial) test. */
  | 'mcnemar'
  | 'mcnemarMidp'
  /** McNemar's χ² without continuity correction: Tango's score test at Δ = 0. */
  | 'mcnemarScore'
  /** The paired z test (the pairedZ interval's). */
  | 'pairedZ'
  | 'pairedT';

export const PAIR_TEST_CHOICES: readonly PairTestChoice[] = [
  'auto',
  'clustered',
  'mcnemar',
  'mcnemarMidp',
  'mcnemarScore',
  'pairedZ',
  'pairedT',
];

export interface AnalyzeOptions {
  /** Confidence level of every interval (default 0.95); α = 1 − level for tests and corrections. */
  readonly level?: number;
  /** Compare every other system against this one only (default: all pairs). */
  readonly baseline?: string;
  /** Analyse this epoch alone (1-based); default: epoch means, 0/1 methods on epoch 1. */
  readonly epoch?: number;
  /** Headline paired interval (default: the headline rule's, headlineRule.ts). */
  readonly pairedInterval?: PairedIntervalChoice;
  /** Test behind the adjusted p-values (default `auto`). */
  readonly test?: PairTestChoice;
  /** Power for the minimum detectable difference and sample sizes (default 0.8). */
  readonly power?: number;
  /** Paired gaps (fractions) to size the eval for (default 0.01, 0.02, 0.03, 0.05). */
  readonly gaps?: readonly number[];
  /** Epochs per question to project the SE at (default 1, 2, 5, 10). */
  readonly projectEpochs?: readonly number[];
  /** Seed of the cluster bootstraps (default {@link DEFAULT_ANALYZE_SEED}). */
  readonly seed?: number;
  /** Whole-cluster resamples B of every cluster bootstrap (default {@link DEFAULT_ANALYZE_RESAMPLES}). */
  readonly resamples?: number;
  /** The hierarchical beta-binomial interval (≈ 0.5 s per system): `auto` (default) runs it for few systems. */
  readonly hbb?: HbbChoice;
  /** Weights per cluster or per question for a weighted score beside the micro and macro averages. */
  readonly weights?: ScoreWeights;
  /** Compare every pair even beyond MAX_ALL_PAIRS (analyzeEval.ts) pairs. */
  readonly allPairs?: boolean;
  /** The paired cluster bootstraps (≈ 2 ms per pair): `auto` (default) runs them for few pairs. */
  readonly pairBootstrap?: HbbChoice;
}

export type HbbChoice = 'auto' | 'on' | 'off';
export const HBB_CHOICES: readonly HbbChoice[] = ['auto', 'on', 'off'];
/** The cluster bootstraps' seed unless `seed` is given. */
export const DEFAULT_ANALYZE_SEED = 1;
/** Resamples per cluster bootstrap unless `resamples` is given (boot.ci's BCa wants ≥ 1000). */
export const DEFAULT_ANALYZE_RESAMPLES = 2000;

export interface ResolvedAnalyzeOptions {
  readonly level: number;
  readonly alpha: number;
  readonly baseline: string | undefined;
  readonly epoch: number | undefined;
  readonly pairedInterval: PairedIntervalChoice | undefined;
  readonly test: PairTestChoice;
  readonly power: number;
  readonly gaps: readonly number[];
  readonly projectEpochs: readonly number[];
  readonly seed: number;
  readonly resamples: number;
  readonly hbb: HbbChoice;
  /** The weights file, as named (the weights themselves are applied by analyzeEval). */
  readonly weights: string | undefined;
  readonly allPairs: boolean;
  readonly pairBootstrap: HbbChoice;
}

function fraction(name: string, x: unknown): number {
  if (typeof x !== 'number' || !(x > 0 && x < 1)) {
    throw new RangeError(`${name}: must be a number strictly between 0 and 1, got ${String(x)}`);
  }
  return x;
}

/** An auto / on / off option (default auto). */
function choice(name: string, x: HbbChoice | undefined): HbbChoice {
  const value = x ?? 'auto';
  if (!HBB_CHOICES.includes(value)) {
    throw new RangeError(`${name}: "${String(value)}" is not one of ${HBB_CHOICES.join(', ')}`);
  }
  return value;
}

/** Checks `options` and fills the defaults. */
export function resolveAnalyzeOptions(options: AnalyzeOptions = {}): ResolvedAnalyzeOptions {
  const level = fraction('level', options.level ?? 0.95);
  const power = fraction('power', options.power ?? 0.8);
  const epoch = options.epoch;
  if (epoch !== undefined && !(Number.isInteger(epoch) && epoch >= 1)) {
    throw new RangeError(`epoch: must be a whole number ≥ 1, got ${String(epoch)}`);
  }
  const pi = options.pairedInterval;
  if (pi !== undefined && !PAIRED_INTERVAL_CHOICES.includes(pi)) {
    throw new RangeError(
      `paired-interval: "${String(pi)}" is not one of ${PAIRED_INTERVAL_CHOICES.join(', ')}`,
    );
  }
  const test = options.test ?? 'auto';
  if (!PAIR_TEST_CHOICES.includes(test)) {
    throw new RangeError(`test: "${String(test)}" is not one of ${PAIR_TEST_CHOICES.join(', ')}`);
  }
  const gaps = options.gaps ?? [0.01, 0.02, 0.03, 0.05];
  for (const g of gaps) fraction('gaps', g);
  const projectEpochs = options.projectEpochs ?? [1, 2, 5, 10];
  for (const k of projectEpochs) {
    if (!(Number.isInteger(k) && k >= 1)) {
      throw new RangeError(`project-epochs: each must be a whole number ≥ 1, got ${String(k)}`);
    }
  }
  const seed = options.seed ?? DEFAULT_ANALYZE_SEED;
  if (!(Number.isSafeInteger(seed) && seed >= 0)) {
    throw new RangeError(`seed: must be a whole number ≥ 0, got ${String(seed)}`);
  }
  const resamples = options.resamples ?? DEFAULT_ANALYZE_RESAMPLES;
  if (!(Number.isInteger(resamples) && resamples >= 100 && resamples <= 1_000_000)) {
    throw new RangeError(`resamples: must be a whole number from 100 to 1000000, got ${String(resamples)}`);
  }
  const hbb = choice('hbb', options.hbb);
  return {
    level,
    // 1 − 0.95 is 0.050000000000000044 in binary; α is echoed (and used) as the decimal it stands for.
    alpha: Number((1 - level).toPrecision(12)),
    baseline: options.baseline,
    epoch,
    pairedInterval: pi,
    test,
    power,
    gaps,
    projectEpochs,
    seed,
    resamples,
    hbb,
    weights: options.weights?.source,
    allPairs: options.allPairs === true,
    pairBootstrap: choice('pair-bootstrap', options.pairBootstrap),
  };
}
