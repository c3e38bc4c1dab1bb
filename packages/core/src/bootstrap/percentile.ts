/**
 * The one percentile rule of the bootstrap intervals, applied identically to sorted
 * resample statistics, to unsorted ones (by selection) and to a histogram of integer resample sums:
 * numpy's default (`np.percentile(..., method='linear')`, Hyndman & Fan 1996 type 7).
 * For B sorted values v₀ ≤ … ≤ v_{B−1} and q ∈ [0, 1], h = (B − 1)q and
 *   Q(q) = v_⌊h⌋ + (h − ⌊h⌋)(v_⌊h⌋₊₁ − v_⌊h⌋).
 */
import { minimumOf, selectOrderStatistic } from './selectOrderStatistic.js';

/** Position h = (B − 1)q split into its order-statistic index and fraction. */
function position(count: number, q: number): { index: number; fraction: number } {
  const h = (count - 1) * q;
  const index = Math.min(Math.floor(h), count - 1);
  return { index, fraction: h - index };
}

/** Type-7 quantile of already-sorted values (ascending). */
export function percentileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const { index, fraction } = position(sorted.length, q);
  const lo = sorted[index];
  if (fraction === 0) return lo;
  return lo + fraction * (sorted[index + 1] - lo);
}

/** True when some value is NaN or −0 (which a selection would not order as a sort does). */
function hasUnorderedValue(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v) || (v === 0 && 1 / v < 0)) return true;
  }
  return false;
}

/**
 * Type-7 quantile at q of values[0 … B−1] after {@link selectOrderStatistic} has been asked for
 * rank ⌊h⌋ over a range holding it: v_⌊h⌋ is in place and v_⌊h⌋₊₁, the next order statistic, is
 * the smallest value after it (all of them are ≥ v_⌊h⌋).
 */
function percentileAfterSelection(values: Float64Array, index: number, fraction: number): number {
  const lo = values[index];
  if (fraction === 0) return lo;
  return lo + fraction * (minimumOf(values, index + 1, values.length) - lo);
}

/**
 * out.lower and out.upper = the type-7 quantiles at qLower and qUpper of `values`, which are
 * reordered in place (not sorted): two quickselects (selectOrderStatistic.ts; the second within
 * the part the first left on the side of its rank) instead of a sort, O(B) instead of O(B log B).
 * Order statistics are values of the array, so the results are those of
 * {@link percentileOfSorted} on the sorted values, bit for bit; values with NaN or −0 are sorted
 * instead (their order under a sort is not the order of `<`).
 */
export function percentilePairOfUnsorted(
  values: Float64Array,
  qLower: number,
  qUpper: number,
  out: { lower: number; upper: number },
): void {
  if (hasUnorderedValue(values)) {
    values.sort();
    out.lower = percentileOfSorted(values, qLower);
    out.upper = percentileOfSorted(values, qUpper);
    return;
  }
  const last = values.length - 1;
  const first = position(values.length, qLower);
  selectOrderStatistic(values, 0, last, first.index);
  out.lower = percentileAfterSelection(values, first.index, first.fraction);
  const second = position(values.length, qUpper);
  if (second.index > first.index) selectOrderStatistic(values, first.index + 1, last, second.index);
  else if (second.index < first.index) selectOrderStatistic(values, 0, first.index - 1, second.index);
  out.upper = percentileAfterSelection(values, second.index, second.fraction);
}

/** The j-th smallest (0-based) value of a histogram counts[v] over integer values v. */
function orderStatistic(counts: ArrayLike<number>, bins: number, j: number): number {
  let cumulative = 0;
  for (let v = 0; v < bins; v++) {
    cumulative += counts[v];
    if (cumulative > j) return v;
  }
  return bins - 1;
}

/**
 * Type-7 quantile of the multiset in which integer v appears counts[v] times
 * (v = 0..bins − 1, total = Σ counts), without sorting. Equals percentileOfSorted on
 * the expanded, sorted values. With a `divisor` d > 0 it is the quantile of the values v/d
 * (each order statistic divided by d before interpolating: the same doubles as sorting the
 * quotients, since v ↦ v/d is increasing); d = 1 leaves the values as they are.
 */
export function percentileOfHistogram(
  counts: ArrayLike<number>,
  bins: number,
  total: number,
  q: number,
  divisor = 1,
): number {
  const { index, fraction } = position(total, q);
  const lo = orderStatistic(counts, bins, index) / divisor;
  if (fraction === 0) return lo;
  return lo + fraction * (orderStatistic(counts, bins, index + 1) / divisor - lo);
}
