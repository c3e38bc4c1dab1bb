/**
 * McNemar's chi-square statistic on the discordant counts b and c, with and without
 * the continuity correction, referred to χ² with 1 df:
 *
 *   X² = (b − c)² / (b + c),        X²_cc = (max(0, |b − c| − 1))² / (b + c).
 *
 * Source: McNemar (1947), Psychometrika 12:153 (the corrected form is Edwards 1948);
 * seed 002, "McNemar statistic ≈ (|b − c| − 1)²/(b + c)". The correction is clamped at
 * 0, so b = c gives X²_cc = 0 and p = 1. statsmodels `mcnemar(exact=False)` and R's
 * `mcnemar.test` do not clamp and return 1/(b + c) when b = c — a correction larger than
 * |b − c| itself; this is the only case where they differ from this function.
 */
import { chiSquareSf } from '../distributions/chiSquare.js';
import { assertInteger, InputError } from '../validate.js';

export interface McnemarChiSquare {
  readonly statistic: number;
  readonly pValue: number;
}

/** X² (or X²_cc when `continuityCorrection`) and its χ²₁ upper-tail p-value. */
export function mcnemarChiSquare(b: number, c: number, continuityCorrection: boolean): McnemarChiSquare {
  assertInteger('b', b);
  assertInteger('c', c);
  if (b + c === 0) throw new InputError('c', 'b + c must be ≥ 1 (no discordant pairs: use mcnemarTest)');
  const gap = Math.abs(b - c) - (continuityCorrection ? 1 : 0);
  const clamped = Math.max(gap, 0);
  const statistic = (clamped * clamped) / (b + c);
  return { statistic, pValue: chiSquareSf(statistic, 1) };
}
