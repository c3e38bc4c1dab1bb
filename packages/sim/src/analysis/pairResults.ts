/**
 * The result shapes of a paired comparison, shared by pairComparison.ts, pairPower.ts and
 * pairSelection.ts: an interval with its Wald/t test, and the McNemar summary.
 */
import { differenceTest } from '@evalsim/core';

/** An interval with its Wald/t test of "no difference". */
export interface DifferenceResult {
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  /** Infinity for the normal. */
  readonly df: number;
  readonly statistic: number;
  readonly pValue: number;
}

export interface McnemarSummary {
  readonly epoch: number;
  readonly n11: number;
  /** First right, second wrong (McNemar's b). */
  readonly n10: number;
  /** First wrong, second right (McNemar's c). */
  readonly n01: number;
  readonly n00: number;
  readonly exactPValue: number;
  readonly midPValue: number;
  /** (b − c)²/(b + c), McNemar's χ² without continuity correction, and its χ²₁ p (1 when b + c = 0). */
  readonly chiSquare: number;
  readonly chiSquarePValue: number;
  /** (|b − c| − 1)²/(b + c) and its χ²₁ p (seed 002); null when b + c = 0. */
  readonly chiSquareCC: number | null;
  readonly chiSquareCCPValue: number | null;
}

/**
 * The intervals for a difference of independent proportions, on the two systems' 0/1 answers
 * treated as unpaired (k_first of Q − k_second of Q), for contrast with the paired ones.
 */
export interface UnpairedIntervals {
  readonly agrestiCaffo: { readonly lower: number; readonly upper: number };
  readonly newcombeHybrid: { readonly lower: number; readonly upper: number };
  readonly miettinenNurminen: { readonly lower: number; readonly upper: number };
}

/** A {@link DifferenceResult} from an estimate, its SE, the level and df (Infinity: normal). */
export function differenceResult(estimate: number, se: number, level: number, df: number): DifferenceResult {
  const t = differenceTest(estimate, se, level, df, '');
  return { estimate, se, lower: t.lower, upper: t.upper, df, statistic: t.statistic, pValue: t.pValue };
}
