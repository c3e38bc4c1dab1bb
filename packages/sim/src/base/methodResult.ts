/**
 * The result of one method on one replication, {@link MethodResult}, and its writers.
 * An analyser fills one in place (NaN where a field does not apply). Core estimators compute the estimate and its
 * standard error; these helpers only copy them and add the one-sided p-values the
 * simulation's rejection-rate metrics need. For a Wald-type test of H0: θ = 0 with
 * statistic T = θ̂/SE referred to N(0, 1) (df = ∞) or t_df:
 *
 *   pGreater = P(T ≥ t_obs) (H1: θ > 0),  pLess = P(T ≤ t_obs) (H1: θ < 0),
 *   pTwoSided = min(1, 2·P(T ≥ |t_obs|)),  interval θ̂ ± c·SE with c = z or t_{df, 1−α/2}.
 *
 * Degenerate SE = 0 (as core's differenceInference.ts): interval collapses to θ̂;
 * θ̂ = 0 gives every p = 1; θ̂ > 0 gives pGreater = pTwoSided = 0, pLess = 1 (mirror
 * for θ̂ < 0); `degenerate` is true.
 */
import { normalCritical, normalSf, tCritical, tSf } from '@evalsim/core';

/** Filled in place by an analyser; NaN where a field does not apply. */
export interface MethodResult {
  estimate: number;
  se: number;
  lower: number;
  upper: number;
  /** p-values against H0: parameter = null value (0 for differences, or as set). */
  pTwoSided: number;
  pGreater: number;
  pLess: number;
  /** True when the method could not analyse this replication (k = 0 with zero SE, one cluster, no discordant pairs…). */
  degenerate: boolean;
  /**
   * The number of observations (questions) the method used — for a sequential test, where it
   * stopped; NaN for a method with a fixed size (metric `meanSampleSize`).
   */
  sampleSize: number;
}

/** Sets every field to NaN and `degenerate` to false. */
export function resetMethodResult(out: MethodResult): MethodResult {
  out.estimate = Number.NaN;
  out.se = Number.NaN;
  out.lower = Number.NaN;
  out.upper = Number.NaN;
  clearPValues(out);
  out.degenerate = false;
  out.sampleSize = Number.NaN;
  return out;
}

/** A fresh result with every field NaN and `degenerate` false. */
export function createMethodResult(): MethodResult {
  return resetMethodResult({} as MethodResult);
}

/** Sets the three p-values to NaN (for interval-only methods). */
export function clearPValues(out: MethodResult): void {
  out.pTwoSided = Number.NaN;
  out.pGreater = Number.NaN;
  out.pLess = Number.NaN;
}

/** Upper tail P(T ≥ x) of N(0, 1) (df = ∞) or t_df. */
function upperTail(x: number, df: number): number {
  return df === Number.POSITIVE_INFINITY ? normalSf(x) : tSf(x, df);
}

/**
 * p-values of a statistic on N(0, 1) (df = ∞) or t_df from one tail evaluation
 * τ = P(T ≥ |t|): the side the statistic falls on gets τ, the other 1 − τ; two-sided
 * min(1, 2τ).
 */
function fillPValues(out: MethodResult, statistic: number, df: number): void {
  fillPValuesFromTail(out, statistic, upperTail(Math.abs(statistic), df));
}

/** The p-values of {@link fillPValues} from its tail τ = P(T ≥ |statistic|), already known. */
function fillPValuesFromTail(out: MethodResult, statistic: number, tail: number): void {
  out.pGreater = statistic >= 0 ? tail : 1 - tail;
  out.pLess = statistic >= 0 ? 1 - tail : tail;
  out.pTwoSided = Math.min(1, 2 * tail);
}

/** Two-sided critical value of N(0, 1) (df = ∞) or t_df at `level`. */
export function criticalValue(level: number, df: number): number {
  return df === Number.POSITIVE_INFINITY ? normalCritical(level) : tCritical(level, df);
}

/**
 * Fills `out` with the Wald interval θ̂ ± c·SE and the p-values of H0: θ = 0 (see module
 * comment); `critical` is the precomputed c for `df` (from {@link criticalValue}).
 */
export function fillWaldTest(
  out: MethodResult,
  estimate: number,
  se: number,
  df: number,
  critical: number,
): void {
  out.estimate = estimate;
  out.se = se;
  out.lower = estimate - critical * se;
  out.upper = estimate + critical * se;
  if (se > 0) {
    fillPValues(out, estimate / se, df);
    out.degenerate = false;
  } else {
    out.pTwoSided = estimate === 0 ? 1 : 0;
    out.pGreater = estimate > 0 ? 0 : 1;
    out.pLess = estimate < 0 ? 0 : 1;
    out.degenerate = true;
  }
}

/** The fields of a core difference test (core's `DifferenceTest` / `DifferenceTestOut`). */
export interface CoreDifferenceTest {
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  readonly statistic: number;
  readonly df: number;
  readonly pValue: number;
  readonly degenerate: boolean;
}

/**
 * The tail τ = P(T ≥ |statistic|) of a non-degenerate core difference test, whose two-sided
 * p-value is min(1, 2τ) (core differenceInference.ts, fillDifferenceTest): τ = p/2 when p < 1
 * (doubling and halving are exact in binary floating point, so this is τ bit for bit, without a
 * second t or normal tail evaluation), else (τ ≥ ½, |statistic| ≈ 0) evaluated again.
 */
function tailOfDifferenceTest(test: CoreDifferenceTest): number {
  return test.pValue < 1 ? test.pValue / 2 : upperTail(Math.abs(test.statistic), test.df);
}

/**
 * Copies a core difference test into `out` (estimate, SE, interval, two-sided p,
 * degenerate flag) and adds the one-sided p-values of its statistic (module comment), from the
 * tail its two-sided p-value already holds ({@link tailOfDifferenceTest}).
 */
export function copyDifferenceTest(out: MethodResult, test: CoreDifferenceTest): void {
  out.estimate = test.estimate;
  out.se = test.se;
  out.lower = test.lower;
  out.upper = test.upper;
  out.pTwoSided = test.pValue;
  out.degenerate = test.degenerate;
  if (test.degenerate) {
    out.pGreater = test.estimate > 0 ? 0 : 1;
    out.pLess = test.estimate < 0 ? 0 : 1;
  } else {
    fillPValuesFromTail(out, test.statistic, tailOfDifferenceTest(test));
    out.pTwoSided = test.pValue;
  }
}

/** Marks `out` degenerate with every numeric field NaN (the method could not analyse at all). */
export function fillUnanalysable(out: MethodResult, estimate = Number.NaN): void {
  out.estimate = estimate;
  out.se = Number.NaN;
  out.lower = Number.NaN;
  out.upper = Number.NaN;
  clearPValues(out);
  out.degenerate = true;
}
