/**
 * The one percentile rule of the bootstrap intervals, applied identically to sorted
 * resample statistics and to a histogram of integer resample sums:
 * numpy's default (`np.percentile(..., method='linear')`, Hyndman & Fan 1996 type 7).
 * For B sorted values v₀ ≤ … ≤ v_{B−1} and q ∈ [0, 1], h = (B − 1)q and
 *   Q(q) = v_⌊h⌋ + (h − ⌊h⌋)(v_⌊h⌋₊₁ − v_⌊h⌋).
 */

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
 * the expanded, sorted values.
 */
export function percentileOfHistogram(
  counts: ArrayLike<number>,
  bins: number,
  total: number,
  q: number,
): number {
  const { index, fraction } = position(total, q);
  const lo = orderStatistic(counts, bins, index);
  if (fraction === 0) return lo;
  return lo + fraction * (orderStatistic(counts, bins, index + 1) - lo);
}
