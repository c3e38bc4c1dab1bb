/**
 * A paired 2×2 interval as a function of its table, remembered: every paired-difference
 * interval (pairedDifferenceIntervals.ts) is a deterministic function of (n11, n10, n01, n00),
 * and a cell of a simulation draws the same few tables again and again (at n = 200 and 10%
 * discordance almost all of 100,000 replications fall on a few hundred tables), so the bounds
 * of a table seen before are read back instead of recomputed — the same bits as the direct call
 * (Tango's score interval solves two root-finding problems per call).
 *
 * Key: (n11·(N + 1) + n10)·(N + 1) + n01 with N = n11 + n10 + n01 + n00, exact in a double while
 * (N + 1)³ < 2⁵³ (N ≤ 200,000); larger tables, or a cache past MAX_TABLES entries (then cleared),
 * go straight to the computation. The cache is cleared when N changes. Allocation-free on a hit.
 */
import type { MarkedBounds } from '@evalsim/core';

/** Tables remembered at most (then the cache starts again). */
const MAX_TABLES = 1 << 18;
/** N above which keys are not exact in a double: no memo. */
const MAX_ITEMS = 200_000;

export type PairedBoundsFunction = (
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  out: MarkedBounds,
) => void;

/**
 * `bounds`, remembered per table. The returned function writes lower, upper and degenerate
 * of `out` (the fields the adapters read); a remembered table copies those three.
 */
export function memoizePairedBounds(bounds: PairedBoundsFunction): PairedBoundsFunction {
  const lower: number[] = [];
  const upper: number[] = [];
  const degenerate: boolean[] = [];
  const index = new Map<number, number>();
  let items = -1;
  return (n11, n10, n01, n00, out) => {
    const n = n11 + n10 + n01 + n00;
    if (n > MAX_ITEMS) {
      bounds(n11, n10, n01, n00, out);
      return;
    }
    if (n !== items || index.size >= MAX_TABLES) {
      index.clear();
      lower.length = 0;
      upper.length = 0;
      degenerate.length = 0;
      items = n;
    }
    const key = (n11 * (n + 1) + n10) * (n + 1) + n01;
    const at = index.get(key);
    if (at !== undefined) {
      out.lower = lower[at];
      out.upper = upper[at];
      out.degenerate = degenerate[at];
      return;
    }
    bounds(n11, n10, n01, n00, out);
    index.set(key, lower.length);
    lower.push(out.lower);
    upper.push(out.upper);
    degenerate.push(out.degenerate);
  };
}
