/**
 * Wald interval for the paired difference Δ = p₁₀ − p₀₁ (orientation: pairedTable.ts):
 *
 *   Δ̂ ± z·SE,   Δ̂ = (n10 − n01)/n,   SE = √((n10 + n01) − (n10 − n01)²/n) / n.
 *
 * Source: Fagerland, Lydersen & Laake (2014, Stat Med 33:2850), the Wald interval
 * of their review; Agresti (2013), Categorical Data Analysis, §11.1. This is the maximum-
 * likelihood SE (divisor n); `pairedDifferenceFromCounts` uses the sample-variance SE
 * (divisor n − 1) of seed 002 instead. NOT clipped to [−1, 1] (clipping never changes
 * coverage of a Δ ∈ [−1, 1]; Fagerland et al.'s code truncates). No continuity correction.
 * Degenerate when SE = 0 (no discordant pairs, or all discordant pairs one way): the
 * interval is the point [Δ̂, Δ̂].
 */
import type { MarkedBounds } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { type PairedTable, pairedInterval } from './pairedTable.js';

/** Allocation-free bounds at critical value z (inputs not checked). */
export function pairedWaldBounds(
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  z: number,
  out: MarkedBounds,
): void {
  const n = n11 + n10 + n01 + n00;
  const diff = n10 - n01;
  const estimate = diff / n;
  const se = Math.sqrt(Math.max(0, n10 + n01 - (diff * diff) / n)) / n;
  out.lower = estimate - z * se;
  out.upper = estimate + z * se;
  out.degenerate = !(se > 0);
}

/** Paired Wald interval for p₁ − p₂ from the paired table. */
export function pairedWaldInterval(table: PairedTable, level = 0.95): MarkedInterval {
  return pairedInterval(table, level, 'pairedWald', pairedWaldBounds);
}
