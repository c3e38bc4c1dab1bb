/**
 * Quickselect against a full sort: the selected slot holds the sorted array's value, the range
 * is partitioned around it, the rest of the array is untouched, and the values are a permutation.
 */
import { describe, expect, it } from 'vitest';
import { TestRng } from '../test-utils/testRng.js';
import { minimumOf, selectOrderStatistic } from './selectOrderStatistic.js';

describe('selectOrderStatistic', () => {
  it('puts the sorted value at the rank and partitions the range around it (ties, runs, sorted input)', () => {
    const rng = new TestRng(3);
    for (let trial = 0; trial < 400; trial++) {
      const n = 1 + Math.floor(rng.uniform() * 300);
      const distinct = trial % 4 === 0 ? 3 : trial % 4 === 1 ? 40 : 1e9;
      const values = Float64Array.from({ length: n }, () => Math.floor(rng.uniform() * distinct) / 7);
      if (trial % 10 === 0) values.sort();
      if (trial % 10 === 1) values.sort().reverse();
      const left = Math.floor(rng.uniform() * n);
      const right = left + Math.floor(rng.uniform() * (n - left));
      const rank = left + Math.floor(rng.uniform() * (right - left + 1));
      const before = Float64Array.from(values);
      selectOrderStatistic(values, left, right, rank);
      const range = Float64Array.from(before.subarray(left, right + 1)).sort();
      expect(values[rank]).toBe(range[rank - left]);
      for (let i = left; i <= right; i++) {
        if (i < rank) expect(values[i]).toBeLessThanOrEqual(values[rank]);
        if (i > rank) expect(values[i]).toBeGreaterThanOrEqual(values[rank]);
      }
      expect(Array.from(values.subarray(0, left))).toEqual(Array.from(before.subarray(0, left)));
      expect(Array.from(values.subarray(right + 1))).toEqual(Array.from(before.subarray(right + 1)));
      expect(Float64Array.from(values.subarray(left, right + 1)).sort()).toEqual(range);
    }
  });

  it('minimumOf is the smallest value of the range', () => {
    const values = Float64Array.from([5, 3, 9, -1, 4, 2]);
    expect(minimumOf(values, 0, 6)).toBe(-1);
    expect(minimumOf(values, 4, 6)).toBe(2);
    expect(minimumOf(values, 2, 3)).toBe(9);
  });
});
