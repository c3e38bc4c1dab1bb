/**
 * A multiset of numbers in canonical form: its distinct values ascending, each with its count
 * (run-length encoding of the sorted values). The canonical form does not depend on the order
 * the values arrived in, and two multisets merge exactly by merging their runs — the mergeable,
 * exact sufficient statistic for counting values on either side of a point chosen later
 * (bias-eliminated coverage counts bounds around the mean estimate, known only at the end).
 * Memory grows with the number of DISTINCT values: a proportion's interval bounds over N items
 * take at most N + 1 values whatever the number of replications.
 */
import { InputError } from '../validate.js';

export interface SortedRuns {
  /** The distinct values, strictly ascending (±Infinity allowed, NaN not). */
  readonly values: Float64Array;
  /** How many times each value occurs (positive integers). */
  readonly counts: Float64Array;
}

/** The runs of the values (a sorted copy; the input is left as it is). */
export function sortedRuns(values: ArrayLike<number>, name = 'values'): SortedRuns {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length > 0 && Number.isNaN(sorted[sorted.length - 1])) {
    throw new InputError(name, 'must hold numbers, not NaN');
  }
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const out = { values: new Float64Array(distinct), counts: new Float64Array(distinct) };
  for (let i = 0, r = -1; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) out.values[++r] = sorted[i];
    out.counts[r]++;
  }
  return out;
}

/** The runs of the union of two multisets. */
export function mergeSortedRuns(a: SortedRuns, b: SortedRuns): SortedRuns {
  const values = new Float64Array(a.values.length + b.values.length);
  const counts = new Float64Array(values.length);
  let i = 0;
  let j = 0;
  let r = 0;
  while (i < a.values.length || j < b.values.length) {
    const takeA = j >= b.values.length || (i < a.values.length && a.values[i] <= b.values[j]);
    const value = takeA ? a.values[i] : b.values[j];
    let count = 0;
    if (i < a.values.length && a.values[i] === value) count += a.counts[i++];
    if (j < b.values.length && b.values[j] === value) count += b.counts[j++];
    values[r] = value;
    counts[r++] = count;
  }
  return { values: values.slice(0, r), counts: counts.slice(0, r) };
}

/** Total count of the values below c (strictly, or ≤ c when `inclusive`). */
export function countBelow(runs: SortedRuns, c: number, inclusive: boolean): number {
  let total = 0;
  for (let i = 0; i < runs.values.length; i++) {
    const v = runs.values[i];
    if (v < c || (inclusive && v === c)) total += runs.counts[i];
    else break;
  }
  return total;
}

/** Total count of the values. */
export function runsTotal(runs: SortedRuns): number {
  let total = 0;
  for (let i = 0; i < runs.counts.length; i++) total += runs.counts[i];
  return total;
}

/** Throws an InputError naming `name` unless `runs` is canonical (strictly ascending, positive integer counts). */
export function assertSortedRuns(name: string, runs: SortedRuns): void {
  if (runs == null || !(runs.values instanceof Float64Array) || !(runs.counts instanceof Float64Array)) {
    throw new InputError(name, 'must be sorted runs { values: Float64Array, counts: Float64Array }');
  }
  if (runs.counts.length !== runs.values.length) {
    throw new InputError(
      `${name}.counts`,
      `must have as many entries as ${name}.values (${runs.values.length}), got ${runs.counts.length}`,
    );
  }
  for (let i = 0; i < runs.values.length; i++) {
    if (Number.isNaN(runs.values[i]) || (i > 0 && !(runs.values[i] > runs.values[i - 1]))) {
      throw new InputError(
        `${name}.values`,
        `must be strictly ascending numbers; entry ${i} is ${runs.values[i]}`,
      );
    }
    const count = runs.counts[i];
    if (!(Number.isInteger(count) && count > 0)) {
      throw new InputError(`${name}.counts`, `must be positive integers; entry ${i} is ${count}`);
    }
  }
}
