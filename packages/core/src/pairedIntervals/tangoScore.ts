/**
 * Tango's asymptotic score interval for the paired difference Δ = p₁₀ − p₀₁ (Tango 1998,
 * "Equivalence test and confidence interval for the difference in proportions for the
 * paired-sample design", Stat Med 17:891–908): the set of Δ₀ with |T(Δ₀)| ≤ z, where
 *
 *   T(Δ₀) = (n10 − n01 − nΔ₀) / √(n(2p̃₀₁ + Δ₀(1 − Δ₀))),
 *
 * and p̃₀₁ is the constrained maximum-likelihood estimate of p₀₁ given Δ₀, the root in
 * [0, 1] of 2n·p² + B·p + C = 0 with B = −n10 − n01 + (2n − n10 + n01)Δ₀ and
 * C = −n01·Δ₀(1 − Δ₀). The limits solve T = +z (lower) and T = −z (upper); we solve
 * num(Δ₀) ∓ z·sd(Δ₀) = 0, finite on all of [−1, 1] (sd = 0 at Δ₀ = ±1), by Brent's method
 * to machine precision (roots/scoreLimit.ts). Always a defined interval inside [−1, 1]; with no discordant pairs
 * it is a proper interval around 0, and with all pairs discordant one way it reaches ±1.
 */
import type { MarkedBounds } from '../intervals/markedBounds.js';
import { scoreIntervalLimit } from '../roots/scoreLimit.js';
import type { MarkedInterval } from '../types.js';
import { type PairedTable, pairedInterval } from './pairedTable.js';

/** √(n(2p̃₀₁ + Δ₀(1 − Δ₀))), the null standard deviation of n10 − n01 at Δ₀. */
function nullSd(d0: number, n10: number, n01: number, n: number): number {
  const a = 2 * n;
  const b = -n10 - n01 + (2 * n - n10 + n01) * d0;
  const c = -n01 * d0 * (1 - d0);
  const root = Math.sqrt(Math.max(0, b * b - 4 * a * c));
  // Larger root of a p² + b p + c (c ≤ 0), in the form without cancellation.
  const p01 = b <= 0 ? (root - b) / (2 * a) : (-2 * c) / (b + root);
  return Math.sqrt(Math.max(0, n * (2 * p01 + d0 * (1 - d0))));
}

/** (n10 − n01 − nΔ₀) − sign·z·sd(Δ₀): its root is the lower (sign = +1) or upper (−1) limit. */
function limitEquation(
  d0: number,
  n10: number,
  n01: number,
  n: number,
  z: number,
  _unused: number,
  sign: number,
): number {
  return n10 - n01 - n * d0 - sign * z * nullSd(d0, n10, n01, n);
}

/** Allocation-free bounds at critical value z (inputs not checked). */
export function tangoScoreBounds(
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  z: number,
  out: MarkedBounds,
): void {
  const n = n11 + n10 + n01 + n00;
  const estimate = (n10 - n01) / n;
  out.lower = scoreIntervalLimit(limitEquation, estimate, 1, n10, n01, n, z, 0);
  out.upper = scoreIntervalLimit(limitEquation, estimate, -1, n10, n01, n, z, 0);
  out.degenerate = false;
}

/** Tango score interval for p₁ − p₂ from the paired table. */
export function tangoScoreInterval(table: PairedTable, level = 0.95): MarkedInterval {
  return pairedInterval(table, level, 'tangoScore', tangoScoreBounds);
}
