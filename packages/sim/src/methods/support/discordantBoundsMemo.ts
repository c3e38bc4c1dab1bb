/**
 * A paired 2×2 interval that depends on the table only through n = n11 + n10 + n01 + n00 and
 * the discordant counts (n10, n01) — Wald, Tango, Bonett–Price, Agresti–Min (core
 * pairedMethodUsesConcordant is false) — remembered per n by the memo key (triangleMemo.ts)
 *
 *   i = n10 + n01,   j = n10,
 *
 * dense while n10 + n01 < 512 (a table seen before is one load — no hashing, no probing — and
 * the same bits as the direct call), hashed beyond. The memo of an n is shared by the cells of a
 * thread when it has a key (at most MAX_SHARED_TABLES of them, the oldest dropped first).
 * Fractional counts go to the direct call. Allocation-free on a hit and on a miss.
 */
import type { PairedBoundsAtLevel } from '@evalsim/core';
import { TriangleMemo } from './triangleMemo.js';

/** Memos shared by every memo of this thread with the same key, by `${key}/${n}` (oldest dropped first). */
const shared = new Map<string, TriangleMemo>();
/** Shared memos kept at most (each holds the rows n10 + n01 met: 0.1 MB up to 64, 0.9 MB up to 256). */
export const MAX_SHARED_TABLES = 24;

function sharedMemo(key: string, n: number): TriangleMemo {
  const name = `${key}/${n}`;
  let memo = shared.get(name);
  if (memo === undefined) {
    if (shared.size >= MAX_SHARED_TABLES) shared.delete(shared.keys().next().value as string);
    memo = new TriangleMemo(3);
    shared.set(name, memo);
  }
  return memo;
}

/**
 * `bounds` (a function of n, n10 and n01 only), remembered per (n10, n01) for the current n.
 * Writes lower, upper and degenerate of `out`, as pairedBoundsMemo's memo does. With a `key`
 * naming the function (method and level: the same key must mean the same function), the
 * memos are shared by every memo of this thread with that key — every cell of a study with
 * the same n reads the bounds the earlier cells computed (a pure function's values: the same
 * bits whichever cell computed them, so results do not depend on which cells a thread ran);
 * without one they are the memo's own.
 */
export function memoizeDiscordantBounds(bounds: PairedBoundsAtLevel, key?: string): PairedBoundsAtLevel {
  const own = key === undefined ? new TriangleMemo(3) : undefined;
  let items = -1;
  let memo = own;
  return (n11, n10, n01, n00, out) => {
    const n = n11 + n10 + n01 + n00;
    if (n !== items || memo === undefined) {
      items = n;
      own?.clear();
      memo = own ?? sharedMemo(key!, n);
    }
    // (A fractional count is never remembered: computed every time.)
    if (memo!.find(n10 + n01, n10)) {
      out.lower = memo!.value(0);
      out.upper = memo!.value(1);
      out.degenerate = memo!.value(2) === 1;
      return;
    }
    bounds(n11, n10, n01, n00, out);
    memo!.store(out.lower, out.upper, out.degenerate ? 1 : 0);
  };
}
