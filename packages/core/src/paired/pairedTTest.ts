/**
 * Paired t-test (Student 1908) of mean(a − b) = 0 on per-item scores:
 *
 *   d_i = a_i − b_i,  t = d̄ / (s_d/√n),  df = n − 1,  p = 2·P(T_{n−1} > |t|).
 *
 * Same computation as scipy.stats.ttest_rel(a, b) (two-sided). It is
 * {@link pairedDifference} with `critical: 't'`, reported as a test. All d_i equal gives
 * SE = 0: `degenerate: true` with t = 0, p = 1 (d̄ = 0) or t = ±∞, p = 0.
 */
import { pairedDifference } from './pairedDifference.js';

export interface PairedTTest {
  readonly t: number;
  readonly df: number;
  readonly pValue: number;
  /** d̄ = mean(a − b). */
  readonly estimate: number;
  readonly se: number;
  readonly degenerate: boolean;
}

/** Two-sided paired t-test of a against b (n ≥ 2). */
export function pairedTTest(a: ArrayLike<number>, b: ArrayLike<number>): PairedTTest {
  const r = pairedDifference(a, b, 0.95, { critical: 't' });
  return {
    t: r.statistic,
    df: r.df,
    pValue: r.pValue,
    estimate: r.estimate,
    se: r.se,
    degenerate: r.degenerate,
  };
}
