/**
 * A pair test's p-value as a function of the discordant counts (b, c) at a fixed number of
 * questions n, remembered: the tests of discordantPairTests.ts depend on the data only through
 * (n, b, c), and a simulated leaderboard meets few distinct (b, c) — with 48 varying questions
 * b + c ≤ 48 — so each p-value is computed once per cell instead of once per pair per
 * replication (190,000 normal tail evaluations for 1,000 leaderboards of 20). The memo
 * (triangleMemo.ts) is keyed by (b + c, b) and cleared when n changes; every value is the
 * computing function's own result, so decisions are identical to calling it each time. Any pure
 * function of (n, b, c) with integers b, c ≥ 0 can be cached this way (leaderboardPairs also keys
 * the unpaired z-test by the two totals (k_A, k_B)).
 */
import { TriangleMemo } from './triangleMemo.js';

export class DiscordantPValueCache {
  private readonly memo = new TriangleMemo(1);
  private n = -1;

  /** `compute(n, b, c)` gives the p-value the cache stores. */
  constructor(private readonly compute: (n: number, b: number, c: number) => number) {}

  /** The p-value of (b, c) at n questions. */
  pValue(n: number, b: number, c: number): number {
    const { memo } = this;
    if (n !== this.n) {
      this.n = n;
      memo.clear();
    }
    if (memo.find(b + c, b)) return memo.value(0);
    const p = this.compute(n, b, c);
    memo.store(p);
    return p;
  }
}

/**
 * Whether a pair test rejects, p(n, b, c) ≤ `threshold`, as 0 or 1, remembered: the decision is a
 * pure function of (n, b, c) like the p-value, so a leaderboard's 190 pairs per replication cost
 * one memo lookup each instead of a p-value lookup and a comparison (identical decisions: each is
 * `pValue(n, b, c) ≤ threshold` computed once). The memo (triangleMemo.ts) is keyed by
 * (b + c, b) and cleared when n changes, as DiscordantPValueCache's: dense for the small counts a
 * simulation meets, hashed and bounded beyond (a leaderboard of many questions, or the unpaired
 * test keyed by the totals (k_A, k_B), never allocates a triangle of its largest count).
 */
export class DiscordantDecisionTable {
  private readonly memo = new TriangleMemo(1);
  private n = -1;

  constructor(
    private readonly pValue: (n: number, b: number, c: number) => number,
    private readonly threshold: number,
  ) {}

  /** 1 when the test of (b, c) at n questions rejects, else 0. */
  rejects(n: number, b: number, c: number): number {
    const { memo } = this;
    if (n !== this.n) {
      this.n = n;
      memo.clear();
    }
    if (memo.find(b + c, b)) return memo.value(0);
    const decision = this.pValue(n, b, c) <= this.threshold ? 1 : 0;
    memo.store(decision);
    return decision;
  }
}
