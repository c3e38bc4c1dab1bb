/**
 * Actual false-positive rate of a naive two-sided z-test at level α when the true
 * variance of the statistic is DEFF times the naive one:
 *
 *   rate = 2(1 − Φ(z_{1−α/2}/√DEFF))      (= 2(1 − Φ(1.96/√DEFF)) at α = 0.05).
 *
 * Source: seed 001 ("matching the analytic 2(1 − Φ(1.96/√DEFF_d)) = 24.0%"; a difference
 * ICC of 0.08 at m = 10 turns a 5% test into a 14% test); Kish (1965) for DEFF.
 */
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { assertPositive, assertProbability } from '../validate.js';

/** False-win rate of a nominal-`alpha` naive test under design effect `deff`. */
export function naiveFalseWinRate(deff: number, alpha = 0.05): number {
  assertPositive('deff', deff);
  assertProbability('alpha', alpha, true);
  return 2 * normalSf(-normalQuantile(alpha / 2) / Math.sqrt(deff));
}
