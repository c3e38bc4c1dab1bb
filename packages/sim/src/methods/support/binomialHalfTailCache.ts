/**
 * Upper tails of the fair-coin binomial, P(X ≥ k) with X ~ Bin(d, ½), computed once per
 * (d, k) and then looked up: the exact McNemar test's p-values are functions of the discordant
 * counts (b, c) only (mcnemarExact.ts: two-sided min(1, 2·P(X ≥ max(b, c))), one-sided
 * P(X ≥ b) and P(X ≥ c), d = b + c), and a simulation meets few distinct (b, c).
 * Every entry is core {@link binomialUpperTail}(k, d, ½) itself, so a cached value is the
 * direct call's, bit for bit.
 *
 * Row d holds only a window of k about d/2 covering those met so far (grown by doubling), not
 * all d + 1 entries: a
 * sequential study meets d up to ~4,000 but k within a few s.d. of d/2, so full rows would
 * cost ~60 MB per worker. Holds no random state (may be shared by analysers of one thread).
 */
import { binomialUpperTail } from '@evalsim/core';

export class BinomialHalfTailCache {
  private readonly offsets: number[] = [];
  private readonly rows: (Float64Array | undefined)[] = [];

  /** P(X ≥ k), X ~ Bin(d, ½), for integers 0 ≤ k ≤ d. */
  upper(k: number, d: number): number {
    let row = this.rows[d];
    let i = k - (this.offsets[d] ?? 0);
    if (!row || i < 0 || i >= row.length) {
      row = this.grow(d, k);
      i = k - (this.offsets[d] as number);
    }
    let p = row[i];
    if (Number.isNaN(p)) {
      p = binomialUpperTail(k, d, 0.5);
      row[i] = p;
    }
    return p;
  }

  /**
   * Row d widened (or created) to cover k, keeping the values it had. Windows are symmetric
   * about d/2, [d − hi, hi], so the mirrored k' = d − k that the one-sided McNemar p-values
   * ask for next (P(X ≥ b) and P(X ≥ c)) is already inside; a grown window at least doubles.
   */
  private grow(d: number, k: number): Float64Array {
    const old = this.rows[d];
    let hi = Math.max(k, d - k) + 8;
    if (old) hi = Math.max(hi, (this.offsets[d] as number) + 2 * old.length - 1);
    hi = Math.min(d, hi);
    const lo = d - hi;
    const row = new Float64Array(hi - lo + 1).fill(Number.NaN);
    if (old) row.set(old, (this.offsets[d] as number) - lo);
    this.rows[d] = row;
    this.offsets[d] = lo;
    return row;
  }
}
