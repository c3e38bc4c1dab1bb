/**
 * Finds two rows that score the same sample twice: same task, system, metric, question
 * and epoch. Each row's key is packed into one exact double (mixed radix over the code
 * counts, valid while the product stays below 2^53). While the key space is at most 64
 * keys per row (the usual case: every system scored on most questions), a bitmap of seen
 * keys finds the first repeat in one O(n) pass; otherwise a sorted copy is scanned for
 * equal neighbours — O(n log n), no per-row objects. Beyond 2^53 it falls back to a Map.
 */
import type { EvalTable } from './evalTable.js';

/** The first pair of rows (in row order) with the same key, or undefined. */
export function findDuplicateRows(table: EvalTable): [number, number] | undefined {
  const n = table.rowCount;
  if (n < 2) return undefined;
  let maxEpoch = 1;
  for (let i = 0; i < n; i++) if (table.epoch[i] > maxEpoch) maxEpoch = table.epoch[i];
  const radix = [
    table.system.dictionary.length,
    table.metric.dictionary.length,
    table.question.dictionary.length,
    maxEpoch,
  ];
  const span = radix.reduce((a, b) => a * b, table.task.dictionary.length);
  const keyOf = (i: number) =>
    (((table.task.codes[i] * radix[0] + table.system.codes[i]) * radix[1] + table.metric.codes[i]) *
      radix[2] +
      table.question.codes[i]) *
      radix[3] +
    (table.epoch[i] - 1);
  if (span <= 64 * n && span <= 2147483648) {
    const seen = new Uint8Array(Math.ceil(span / 8));
    for (let i = 0; i < n; i++) {
      const key = keyOf(i);
      const bit = 1 << (key & 7);
      if (seen[key >>> 3] & bit) {
        for (let j = 0; j < i; j++) if (keyOf(j) === key) return [j, i];
      }
      seen[key >>> 3] |= bit;
    }
    return undefined;
  }
  if (span < 9007199254740992) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = keyOf(i);
    const sorted = keys.slice().sort();
    let repeated = Number.NaN;
    for (let k = 1; k < n; k++) {
      if (sorted[k] === sorted[k - 1]) {
        repeated = sorted[k];
        break;
      }
    }
    if (Number.isNaN(repeated)) return undefined;
    // The smallest repeated key found; report the earliest pair of rows with any repeated key.
    const firstAt = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const previous = firstAt.get(keys[i]);
      if (previous !== undefined) return [previous, i];
      firstAt.set(keys[i], i);
    }
    return undefined;
  }
  const firstAt = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = `${table.task.codes[i]},${table.system.codes[i]},${table.metric.codes[i]},${table.question.codes[i]},${table.epoch[i]}`;
    const previous = firstAt.get(key);
    if (previous !== undefined) return [previous, i];
    firstAt.set(key, i);
  }
  return undefined;
}
