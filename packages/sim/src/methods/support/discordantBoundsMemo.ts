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
 * allocated when n changes, and shared by the cells of a thread when the memo has a key. Past
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

/** The remembered bounds of every (n10, n01) of one n. */
interface DiscordantTable {
  /** 2n + 3: index(a, b) = a(rowWidth − a)/2 + b. */
  readonly rowWidth: number;
  readonly state: Uint8Array;
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

function createTable(n: number): DiscordantTable {
  const size = ((n + 1) * (n + 2)) / 2;
  return {
    rowWidth: 2 * n + 3,
    state: new Uint8Array(size),
    lower: new Float64Array(size),
    upper: new Float64Array(size),
  };
}

/** Tables shared by every memo of this thread with the same key, by `${key}/${n}` (oldest dropped first). */
const shared = new Map<string, DiscordantTable>();
/** Shared tables kept at most (each ≤ 2.2 MB; 345 kB at n = 200). */
export const MAX_SHARED_TABLES = 24;

function sharedTable(key: string, n: number): DiscordantTable {
  const name = `${key}/${n}`;
  let table = shared.get(name);
  if (table === undefined) {
    if (shared.size >= MAX_SHARED_TABLES) shared.delete(shared.keys().next().value as string);
    table = createTable(n);
    shared.set(name, table);
  }
  return table;
}

/**
 * `bounds` (a function of n, n10 and n01 only), remembered per (n10, n01) for the current n.
 * Writes lower, upper and degenerate of `out`, as pairedBoundsMemo's memo does. With a `key`
 * naming the function (method and level: the same key must mean the same function), the
 * tables are shared by every memo of this thread with that key — every cell of a study with
 * the same n reads the bounds the earlier cells computed (a pure function's values: the same
 * bits whichever cell computed them, so results do not depend on which cells a thread ran);
 * without one they are the memo's own.
 */
export function memoizeDiscordantBounds(bounds: PairedBoundsAtLevel, key?: string): PairedBoundsAtLevel {
  const hashed = memoizePairedBounds(bounds);
  let items = -1;
  let table: DiscordantTable | null = null;
  return (n11, n10, n01, n00, out) => {
    const n = n11 + n10 + n01 + n00;
    if (n !== items) {
      items = n;
      const size = ((n + 1) * (n + 2)) / 2;
      if (Number.isSafeInteger(n) && n >= 0 && size <= MAX_DIRECT_ENTRIES) {
        table = key === undefined ? createTable(n) : sharedTable(key, n);
      } else table = null;
    }
    if (table === null) {
      hashed(n11, n10, n01, n00, out);
      return;
    }
    const index = (n10 * (table.rowWidth - n10)) / 2 + n01;
    const known = table.state[index];
    if (known === undefined) {
      // Not a table of n (a fractional or out-of-range count): no slot, the hashed memo answers.
      hashed(n11, n10, n01, n00, out);
      return;
    }
    if (known !== UNKNOWN) {
      out.lower = table.lower[index]!;
      out.upper = table.upper[index]!;
      out.degenerate = known === DEGENERATE;
      return;
    }
    bounds(n11, n10, n01, n00, out);
    table.lower[index] = out.lower;
    table.upper[index] = out.upper;
    table.state[index] = out.degenerate ? DEGENERATE : KNOWN;
  };
}
