/**
 * Options of {@link analyzeMultiSample} and their defaults, checked once: a bad value throws a
 * RangeError naming the option as its CLI flag (`--k`, `--pass-threshold`, …) and what is
 * allowed.
 */

/** Which pass^k is reported as pass^k: the unbiased C(c, k)/C(n, k) (tau-bench, inspect_ai's `pass_k`) or the plug-in (c/n)^k. */
export type PassHatConvention = 'unbiased' | 'plugin';
export const PASS_HAT_CONVENTIONS: readonly PassHatConvention[] = ['unbiased', 'plugin'];

/** What to do with questions that have fewer than k samples for some system. */
export type TooFewSamples = 'refuse' | 'exclude';
export const TOO_FEW_SAMPLES_CHOICES: readonly TooFewSamples[] = ['refuse', 'exclude'];

/** The beta-binomial posterior (≈ 10 ms per estimate): `auto` runs it for at most 8 systems, or where the headline is flagged. */
export type PosteriorChoice = 'auto' | 'on' | 'off';
export const POSTERIOR_CHOICES: readonly PosteriorChoice[] = ['auto', 'on', 'off'];
export const POSTERIOR_AUTO_SYSTEMS = 8;

export interface MultiSampleOptions {
  /** The k of pass@k, pass^k and maj@k (default: 1, and 5 and 10 when every question has that many samples). */
  readonly k?: readonly number[];
  /** A sample passes when its score ≥ this (required for graded scores). */
  readonly passThreshold?: number;
  readonly passHat?: PassHatConvention;
  readonly tooFewSamples?: TooFewSamples;
  /** Interval level (default 0.95). */
  readonly level?: number;
  /** Compare every other system with this one only. */
  readonly baseline?: string;
  /** Seed and resamples of the bootstrap (analyze's `--seed`, `--resamples`). */
  readonly seed?: number;
  readonly resamples?: number;
  readonly posterior?: PosteriorChoice;
}

export interface ResolvedMultiSampleOptions {
  readonly k: readonly number[] | undefined;
  readonly passThreshold: number | undefined;
  readonly passHat: PassHatConvention;
  readonly tooFewSamples: TooFewSamples;
  readonly level: number;
  readonly alpha: number;
  readonly baseline: string | undefined;
  readonly seed: number;
  readonly resamples: number;
  readonly posterior: PosteriorChoice;
}

function choice<T extends string>(flag: string, value: T | undefined, allowed: readonly T[], fallback: T): T {
  const v = value ?? fallback;
  if (!allowed.includes(v))
    throw new RangeError(`--${flag}: "${String(v)}" is not one of ${allowed.join(', ')}`);
  return v;
}

export function resolveMultiSampleOptions(options: MultiSampleOptions = {}): ResolvedMultiSampleOptions {
  const level = options.level ?? 0.95;
  if (!(typeof level === 'number' && level > 0 && level < 1)) {
    throw new RangeError(`--level: must be a number strictly between 0 and 1, got ${String(level)}`);
  }
  let k: number[] | undefined;
  if (options.k !== undefined) {
    if (options.k.length === 0) throw new RangeError('--k: give at least one k (e.g. --k 1,5,10)');
    k = [...new Set(options.k)].sort((a, b) => a - b);
    for (const x of k) {
      if (!(Number.isInteger(x) && x >= 1 && x <= 1_000_000)) {
        throw new RangeError(`--k: each k must be a whole number from 1 to 1000000, got ${String(x)}`);
      }
    }
  }
  const t = options.passThreshold;
  if (t !== undefined && !(typeof t === 'number' && Number.isFinite(t))) {
    throw new RangeError(`--pass-threshold: must be a finite number, got ${String(t)}`);
  }
  const seed = options.seed ?? 1;
  if (!(Number.isSafeInteger(seed) && seed >= 0))
    throw new RangeError(`--seed: must be a whole number ≥ 0, got ${String(seed)}`);
  const resamples = options.resamples ?? 2000;
  if (!(Number.isInteger(resamples) && resamples >= 100 && resamples <= 1_000_000)) {
    throw new RangeError(`--resamples: must be a whole number from 100 to 1000000, got ${String(resamples)}`);
  }
  return {
    k,
    passThreshold: t,
    passHat: choice('pass-hat', options.passHat, PASS_HAT_CONVENTIONS, 'unbiased'),
    tooFewSamples: choice('too-few-samples', options.tooFewSamples, TOO_FEW_SAMPLES_CHOICES, 'refuse'),
    level,
    alpha: 1 - level,
    baseline: options.baseline,
    seed,
    resamples,
    posterior: choice('posterior', options.posterior, POSTERIOR_CHOICES, 'auto'),
  };
}
