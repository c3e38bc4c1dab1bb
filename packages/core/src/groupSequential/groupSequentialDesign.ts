/**
 * A group-sequential design by alpha spending (Lan & DeMets 1983): K planned looks at
 * information fractions 0 < t_1 < … < t_K = 1 (equal or unequal), efficacy boundaries c_k on
 * the Z scale such that, under H0, the probability of first crossing at look k is
 * α(t_k) − α(t_{k−1}) (alphaSpending.ts). Two-sided designs reject when |Z_k| ≥ c_k (both
 * sides spend half); one-sided when Z_k ≥ c_k. Efficacy only: there is no futility boundary
 * (binding or not), so the design never stops early for lack of effect.
 *
 *   c_1 = z_{1 − α(t_1)/s};  c_k (k > 1) solves P_0(continue to k − 1, Z_k ≥ c_k) = (α(t_k) − α(t_{k−1}))/s
 *
 * by bisection on the logarithm of that probability (stageRecursion.ts), so a look that spends
 * 1e-100 still gets its boundary to full precision; a look that spends less than 1e-300 gets
 * c_k = +∞ (it never rejects). `alphaSpent` is the cumulative crossing probability the
 * recursion computes with those boundaries (equal to α(t_k) to about 1e-12).
 *
 * Checked against R rpact's getDesignGroupSequential (asOF, asP, asKD; up to 10 looks, where
 * rpact is validated; fixtures/scripts/groupSequentialRpact.R) to 1e-6, and against an
 * independent Gauss–Legendre recursion converged to 1e-11 (fixtures/scripts/groupSequential.py)
 * to 1e-9, up to 20 looks and looks spending 1e-110.
 */
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { assertInteger, assertLevel, InputError } from '../validate.js';
import { type AlphaSpending, alphaSpent, assertSpending } from './alphaSpending.js';
import { crossing, nextStage, type StageNodes } from './stageRecursion.js';

/** Most looks a design may plan. */
export const MAX_LOOKS = 100;
/** The default grid parameter r of the recursion (24: within 2e-10 of the converged reference) (J&T's 6r − 1 points per stage). */
export const DEFAULT_GRID = 24;
/** A one-sided design's continuation region is cut this many standard deviations below the mean. */
const TAIL_SD = 17;

export interface GroupSequentialOptions {
  /** Overall type-I error (two-sided: both sides together), in (0, 1). */
  readonly alpha: number;
  /** 2 (default): reject on |Z| ≥ c; 1: reject on Z ≥ c. */
  readonly sides?: 1 | 2;
  readonly spending: AlphaSpending;
  /** Information fractions of the looks, strictly increasing, the last 1. */
  readonly informationRates: readonly number[];
  /** The recursion's grid parameter r (default 24). */
  readonly grid?: number;
}

export interface GroupSequentialDesign {
  readonly alpha: number;
  readonly sides: 1 | 2;
  readonly spending: AlphaSpending;
  readonly informationRates: readonly number[];
  readonly grid: number;
  /** c_k on the Z scale (+∞ for a look that spends less than 1e-300). */
  readonly criticalValues: readonly number[];
  /** Cumulative P_0(reject by look k), as computed with these boundaries. */
  readonly alphaSpent: readonly number[];
  /** The spending function's α(t_k), which `alphaSpent` matches. */
  readonly spendingTarget: readonly number[];
  /** The nominal per-look level: s·Φ̄(c_k) (two-sided p-value at the boundary). */
  readonly nominalLevels: readonly number[];
}

/** t_k = k/K for K equally spaced looks. */
export function equalInformationRates(looks: number): number[] {
  assertInteger('looks', looks, 1);
  if (looks > MAX_LOOKS) throw new InputError('looks', `must be at most ${MAX_LOOKS}, got ${looks}`);
  return Array.from({ length: looks }, (_, k) => (k + 1) / looks);
}

/** Checks information fractions: 0 < t_1 < … < t_K = 1, at most MAX_LOOKS. */
export function assertInformationRates(rates: readonly number[]): void {
  if (!Array.isArray(rates) || rates.length === 0)
    throw new InputError('informationRates', 'must list at least one look');
  if (rates.length > MAX_LOOKS)
    throw new InputError('informationRates', `must have at most ${MAX_LOOKS} looks, got ${rates.length}`);
  for (let k = 0; k < rates.length; k++) {
    const t = rates[k];
    if (typeof t !== 'number' || !(t > 0 && t <= 1))
      throw new InputError('informationRates', `look ${k + 1} is ${t}; fractions must be in (0, 1]`);
    if (k > 0 && !(t > rates[k - 1]))
      throw new InputError(
        'informationRates',
        `looks must come in increasing order: look ${k + 1} (${t}) is not after look ${k} (${rates[k - 1]})`,
      );
  }
  if (rates[rates.length - 1] !== 1)
    throw new InputError('informationRates', `the last look must be at 1, got ${rates[rates.length - 1]}`);
}

/** The continuation interval of look k on the score scale under drift η (boundary c on the Z scale). */
export function continuationRegion(sides: 1 | 2, c: number, t: number, drift: number): [number, number] {
  const b = c * Math.sqrt(t);
  const lowTail = drift * t - TAIL_SD * Math.sqrt(t);
  return sides === 2 ? [-b, b] : [Math.min(lowTail, b), b];
}

/** The boundary whose stage-k upper crossing probability is `target`, by bisection on its log. */
function solveBoundary(prev: StageNodes, tPrev: number, t: number, target: number): number {
  const logTarget = Math.log(target);
  const f = (c: number) => Math.log(crossing(prev, tPrev, t, 0, c * Math.sqrt(t), true)) - logTarget;
  let lo = 0;
  let hi = 8;
  while (f(hi) > 0) {
    lo = hi;
    hi *= 2;
  }
  if (f(lo) < 0) return 0;
  for (let i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The design's boundaries and spending (see the module comment). */
export function groupSequentialDesign(options: GroupSequentialOptions): GroupSequentialDesign {
  const { alpha, spending, informationRates: rates } = options;
  const sides = options.sides ?? 2;
  const grid = options.grid ?? DEFAULT_GRID;
  assertLevel(alpha, 'alpha');
  if (sides !== 1 && sides !== 2) throw new InputError('sides', `must be 1 or 2, got ${sides}`);
  assertSpending(spending);
  assertInformationRates(rates);
  assertInteger('grid', grid, 4);
  const criticalValues: number[] = [];
  const spent: number[] = [];
  const targets = rates.map((t) => alphaSpent(spending, t, alpha, sides));
  let prev: StageNodes | undefined;
  let cumulative = 0;
  for (let k = 0; k < rates.length; k++) {
    const t = rates[k];
    const tPrev = k > 0 ? rates[k - 1] : 0;
    const increment = (targets[k] - (k > 0 ? targets[k - 1] : 0)) / sides;
    let c: number;
    if (!(increment >= 1e-300)) c = Number.POSITIVE_INFINITY;
    else if (!prev) c = -normalQuantile(increment);
    else c = solveBoundary(prev, tPrev, t, increment);
    criticalValues.push(c);
    const b = c * Math.sqrt(t);
    const upper = crossing(prev, tPrev, t, 0, b, true);
    cumulative += sides === 2 ? 2 * upper : upper;
    spent.push(cumulative);
    const [lo, hi] = continuationRegion(sides, c, t, 0);
    prev = nextStage(prev, tPrev, t, 0, lo, hi, grid);
  }
  return {
    alpha,
    sides,
    spending:
      spending.family === 'power'
        ? { family: 'power', rho: spending.rho as number }
        : { family: spending.family },
    informationRates: [...rates],
    grid,
    criticalValues,
    alphaSpent: spent,
    spendingTarget: targets,
    nominalLevels: criticalValues.map((c) => sides * normalSf(c)),
  };
}
