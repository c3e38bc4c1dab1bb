/**
 * Two-sided tests of "no difference" between two systems scored 0/1 on the same n
 * questions, from b = #(A right, B wrong), c = #(A wrong, B right) and the totals
 * k_A = #(A right), k_B = #(B right) (k_A − k_B = b − c), allocation-free, for methods
 * that run many tests per replication (leaderboards, sequential looks):
 *
 *  - 'mcnemarExact': p = min(1, 2·P(X ≥ max(b, c))), X ~ Bin(b + c, ½) (McNemar 1947; core
 *    {@link mcnemarExactPValue}), p = 1 when b + c = 0. Decisions at a fixed α use core's
 *    {@link mcnemarCriticalCounts} (reject iff max(b, c) ≥ crit[b + c], the same as p ≤ α),
 *    and p-values are cached by (b + c, max(b, c)), so each distinct table is evaluated once.
 *  - 'pairedZ': d̄/SE with d_i = a_i − b_i, Σd = b − c, Σd² = b + c,
 *    SE = √((Σd² − (Σd)²/n)/((n − 1)n)), normal reference (core {@link pairedDifferenceFromSums}).
 *  - 'unpairedZ': (p̂_A − p̂_B)/√(p̂_A(1 − p̂_A)/n + p̂_B(1 − p̂_B)/n), normal reference — the
 *    two-proportion z-test that ignores the pairing (Agresti 2013 §1.4;
 *    core {@link unpairedDifferenceFromCounts}, allocation-free).
 * A z statistic with SE = 0 gives p = 1 when the difference is 0, else p = 0 (as core).
 */
import {
  createDifferenceTestOut,
  type DifferenceTestOut,
  mcnemarCriticalCounts,
  type mcnemarExactPValue,
  pairedDifferenceFromSums,
  unpairedDifferenceFromCounts,
} from '@evalsim/core';
import { BinomialHalfTailCache } from './binomialHalfTailCache.js';

export const PAIR_TESTS = ['mcnemarExact', 'pairedZ', 'unpairedZ'] as const;
export type PairTest = (typeof PAIR_TESTS)[number];

/**
 * Exact McNemar p-values of (b, c), min(1, 2·P(X ≥ max(b, c))), X ~ Bin(b + c, ½) — core
 * {@link mcnemarExactPValue}'s arithmetic on tails cached per (b + c, max(b, c))
 * ({@link BinomialHalfTailCache}), so the same bits, each distinct tail evaluated once.
 */
export class McnemarPValueCache {
  constructor(readonly tails: BinomialHalfTailCache = new BinomialHalfTailCache()) {}

  /** The exact two-sided p-value of (b, c); 1 when b + c = 0. */
  pValue(b: number, c: number): number {
    const d = b + c;
    if (d === 0) return 1;
    return Math.min(1, 2 * this.tails.upper(Math.max(b, c), d));
  }
}

/**
 * Critical counts per α, shared by every table of this thread: crit is a pure function of
 * (α, b + c), so the four McNemar methods of a leaderboard study at one α (uncorrected, Holm, BH,
 * and the tables their analysers make per cell) compute it once, not once each. Holds no random state; only grows.
 */
const SHARED_CRITICAL_COUNTS = new Map<number, Int32Array>();

/** The shared counts at `alpha` covering b + c = 0 … `atLeast` (grown by doubling). */
function criticalCountsCovering(alpha: number, atLeast: number): Int32Array {
  const known = SHARED_CRITICAL_COUNTS.get(alpha);
  if (known && known.length > atLeast) return known;
  const crit = mcnemarCriticalCounts(Math.max(atLeast, 2 * (known?.length ?? 32)), alpha);
  SHARED_CRITICAL_COUNTS.set(alpha, crit);
  return crit;
}

/** Critical counts of the exact McNemar test at one α, grown (rarely) to the largest b + c seen. */
export class McnemarCriticalTable {
  private crit: Int32Array;
  constructor(readonly alpha: number) {
    this.crit = criticalCountsCovering(alpha, 64);
  }

  /** True when the exact test rejects at α: max(b, c) ≥ crit[b + c] (⇔ p ≤ α). */
  rejects(b: number, c: number): boolean {
    const d = b + c;
    if (d >= this.crit.length) this.crit = criticalCountsCovering(this.alpha, d);
    return Math.max(b, c) >= this.crit[d];
  }

  /** The critical counts crit[d] for d = 0 … at least `d` (for loops that index them directly). */
  covering(d: number): Int32Array {
    if (d >= this.crit.length) this.crit = criticalCountsCovering(this.alpha, d);
    return this.crit;
  }
}

/** Two-sided p-value of the paired z-test from n, b, c (`scratch` is reused). */
export function pairedZPValue(
  n: number,
  b: number,
  c: number,
  level: number,
  scratch: DifferenceTestOut,
): number {
  if (b + c === 0) return 1;
  return pairedDifferenceFromSums(n, b - c, b + c, level, scratch).pValue;
}

/** The paired z statistic d̄/SE from n, b, c: 0 without discordant questions, ±∞ when SE = 0 otherwise. */
export function pairedZStatistic(n: number, b: number, c: number, scratch: DifferenceTestOut): number {
  if (b + c === 0) return 0;
  return pairedDifferenceFromSums(n, b - c, b + c, 0.95, scratch).statistic;
}

/** Two-sided p-value of the unpaired two-proportion z-test of kA/n vs kB/n (core's allocation-free form). */
export function unpairedZPValue(
  kA: number,
  kB: number,
  n: number,
  level: number,
  scratch: DifferenceTestOut,
): number {
  return unpairedDifferenceFromCounts(kA, n, kB, n, level, scratch).pValue;
}

/** A reusable scratch for {@link pairedZPValue}. */
export function createPairTestScratch(): DifferenceTestOut {
  return createDifferenceTestOut();
}
