/**
 * Unpaired (independent-samples) Wald interval and z-test for a difference of two
 * proportions, p̂_A − p̂_B with p̂ = k/n:
 *
 *   SE = √( p̂_A(1 − p̂_A)/n_A + p̂_B(1 − p̂_B)/n_B ),   p̂_A − p̂_B ± z_{1−(1−level)/2}·SE,
 *   z = (p̂_A − p̂_B)/SE,  p = 2(1 − Φ(|z|)).
 *
 * Source: Agresti, Categorical Data Analysis (3rd ed., 2013) §1.4 / eq. 3.4; the
 * "Standard error of a difference between two independent proportions" of seed 002.
 * Matches statsmodels `confint_proportions_2indep(method='wald', compare='diff')`.
 * Both systems scored on the same items are paired: use {@link pairedDifference}
 * instead; this form is the (conservative) comparison that ignores pairing.
 * Degenerate when SE = 0 (both rates 0 or 1): see differenceInference.ts.
 */
import { assertCounts, assertLevel } from '../validate.js';
import {
  createDifferenceTestOut,
  type DifferenceTest,
  type DifferenceTestOut,
  fillDifferenceTest,
} from './differenceInference.js';

export interface UnpairedDifference extends DifferenceTest {
  /** Same as `statistic`. */
  readonly z: number;
}

/**
 * Allocation-free form for simulation loops: fills `out` with the same interval and z-test
 * (inputs not checked; `level` must be in (0, 1)); returns `out`.
 */
export function unpairedDifferenceFromCounts(
  kA: number,
  nA: number,
  kB: number,
  nB: number,
  level: number,
  out: DifferenceTestOut,
): DifferenceTestOut {
  const pA = kA / nA;
  const pB = kB / nB;
  const se = Math.sqrt((pA * (1 - pA)) / nA + (pB * (1 - pB)) / nB);
  return fillDifferenceTest(out, pA - pB, se, level, Number.POSITIVE_INFINITY);
}

/** Wald interval and z-test for p̂_A − p̂_B from kA of nA and kB of nB successes. */
export function unpairedDifference(
  kA: number,
  nA: number,
  kB: number,
  nB: number,
  level = 0.95,
): UnpairedDifference {
  assertCounts(kA, nA, 'kA', 'nA');
  assertCounts(kB, nB, 'kB', 'nB');
  assertLevel(level);
  const out = unpairedDifferenceFromCounts(kA, nA, kB, nB, level, createDifferenceTestOut());
  return { ...out, level, method: 'unpaired-wald', z: out.statistic };
}
