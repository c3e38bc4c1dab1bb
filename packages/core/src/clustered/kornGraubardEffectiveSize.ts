/**
 * Korn–Graubard degrees-of-freedom-adjusted effective sample size of a proportion
 * estimated from a clustered (survey) sample (Korn & Graubard 1998, "Confidence intervals
 * for proportions with small expected number of positive counts estimated from survey
 * data", Survey Methodology 24:193–201):
 *
 *   n* = p̂(1 − p̂)/v(p̂)            (Kish's effective n: n / design effect),
 *   n*_df = n* · (t_{n−1} / t_df)²  (their df adjustment; t_ν = t_{ν, 1−α/2}),
 *
 * i.e. n* DIVIDED by (t_df / t_{n−1})², which shrinks it when the variance has few degrees
 * of freedom (df = K − 1 for K clusters). This is R survey 4.5's `svyciprop(method =
 * "beta")` (n.eff · (qt(α/2, n − 1)/qt(α/2, degf))²). `adjustment: 'normal'` uses z in place
 * of t_{n−1} — n* divided by (t_df/z)², the large-n limit — which is what survey's
 * `svyciprop(method = "wilson")` amounts to (its Wilson form with t_df and n* is algebraically
 * Wilson with z and n*·(z/t_df)²).
 *
 * Degenerate data (p̂ = 0 or 1, or v(p̂) = 0): the variance carries no information on the
 * design effect, so n* is taken as the actual n (design effect 1) and the result is
 * marked degenerate; the df factor is still applied.
 */
import { normalCritical, tCritical } from '../distributions/index.js';
import { assertInteger, assertLevel, InputError } from '../validate.js';

/** Which critical value stands over t_df in the df factor. */
export type KornGraubardAdjustment = 'kornGraubard' | 'normal';

/** (t_{n−1}/t_df)² for 'kornGraubard' (default) or (z/t_df)² for 'normal'; n ≥ 2, df ≥ 1. */
export function kornGraubardDfFactor(
  n: number,
  df: number,
  level = 0.95,
  adjustment: KornGraubardAdjustment = 'kornGraubard',
): number {
  assertInteger('n', n, 2);
  assertInteger('df', df, 1);
  assertLevel(level);
  if (adjustment !== 'kornGraubard' && adjustment !== 'normal') {
    throw new InputError(
      'adjustment',
      `must be 'kornGraubard' or 'normal', got ${JSON.stringify(adjustment)}`,
    );
  }
  const numerator = adjustment === 'normal' ? normalCritical(level) : tCritical(level, n - 1);
  const ratio = numerator / tCritical(level, df);
  return ratio * ratio;
}

/** Output of {@link kornGraubardEffectiveSize}: n*_df and whether the data were degenerate. */
export interface KornGraubardSize {
  effectiveN: number;
  degenerate: boolean;
}

/**
 * n*_df = factor · p̂(1 − p̂)/v, or factor · n when p̂ ∈ {0, 1} or v = 0 (degenerate).
 * Allocation-free (fills `out`); inputs not checked.
 */
export function kornGraubardEffectiveSize(
  p: number,
  n: number,
  variance: number,
  factor: number,
  out: KornGraubardSize,
): KornGraubardSize {
  const degenerate = !(variance > 0) || p <= 0 || p >= 1;
  out.effectiveN = factor * (degenerate ? n : (p * (1 - p)) / variance);
  out.degenerate = degenerate;
  return out;
}
