/**
 * A per-(n, k) memo of a proportion interval's bounds, for the intervals whose bounds are
 * beta quantiles (Clopper–Pearson, Jeffreys, Beta posterior): each costs two inverse
 * incomplete-beta root searches, yet in a small-n study k ≤ n ≤ 200 takes at most
 * 201·202/2 = 20,301 values, each met thousands of times, and a large-n cell meets the few k
 * within a few s.d. of its mean.
 *
 * The bounds for (k, n) are those of the direct call `fill(k, n, out)`, stored the first time
 * the pair is met and copied afterwards, so results are the same bits as without the memo
 * (the bounds are a deterministic function of k and n at a fixed level). The memo
 * (triangleMemo.ts) holds n ≤ {@link CACHED_BOUNDS_MAX_N} densely (≈ 0.4 MB once every row is
 * met) and larger n hashed; fractional k (rate scores) and invalid pairs go to `fill` every time
 * (so its errors are raised as before).
 */
import type { Bounds } from '@evalsim/core';
import { TriangleMemo } from './triangleMemo.js';

/** Largest n whose bounds are held densely (larger n are hashed). */
export const CACHED_BOUNDS_MAX_N = 200;

/** `fill`, memoised by (k, n) for integers 0 ≤ k ≤ n. */
export function cachedProportionBounds(
  fill: (k: number, n: number, out: Bounds) => void,
): (k: number, n: number, out: Bounds) => void {
  const memo = new TriangleMemo(2, { denseRows: CACHED_BOUNDS_MAX_N + 1 });
  return (k, n, out) => {
    // (A fractional k or an invalid pair is never remembered: `fill` answers, or throws, every time.)
    if (memo.find(n, k)) {
      out.lower = memo.value(0);
      out.upper = memo.value(1);
      return;
    }
    fill(k, n, out);
    memo.store(out.lower, out.upper);
  };
}

/**
 * Memos shared by this thread's analysers, by key (e.g. `clopperPearson/0.95`): the runner
 * creates a cell's analysers once per chunk, and the bounds are a pure function of the key and
 * (k, n), so sharing the memo changes no bit and computes each pair once per thread. At most
 * MAX_SHARED_MEMOS keys (cleared when full).
 */
const sharedMemos = new Map<string, (k: number, n: number, out: Bounds) => void>();
const MAX_SHARED_MEMOS = 64;

/** {@link cachedProportionBounds} of `fill`, shared by every caller with the same `key` in this thread. */
export function sharedProportionBounds(
  key: string,
  fill: (k: number, n: number, out: Bounds) => void,
): (k: number, n: number, out: Bounds) => void {
  let memo = sharedMemos.get(key);
  if (memo === undefined) {
    memo = cachedProportionBounds(fill);
    if (sharedMemos.size >= MAX_SHARED_MEMOS) sharedMemos.clear();
    sharedMemos.set(key, memo);
  }
  return memo;
}
