/**
 * Bonett–Price adjusted Wald interval for the paired difference Δ = p₁₀ − p₀₁ (Bonett &
 * Price 2012, "Adjusted Wald confidence interval for a difference of binomial proportions
 * based on paired data", J Educ Behav Stat 37:479–488): Laplace estimates of the
 * two discordant probabilities,
 *
 *   p̃₁₀ = (n10 + 1)/(n + 2),  p̃₀₁ = (n01 + 1)/(n + 2),
 *   p̃₁₀ − p̃₀₁ ± z·√((p̃₁₀ + p̃₀₁ − (p̃₁₀ − p̃₀₁)²)/(n + 2)).
 *
 * Same as Fagerland, Lydersen & Laake's `Wald_CI_BonettPrice_paired_2x2` before its
 * truncation to [−1, 1] (not clipped here). Never degenerate.
 */
import type { MarkedBounds } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { type PairedTable, pairedInterval } from './pairedTable.js';

/** Allocation-free bounds at critical value z (inputs not checked). */
export function bonettPriceBounds(
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  z: number,
  out: MarkedBounds,
): void {
  const nt = n11 + n10 + n01 + n00 + 2;
  const p10 = (n10 + 1) / nt;
  const p01 = (n01 + 1) / nt;
  const centre = p10 - p01;
  const se = Math.sqrt((p10 + p01 - centre * centre) / nt);
  out.lower = centre - z * se;
  out.upper = centre + z * se;
  out.degenerate = false;
}

/** Bonett–Price interval for p₁ − p₂ (estimate: the unadjusted Δ̂). */
export function bonettPriceInterval(table: PairedTable, level = 0.95): MarkedInterval {
  return pairedInterval(table, level, 'bonettPrice', bonettPriceBounds);
}
