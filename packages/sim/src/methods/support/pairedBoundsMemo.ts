/**
 * A paired 2×2 interval as a function of its table, remembered: every paired-difference
 * interval (pairedDifferenceIntervals.ts) is a deterministic function of (n11, n10, n01, n00),
 * and a cell of a simulation draws the same few tables again and again (at n = 200 and 10%
 * discordance almost all of 20,000 replications fall on a few hundred tables), so the bounds
 * of a table seen before are read back instead of recomputed — the same bits as the direct call
 * (Tango's score interval solves two root-finding problems per call).
 *
 * For the current N = n11 + n10 + n01 + n00 a table is the memo key (triangleMemo.ts, hashed
 * only: the tables are spread over all three counts)
 *
 *   i = n11 (N + 1) + n10 + n01,   j = n10   (0 ≤ j ≤ i, one key per table),
 *
 * holding lower, upper and degenerate; at most MAX_TABLES tables (then, or when N changes, it
 * starts again). Tables of fractional counts are computed every time. The intervals that ignore the
 * concordant split use discordantBoundsMemo.ts instead.
 */
import type { PairedBoundsAtLevel } from '@evalsim/core';
import { TriangleMemo } from './triangleMemo.js';

/** Tables remembered at most (then the memo starts again). */
export const MAX_TABLES = 1 << 15;

/** A paired interval's bounds from the table (core's allocation-free form, level fixed). */
export type PairedBoundsFunction = PairedBoundsAtLevel;

/**
 * `bounds`, remembered per table. The returned function writes lower, upper and degenerate
 * of `out` (the fields the adapters read); a remembered table copies those three.
 */
export function memoizePairedBounds(bounds: PairedBoundsFunction): PairedBoundsFunction {
  const memo = new TriangleMemo(3, { denseRows: 0, maxHashed: MAX_TABLES });
  let items = -1;
  return (n11, n10, n01, n00, out) => {
    const n = n11 + n10 + n01 + n00;
    if (n !== items) {
      memo.clear();
      items = n;
    }
    // One key per table while n11 is a whole count and n10 + n01 ≤ n (the memo holds integer keys only).
    const keyed = Number.isInteger(n11) && n11 >= 0 && n00 >= 0;
    if (keyed && memo.find(n11 * (n + 1) + n10 + n01, n10)) {
      out.lower = memo.value(0);
      out.upper = memo.value(1);
      out.degenerate = memo.value(2) === 1;
      return;
    }
    bounds(n11, n10, n01, n00, out);
    if (keyed) memo.store(out.lower, out.upper, out.degenerate ? 1 : 0);
  };
}
