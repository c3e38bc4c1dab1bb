/**
 * A lazily filled table of a pair test's p-value as a function of the discordant counts
 * (b, c) at a fixed number of questions n: the tests of discordantPairTests.ts depend on the
 * data only through (n, b, c), and a simulated leaderboard meets few distinct (b, c) — with
 * 48 varying questions b + c ≤ 48 — so each p-value is computed once per cell instead of
 * once per pair per replication (190,000 normal tail evaluations for 1,000 leaderboards of 20).
 *
 * Rows are indexed by d = b + c and allocated on first use (d + 1 entries, indexed by b);
 * the table is cleared when n changes. Every value is the computing function's own result,
 * so decisions are identical to calling it each time. Any pure function of (n, b, c) with
 * integers b, c ≥ 0 can be cached this way (leaderboardPairs also keys the unpaired z-test by
 * the two totals (k_A, k_B)).
 */
export class DiscordantPValueCache {
  private rows: (Float64Array | undefined)[] = [];
  private n = -1;

  /** `compute(n, b, c)` gives the p-value the cache stores. */
  constructor(private readonly compute: (n: number, b: number, c: number) => number) {}

  /** The p-value of (b, c) at n questions. */
  pValue(n: number, b: number, c: number): number {
    if (n !== this.n) {
      this.n = n;
      this.rows = [];
    }
    const d = b + c;
    let row = this.rows[d];
    if (!row) {
      row = new Float64Array(d + 1).fill(Number.NaN);
      this.rows[d] = row;
    }
    let p = row[b];
    if (Number.isNaN(p)) {
      p = this.compute(n, b, c);
      row[b] = p;
    }
    return p;
  }
}
