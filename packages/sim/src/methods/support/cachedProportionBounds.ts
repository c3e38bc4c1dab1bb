/**
 * A per-(n, k) memo of a proportion interval's bounds, for the intervals whose bounds are
 * beta quantiles (Clopper–Pearson, Jeffreys, Beta posterior): each costs two inverse
 * incomplete-beta root searches, yet in a small-n study k ≤ n ≤ 200 takes at most
 * 201·202/2 = 20,301 values, each met thousands of times.
 *
 * The bounds for (k, n) are those of the direct call `fill(k, n, out)`, stored the first time
 * the pair is met and copied afterwards, so results are the same bits as without the memo
 * (the bounds are a deterministic function of k and n at a fixed level). Only integer
 * 0 ≤ k ≤ n ≤ {@link CACHED_BOUNDS_MAX_N} is kept: fractional k (rate scores), larger n
 * and invalid pairs go to `fill` every time (so its errors are raised as before).
 * Entry n(n + 1)/2 + k; allocated on first use (≈ 0.35 MB), one per analyser.
 */
import type { Bounds } from '@evalsim/core';

/** Largest n whose bounds are memoised. */
export const CACHED_BOUNDS_MAX_N = 200;

const ENTRIES = ((CACHED_BOUNDS_MAX_N + 1) * (CACHED_BOUNDS_MAX_N + 2)) / 2;

/** `fill`, memoised by (k, n) for integer k ≤ n ≤ {@link CACHED_BOUNDS_MAX_N}. */
export function cachedProportionBounds(
  fill: (k: number, n: number, out: Bounds) => void,
): (k: number, n: number, out: Bounds) => void {
  let lower: Float64Array | null = null;
  let upper = new Float64Array(0);
  let known = new Uint8Array(0);
  return (k, n, out) => {
    if (!(Number.isInteger(k) && Number.isInteger(n) && k >= 0 && k <= n && n <= CACHED_BOUNDS_MAX_N)) {
      fill(k, n, out);
      return;
    }
    if (lower === null) {
      lower = new Float64Array(ENTRIES);
      upper = new Float64Array(ENTRIES);
      known = new Uint8Array(ENTRIES);
    }
    const i = (n * (n + 1)) / 2 + k;
    if (known[i] === 1) {
      out.lower = lower[i];
      out.upper = upper[i];
      return;
    }
    fill(k, n, out);
    lower[i] = out.lower;
    upper[i] = out.upper;
    known[i] = 1;
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
