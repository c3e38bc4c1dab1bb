/**
 * Agresti–Min interval for the paired difference Δ = p₁₀ − p₀₁: the Wald interval after
 * adding ½ to each of the four cells (Agresti & Min 2005, "Simple improved confidence
 * intervals for comparing matched proportions", Stat Med 24:729–740):
 *
 *   ñ = n + 2,  Δ̃ = (n10 − n01)/ñ,  SE = √((n10 + n01 + 1) − (n10 − n01)²/ñ) / ñ,
 *   Δ̃ ± z·SE.
 *
 * Same as Fagerland, Lydersen & Laake's `Wald_CI_AgrestiMin_paired_2x2` before its
 * truncation to [−1, 1] (not clipped here). Never degenerate (SE > 0 always).
 */
import type { MarkedBounds } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { type PairedTable, pairedInterval } from './pairedTable.js';

/** Allocation-free bounds at critical value z (inputs not checked). */
export function agrestiMinBounds(
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  z: number,
  out: MarkedBounds,
): void {
  const nt = n11 + n10 + n01 + n00 + 2;
  const diff = n10 - n01;
  const centre = diff / nt;
  const se = Math.sqrt(n10 + n01 + 1 - (diff * diff) / nt) / nt;
  out.lower = centre - z * se;
  out.upper = centre + z * se;
  out.degenerate = false;
}

/** Agresti–Min interval for p₁ − p₂ (estimate: the unadjusted Δ̂). */
export function agrestiMinInterval(table: PairedTable, level = 0.95): MarkedInterval {
  return pairedInterval(table, level, 'agrestiMin', agrestiMinBounds);
}
