/**
 * Shared last step of every difference estimator in this folder: given an estimate θ̂,
 * its standard error and the reference distribution (normal, or Student t with ν
 * degrees of freedom), build the two-sided interval and test of θ = 0:
 *
 *   statistic = θ̂ / SE,   [θ̂ − c·SE, θ̂ + c·SE],   p = 2·P(T > |statistic|),
 *   c = z_{1−(1−level)/2} (ν = ∞) or t_{ν, 1−(1−level)/2}.
 *
 * Degenerate case SE = 0 (all differences equal): the interval collapses to θ̂,
 * statistic = 0 and p = 1 when θ̂ = 0, else statistic = ±∞ and p = 0; `degenerate` is
 * true so callers can count it.
 */
import { normalCritical, normalSf } from '../distributions/normal.js';
import { tCritical, tSf } from '../distributions/studentT.js';
import type { TCriticalOf } from '../distributions/tCriticalMemo.js';
import type { Interval } from '../types.js';

/** A two-sided interval for a difference with its Wald-type test of "no difference". */
export interface DifferenceTest extends Interval {
  /** Standard error of the estimate. */
  readonly se: number;
  /** estimate / se (z or t). */
  readonly statistic: number;
  /** Degrees of freedom of the reference t distribution; Infinity for the normal. */
  readonly df: number;
  /** Two-sided p-value of estimate = 0. */
  readonly pValue: number;
  /** True when se = 0 (see module doc). */
  readonly degenerate: boolean;
}

/** Mutable target for the allocation-free `…FromSums` / `…FromTotals` forms. */
export interface DifferenceTestOut {
  estimate: number;
  se: number;
  lower: number;
  upper: number;
  statistic: number;
  df: number;
  pValue: number;
  degenerate: boolean;
}

/** A fresh, zeroed {@link DifferenceTestOut} to reuse across calls. */
export function createDifferenceTestOut(): DifferenceTestOut {
  return { estimate: 0, se: 0, lower: 0, upper: 0, statistic: 0, df: 0, pValue: 1, degenerate: false };
}

/** The last level's z_{1−(1−level)/2}: a simulation asks for one level every replication. */
let lastLevel = Number.NaN;
let lastNormalCritical = Number.NaN;

/** normalCritical(level), recomputed only when the level changes (the same bits). */
function normalCriticalOf(level: number): number {
  if (level !== lastLevel) {
    lastNormalCritical = normalCritical(level);
    lastLevel = level;
  }
  return lastNormalCritical;
}

/**
 * Fills `out` from (estimate, se, level, df); no allocation. `level` must already be checked.
 * `tCriticalOf` (default {@link tCritical}) may be a memo of it (createTCriticalMemo: same bits).
 */
export function fillDifferenceTest(
  out: DifferenceTestOut,
  estimate: number,
  se: number,
  level: number,
  df: number,
  tCriticalOf: TCriticalOf = tCritical,
): DifferenceTestOut {
  const normal = df === Number.POSITIVE_INFINITY;
  const critical = normal ? normalCriticalOf(level) : tCriticalOf(level, df);
  out.estimate = estimate;
  out.se = se;
  out.df = df;
  out.lower = estimate - critical * se;
  out.upper = estimate + critical * se;
  if (se > 0) {
    const statistic = estimate / se;
    const tail = normal ? normalSf(Math.abs(statistic)) : tSf(Math.abs(statistic), df);
    out.statistic = statistic;
    out.pValue = Math.min(1, 2 * tail);
    out.degenerate = false;
  } else {
    out.statistic = estimate === 0 ? 0 : estimate > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    out.pValue = estimate === 0 ? 1 : 0;
    out.degenerate = true;
  }
  return out;
}

/** Allocating form: a {@link DifferenceTest} labelled with `method`. */
export function differenceTest(
  estimate: number,
  se: number,
  level: number,
  df: number,
  method: string,
): DifferenceTest {
  const out = fillDifferenceTest(createDifferenceTestOut(), estimate, se, level, df);
  return { ...out, level, method };
}
