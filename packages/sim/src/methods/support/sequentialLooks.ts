/**
 * Where a sequential method's planned looks fall in `sequentialPairedCounts` data: every look
 * of the data up to N = maxQuestions (default: the data's last look) when `looks` is absent;
 * else `looks` equally spaced looks n_k = round(k·N/K), each of which must be a look of the
 * data; or the planned look sizes themselves (`sizes`, as a gate evalsim monitor reads lists
 * them), each a look of the data. Errors name the method, the option and the sizes (a maximum
 * beyond the data, a look between the data's looks, two looks on one size).
 */
import type { SequentialPairedCounts } from '../../base/dataKinds.js';

/** The index of the data's look at `maxQuestions` questions (default: the last look). */
export function lastLookIndex(
  data: SequentialPairedCounts,
  maxQuestions: number | undefined,
  method: string,
): number {
  const last = data.items[data.looks - 1];
  const total = maxQuestions ?? last;
  if (total > last)
    throw new RangeError(
      `${method}: maxQuestions ${total} is beyond the data's last look at ${last} questions; the planned maximum must be a look the data reaches`,
    );
  const k = countUpTo(data, total) - 1;
  if (k < 0 || data.items[k] !== total)
    throw new RangeError(
      `${method}: maxQuestions ${total} is not a look of the data (looks every ${data.items[0]} questions)`,
    );
  return k;
}

/** Indices into the data's looks of the planned looks, in order. */
export function plannedLookIndices(
  data: SequentialPairedCounts,
  looks: number | undefined,
  maxQuestions: number | undefined,
  method: string,
): Int32Array {
  const total = data.items[lastLookIndex(data, maxQuestions, method)];
  if (looks === undefined) return Int32Array.from({ length: countUpTo(data, total) }, (_, k) => k);
  const count = looks;
  const out = new Int32Array(count);
  let j = 0;
  for (let k = 1; k <= count; k++) {
    const n = Math.round((k * total) / count);
    while (j < data.looks && data.items[j] < n) j++;
    if (j === data.looks || data.items[j] !== n)
      throw new RangeError(
        `${method}: planned look ${k} of ${count} at ${n} questions is not a look of the data (looks every ${data.items[0]} questions); choose looks and maxQuestions so that every look falls on one`,
      );
    if (k > 1 && out[k - 2] === j)
      throw new RangeError(
        `${method}: planned looks ${k - 1} and ${k} fall on the same ${n} questions; plan fewer looks`,
      );
    out[k - 1] = j;
  }
  return out;
}

/** The number of data looks at or below `total` questions. */
function countUpTo(data: SequentialPairedCounts, total: number): number {
  let k = 0;
  while (k < data.looks && data.items[k] <= total) k++;
  return k;
}

/** Indices into the data's looks of the planned look sizes `sizes` (strictly increasing, each a look of the data). */
export function plannedSizeIndices(
  data: SequentialPairedCounts,
  sizes: readonly number[],
  method: string,
): Int32Array {
  const out = new Int32Array(sizes.length);
  let j = 0;
  for (let k = 0; k < sizes.length; k++) {
    const n = sizes[k];
    while (j < data.looks && data.items[j] < n) j++;
    if (j === data.looks)
      throw new RangeError(
        `${method}: planned look ${k + 1} at ${n} questions is beyond the data's last look at ${data.items[data.looks - 1]} questions`,
      );
    if (data.items[j] !== n)
      throw new RangeError(
        `${method}: planned look ${k + 1} at ${n} questions is not a look of the data (looks every ${data.items[0]} questions)`,
      );
    out[k] = j;
  }
  return out;
}
