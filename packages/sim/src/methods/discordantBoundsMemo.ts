/**
 * A paired 2×2 interval that depends on the table only through n = n11 + n10 + n01 + n00 and
 * the discordant counts (n10, n01) — Wald, Tango, Bonett–Price, Agresti–Min (core
 * pairedMethodUsesConcordant is false) — remembered in a directly indexed table: for the
 * current n, the bounds of (n10 = a, n01 = b), a + b ≤ n, sit at
 *
 *   index(a, b) = a(2n + 3 − a)/2 + b,   0 ≤ index < (n + 1)(n + 2)/2,
 *
 * (the a-major order of core's pairedIntervalTable), so a table seen before is one load — no
 * hashing, no probing — and the same bits as the direct call. The arrays are sized to the
 * reachable tables of n ((n + 1)(n + 2)/2 entries, 17 bytes each: 345 kB at n = 200),
 * allocated when n changes (once per cell in a simulation) and reused. Past
 * MAX_DIRECT_ENTRIES (n ≥ 511) it hands over to the hashed memo (pairedBoundsMemo.ts).
 * Allocation-free on a hit and on a miss.
 */
import type { PairedBoundsAtLevel } from '@evalsim/core';
import { memoizePairedBounds } from './pairedBoundsMemo.js';

/** Largest directly indexed table ((n + 1)(n + 2)/2 entries; n ≤ 510). */
export const MAX_DIRECT_ENTRIES = 1 << 17;

/** Slot states: not computed yet, computed, computed and degenerate. */
const UNKNOWN = 0;
const KNOWN = 1;
const DEGENERATE = 2;

/**
 * `bounds` (a function of n, n10 and n01 only), remembered per (n10, n01) for the current n.
 * Writes lower, upper and degenerate of `out`, as pairedBoundsMemo's memo does.
 */
export function memoizeDiscordantBounds(bounds: PairedBoundsAtLevel): PairedBoundsAtLevel {
  const hashed = memoizePairedBounds(bounds);
  let items = -1;
  let rowWidth = 0; // 2n + 3
  let state = new Uint8Array(0);
  let lower = new Float64Array(0);
  let upper = new Float64Array(0);
  return (n11, n10, n01, n00, out) => {
    const n = n11 + n10 + n01 + n00;
    if (n !== items) {
      items = n;
      const size = ((n + 1) * (n + 2)) / 2;
      if (Number.isSafeInteger(n) && n >= 0 && size <= MAX_DIRECT_ENTRIES) {
        if (state.length < size) {
          state = new Uint8Array(size);
          lower = new Float64Array(size);
          upper = new Float64Array(size);
        } else state.fill(UNKNOWN);
        rowWidth = 2 * n + 3;
      } else rowWidth = 0;
    }
    if (rowWidth === 0) {
      hashed(n11, n10, n01, n00, out);
      return;
    }
    const index = (n10 * (rowWidth - n10)) / 2 + n01;
    const known = state[index];
    if (known === undefined) {
      // Not a table of n (a fractional or out-of-range count): no slot, the hashed memo answers.
      hashed(n11, n10, n01, n00, out);
      return;
    }
    if (known !== UNKNOWN) {
      out.lower = lower[index]!;
      out.upper = upper[index]!;
      out.degenerate = known === DEGENERATE;
      return;
    }
    bounds(n11, n10, n01, n00, out);
    lower[index] = out.lower;
    upper[index] = out.upper;
    state[index] = out.degenerate ? DEGENERATE : KNOWN;
  };
}
