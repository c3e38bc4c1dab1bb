/**
 * Lehr's rule of thumb for the per-group sample size of an unpaired comparison of two
 * proportions at α = 0.05 (two-sided) and 80% power:
 *
 *   n ≈ 16·p(1 − p)/δ²        (= 4/δ² at p = ½)
 *
 * 16 ≈ 2·(1.96 + 0.84)² = 15.7 (two groups' variances). Source: Lehr (1992), Stat Med
 * 11:1099; van Belle, Statistical Rules of Thumb (2nd ed., 2008) §2.3; seed 002 ("a
 * 4-point improvement needs roughly 2,500 items unpaired"). Returns the real value.
 */
import { assertFinite, assertProbability, InputError } from '../validate.js';

/** 16·p(1 − p)/δ² items per group. */
export function planningRuleSampleSize(p: number, delta: number): number {
  assertProbability('p', p, true);
  assertFinite('delta', delta);
  if (delta === 0) throw new InputError('delta', 'must be a non-zero difference, got 0');
  return (16 * p * (1 - p)) / (delta * delta);
}
