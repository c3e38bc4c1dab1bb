/**
 * Effective sample size (Kish 1965): N_eff = N / DEFF, the number of independent
 * items that give the same variance of the mean. Seed 001: 1000 / 2.8 ≈ 357.
 */
import { assertFinite, assertPositive } from '../validate.js';

/** n / deff; n > 0, deff > 0. */
export function effectiveSampleSize(n: number, deff: number): number {
  assertFinite('n', n);
  assertPositive('n', n);
  assertFinite('deff', deff);
  assertPositive('deff', deff);
  return n / deff;
}
