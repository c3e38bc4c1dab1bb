/**
 * A paired 2×2 interval as a function of its table, remembered: every paired-difference
 * interval (pairedDifferenceIntervals.ts) is a deterministic function of (n11, n10, n01, n00),
 * and a cell of a simulation draws the same few tables again and again (at n = 200 and 10%
 * discordance almost all of 20,000 replications fall on a few hundred tables), so the bounds
 * of a table seen before are read back instead of recomputed — the same bits as the direct call
 * (Tango's score interval solves two root-finding problems per call).
 *
 * The cache is an open-addressing hash table (linear probing) on typed arrays: key (n11, n10,
 * n01) for the current N = n11 + n10 + n01 + n00; it starts at 256 slots and doubles at load ½
 * up to 65,536 slots (MAX_TABLES tables, ≤ 2 MB; when full, or when N changes, it starts again).
 * Allocation-free on a hit and on a miss (only a doubling allocates).
 */
import type { PairedBoundsAtLevel } from '@evalsim/core';

/** Slots of the hash table at first and at most (powers of two); it doubles at load ½. */
const FIRST_CAPACITY = 1 << 8;
const MAX_CAPACITY = 1 << 16;
/** Tables remembered at most (then the cache starts again). */
export const MAX_TABLES = MAX_CAPACITY >> 1;

/** A paired interval's bounds from the table (core's allocation-free form, level fixed). */
export type PairedBoundsFunction = PairedBoundsAtLevel;

/** The slot a table hashes to among `mask` + 1 (multiplicative mixing of the three counts, 32-bit). */
function slotOf(n11: number, n10: number, n01: number, mask: number): number {
  let h = Math.imul(n11, 0x9e3779b1) ^ Math.imul(n10, 0x85ebca77) ^ Math.imul(n01, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h & mask;
}

/** The remembered tables: key (n11, n10, n01) and the three fields of the bounds per slot. */
class TableCache {
  mask: number;
  keys: Int32Array;
  used: Uint8Array;
  lower: Float64Array;
  upper: Float64Array;
  degenerate: Uint8Array;
  constructor(capacity: number) {
    this.mask = capacity - 1;
    this.keys = new Int32Array(3 * capacity);
    this.used = new Uint8Array(capacity);
    this.lower = new Float64Array(capacity);
    this.upper = new Float64Array(capacity);
    this.degenerate = new Uint8Array(capacity);
  }
  /** The slot holding the table, or the free slot where it belongs. */
  find(n11: number, n10: number, n01: number): number {
    const { keys, used, mask } = this;
    let slot = slotOf(n11, n10, n01, mask);
    while (used[slot] === 1) {
      const k = 3 * slot;
      if (keys[k] === n11 && keys[k + 1] === n10 && keys[k + 2] === n01) return slot;
      slot = (slot + 1) & mask;
    }
    return slot;
  }
  put(slot: number, n11: number, n10: number, n01: number, lower: number, upper: number, degenerate: number) {
    this.used[slot] = 1;
    this.keys[3 * slot] = n11;
    this.keys[3 * slot + 1] = n10;
    this.keys[3 * slot + 2] = n01;
    this.lower[slot] = lower;
    this.upper[slot] = upper;
    this.degenerate[slot] = degenerate;
  }
  /** A cache of twice the slots holding the same tables. */
  grown(): TableCache {
    const next = new TableCache(2 * (this.mask + 1));
    for (let slot = 0; slot <= this.mask; slot++) {
      if (this.used[slot] !== 1) continue;
      const k = 3 * slot;
      const [n11, n10, n01] = [this.keys[k]!, this.keys[k + 1]!, this.keys[k + 2]!];
      next.put(
        next.find(n11, n10, n01),
        n11,
        n10,
        n01,
        this.lower[slot]!,
        this.upper[slot]!,
        this.degenerate[slot]!,
      );
    }
    return next;
  }
}

/**
 * `bounds`, remembered per table. The returned function writes lower, upper and degenerate
 * of `out` (the fields the adapters read); a remembered table copies those three.
 */
export function memoizePairedBounds(bounds: PairedBoundsFunction): PairedBoundsFunction {
  let cache = new TableCache(FIRST_CAPACITY);
  let tables = 0;
  let items = -1;
  return (n11, n10, n01, n00, out) => {
    const n = n11 + n10 + n01 + n00;
    if (n !== items || tables >= MAX_TABLES) {
      cache.used.fill(0);
      tables = 0;
      items = n;
    }
    let slot = cache.find(n11, n10, n01);
    if (cache.used[slot] === 1) {
      out.lower = cache.lower[slot]!;
      out.upper = cache.upper[slot]!;
      out.degenerate = cache.degenerate[slot] === 1;
      return;
    }
    bounds(n11, n10, n01, n00, out);
    if (2 * (tables + 1) > cache.mask + 1) {
      cache = cache.grown();
      slot = cache.find(n11, n10, n01);
    }
    cache.put(slot, n11, n10, n01, out.lower, out.upper, out.degenerate ? 1 : 0);
    tables++;
  };
}
