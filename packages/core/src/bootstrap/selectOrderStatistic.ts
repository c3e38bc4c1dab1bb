/**
 * Quickselect (Hoare 1961, "Algorithm 65: FIND", CACM 4:321): reorders values[left … right] in
 * place so that values[rank] holds the value a full ascending sort would put there, every value
 * before it (within the range) is ≤ it and every value after it is ≥ it. Hoare partitioning
 * around a median-of-three pivot, which also splits runs of equal values evenly (bootstrap
 * statistics of integer data have many ties). Expected O(n) comparisons.
 * The values must not contain NaN (every comparison with NaN is false, so no order is defined).
 */

function swap(values: Float64Array, i: number, j: number): void {
  const x = values[i];
  values[i] = values[j];
  values[j] = x;
}

/** Puts the rank-th smallest value of values[left … right] (left ≤ rank ≤ right) at `rank` (module comment). */
export function selectOrderStatistic(values: Float64Array, left: number, right: number, rank: number): void {
  let lo = left;
  let hi = right;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // values[lo] ≤ values[mid] ≤ values[hi]: the pivot is their median, and the two ends stop the scans.
    if (values[mid] < values[lo]) swap(values, lo, mid);
    if (values[hi] < values[lo]) swap(values, lo, hi);
    if (values[hi] < values[mid]) swap(values, mid, hi);
    const pivot = values[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        swap(values, i, j);
        i++;
        j--;
      }
    }
    // Now values[lo … j] ≤ pivot ≤ values[i … hi] and j < i; any slots between hold the pivot value.
    if (rank <= j) hi = j;
    else if (rank >= i) lo = i;
    else return;
  }
}

/** The smallest of values[from … to − 1] (from < to). */
export function minimumOf(values: Float64Array, from: number, to: number): number {
  let min = values[from];
  for (let i = from + 1; i < to; i++) if (values[i] < min) min = values[i];
  return min;
}
