/**
 * The Binomial(n, p) distribution as an inversion table ({@link DiscreteTable}): weights
 * from the mode M = min(n, ⌊(n + 1)p⌋) outward by the pmf ratio (Johnson, Kemp & Kotz 2005,
 * Univariate Discrete Distributions, §3.2)
 *
 *   f(x + 1)/f(x) = (n − x)/(x + 1) · p/q,   q = 1 − p,
 *
 * with f(M) = 1, then normalised. The walk stops in each direction once a weight falls below
 * 2⁻¹⁰⁰⁰ (the pmf is log-concave, so every value beyond is smaller still): the dropped mass is
 * below n·2⁻¹⁰⁰⁰ relative to the mode, invisible to a 53-bit uniform. The table therefore
 * spans only the values that can occur (≈ 77 s.d. around the mean for large n·p·q), not
 * all of 0 … n.
 *
 * Accuracy: a weight d steps from the mode is a product of d ratios, each with at most four
 * roundings, so its relative error is ≤ (4d + 1)·2⁻⁵³ to first order; normalising adds
 * ≤ size·2⁻⁵³ to every cdf entry. For n = 200 that is ≤ 1e-13 relative on every pmf value
 * above 1e-300 (checked against core's Loader pmf in the tests). p = 0 or 1 gives the point
 * mass at 0 or n.
 */
import { InputError, pow } from '@evalsim/core';
import type { DiscreteTable } from './discreteTable.js';

/** Weights below this, relative to the mode, end the walk (2⁻¹⁰⁰⁰ ≈ 9.3e-302). */
const NEGLIGIBLE = pow(2, -1000);

/** Fills `table` with Binomial(n, p), n an integer ≥ 0 (up to 2⁵³), p ∈ [0, 1]; returns it. */
export function fillBinomialTable(table: DiscreteTable, n: number, p: number): DiscreteTable {
  if (!(n >= 0 && Number.isSafeInteger(n))) throw new InputError('n', `must be an integer ≥ 0, got ${n}`);
  if (!(p >= 0 && p <= 1)) throw new InputError('p', `must be in [0, 1], got ${p}`);
  if (p === 0 || p === 1 || n === 0) {
    const weights = table.weightBuffer(1);
    weights[0] = 1;
    return table.fill(weights, p === 1 ? n : 0, 1);
  }
  const ratio = p / (1 - p);
  const mode = Math.min(n, Math.floor((n + 1) * p));
  // First pass: the window's ends (no storage); second pass: the weights.
  let lo = mode;
  for (let w = 1; lo > 0; ) {
    w *= lo / ((n - lo + 1) * ratio);
    if (w < NEGLIGIBLE) break;
    lo--;
  }
  let hi = mode;
  for (let w = 1; hi < n; ) {
    w *= ((n - hi) / (hi + 1)) * ratio;
    if (w < NEGLIGIBLE) break;
    hi++;
  }
  const weights = table.weightBuffer(hi - lo + 1);
  const at = mode - lo;
  weights[at] = 1;
  for (let x = mode; x > lo; x--) {
    weights[x - 1 - lo] = weights[x - lo] * (x / ((n - x + 1) * ratio));
  }
  for (let x = mode; x < hi; x++) {
    weights[x + 1 - lo] = weights[x - lo] * (((n - x) / (x + 1)) * ratio);
  }
  return table.fill(weights, lo, hi - lo + 1);
}
