/**
 * In-place ascending heapsort of the first `length` entries of a Float64Array
 * (Williams 1964; Knuth TAOCP vol. 3 §5.2.3). O(m log m), no allocation: the hot-loop
 * helper {@link countRejections} sorts p-values in a caller-owned workspace with it.
 */

function siftDown(a: Float64Array, start: number, end: number): void {
  let root = start;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= end) return;
    if (child + 1 < end && a[child + 1] > a[child]) child++;
    if (a[root] >= a[child]) return;
    const tmp = a[root];
    a[root] = a[child];
    a[child] = tmp;
    root = child;
  }
}

/** Sorts a[0 … length − 1] ascending in place. */
export function sortPrefix(a: Float64Array, length: number): void {
  for (let start = (length >> 1) - 1; start >= 0; start--) siftDown(a, start, length);
  for (let end = length - 1; end > 0; end--) {
    const tmp = a[0];
    a[0] = a[end];
    a[end] = tmp;
    siftDown(a, 0, end);
  }
}
