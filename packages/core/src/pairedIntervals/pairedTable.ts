/**
 * The paired 2×2 table of two systems scored 0/1 on the same n questions, and the
 * orientation every paired interval in this folder uses:
 *
 *                      second right   second wrong
 *   first right            n11            n10
 *   first wrong            n01            n00
 *
 *   Δ = p₁ − p₂ = p₁₀ − p₀₁,   Δ̂ = (n10 − n01)/n,   n = n11 + n10 + n01 + n00.
 *
 * n10 counts questions the FIRST system got right and the second wrong. This is Fagerland,
 * Lydersen & Laake's δ = π₁₊ − π₊₁ with n10 = their n₁₂ (Stat Med 2014; 33:2850, §2) and
 * `pairedDifferenceFromCounts`' b = n10, c = n01. Seed 002's worked example [−2.2, +10.2]
 * is B − A: first = B, second = A, so n10 = c = 7, n01 = b = 3.
 */
import { normalCritical } from '../distributions/index.js';
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { assertInteger, assertLevel, InputError } from '../validate.js';

/** Counts of the paired 2×2 table (see module doc for the orientation). */
export interface PairedTable {
  /** Both right. */
  readonly n11: number;
  /** First right, second wrong. */
  readonly n10: number;
  /** First wrong, second right. */
  readonly n01: number;
  /** Both wrong. */
  readonly n00: number;
}

/** Allocation-free bounds of a paired interval at a precomputed critical value z. */
export type PairedBoundsFunction = (
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  z: number,
  out: MarkedBounds,
) => void;

/** Throws an InputError naming the cell unless every count is an integer ≥ 0 and n ≥ 1. */
export function checkPairedTable(table: PairedTable): void {
  if (table === null || typeof table !== 'object') {
    throw new InputError('table', 'must be an object {n11, n10, n01, n00}');
  }
  assertInteger('n11', table.n11);
  assertInteger('n10', table.n10);
  assertInteger('n01', table.n01);
  assertInteger('n00', table.n00);
  if (table.n11 + table.n10 + table.n01 + table.n00 < 1) {
    throw new InputError('table', 'must have n = n11 + n10 + n01 + n00 ≥ 1, got 0');
  }
}

/**
 * The checked Interval form shared by the paired methods: validates the table and level,
 * fills fresh bounds with `bounds` at z = z_{1−(1−level)/2}, estimate Δ̂ = (n10 − n01)/n.
 */
export function pairedInterval(
  table: PairedTable,
  level: number,
  method: string,
  bounds: PairedBoundsFunction,
): MarkedInterval {
  checkPairedTable(table);
  assertLevel(level);
  const { n11, n10, n01, n00 } = table;
  const out = createMarkedBounds();
  bounds(n11, n10, n01, n00, normalCritical(level), out);
  return markedInterval((n10 - n01) / (n11 + n10 + n01 + n00), out, level, method);
}
