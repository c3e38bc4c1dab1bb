/**
 * Upper tails of the fair-coin binomial, P(X ≥ k) with X ~ Bin(d, ½), computed once per
 * (d, k) and then looked up: the exact McNemar test's p-values are functions of the discordant
 * counts (b, c) only (mcnemarExact.ts: two-sided min(1, 2·P(X ≥ max(b, c))), one-sided
 * P(X ≥ b) and P(X ≥ c), d = b + c), and a simulation meets few distinct (b, c). Every entry is
 * core {@link binomialUpperTail}(k, d, ½) itself, so a cached value is the direct call's, bit for
 * bit. The memo (triangleMemo.ts) is dense up to d < 512 and hashed beyond: a sequential study
 * meets d up to ~4,000 but k within a few s.d. of d/2. Holds no random state (may be shared by
 * analysers of one thread).
 */
import { binomialUpperTail } from '@evalsim/core';
import { TriangleMemo } from './triangleMemo.js';

/** Hashed tails held at most (beyond d = 512) before the memo starts again. */
const MAX_HASHED_TAILS = 1 << 18;

export class BinomialHalfTailCache {
  private readonly memo = new TriangleMemo(1, { maxHashed: MAX_HASHED_TAILS });

  /** P(X ≥ k), X ~ Bin(d, ½), for integers 0 ≤ k ≤ d. */
  upper(k: number, d: number): number {
    const { memo } = this;
    if (memo.find(d, k)) return memo.value(0);
    const p = binomialUpperTail(k, d, 0.5);
    memo.store(p);
    return p;
  }
}
