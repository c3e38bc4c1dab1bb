/**
 * Sign-flip (paired randomization) test of "the per-item differences are symmetric
 * about 0" (Fisher 1935, §21; Good, Permutation Tests, 2005, §3.6). Under the null each
 * d_i is as likely to have been −d_i, so the statistic T = Σd_i is compared with
 * T* = Σ s_i·d_i for random signs s_i = ±1 (each ½, drawn with rng.uniform() < ½):
 *
 *   p = (1 + #{b : |T*_b| ≥ |T|}) / (1 + B)          (two-sided, B = permutations)
 *
 * Counting the observed statistic as one of the permutations keeps p > 0 and the test
 * valid at level α for any B (Phipson & Smyth 2010, Stat Appl Genet Mol Biol 9:39).
 * Ties within rounding are counted as exceedances: |T*| ≥ |T|·(1 − 1e-12), like
 * scipy.stats.permutation_test's tolerance. Zero differences cannot change sign and are
 * skipped. All d_i = 0 gives T = 0 and p = 1, flagged `degenerate`.
 * The reported `statistic` is the mean difference d̄ = T/n.
 */
import type { Rng } from '../types.js';
import { assertInteger, assertScores } from '../validate.js';

export interface SignFlipTest {
  /** d̄ = mean(d). */
  readonly statistic: number;
  readonly pValue: number;
  readonly permutations: number;
  /** #{|T*| ≥ |T|} among the random sign vectors. */
  readonly exceedances: number;
  /** True when every d_i = 0. */
  readonly degenerate: boolean;
}

/** Two-sided Monte Carlo sign-flip test on differences d with `permutations` random sign vectors. */
export function signFlipPermutationTest(d: ArrayLike<number>, permutations: number, rng: Rng): SignFlipTest {
  assertScores('d', d, 1);
  assertInteger('permutations', permutations, 1);
  let count = 0;
  let total = 0;
  for (let i = 0; i < d.length; i++) {
    if (d[i] !== 0) count++;
    total += d[i];
  }
  const statistic = total / d.length;
  if (count === 0) return { statistic, pValue: 1, permutations, exceedances: permutations, degenerate: true };
  const nonzero = new Float64Array(count);
  for (let i = 0, j = 0; i < d.length; i++) if (d[i] !== 0) nonzero[j++] = d[i];
  const threshold = Math.abs(total) * (1 - 1e-12);
  let exceedances = 0;
  for (let p = 0; p < permutations; p++) {
    let t = 0;
    for (let i = 0; i < count; i++) t += rng.uniform() < 0.5 ? nonzero[i] : -nonzero[i];
    if (Math.abs(t) >= threshold) exceedances++;
  }
  return {
    statistic,
    pValue: (1 + exceedances) / (1 + permutations),
    permutations,
    exceedances,
    degenerate: false,
  };
}
