/**
 * Packed cluster totals: a sum of K packed values reads back as the two separate integer sums,
 * for random resamples at the packing's limits, and totals that cannot be packed are refused.
 */
import { describe, expect, it } from 'vitest';
import { TestRng } from '../test-utils/testRng.js';
import { packClusterTotals } from './packedClusterTotals.js';

function totalsOf(totals: number[], sizes: number[]) {
  return { count: totals.length, totals, sizes, sumSquares: totals };
}

describe('packClusterTotals', () => {
  it('any K packed values sum to (Σ S)·2^s + Σ n, read back exactly, with the smallest s', () => {
    const rng = new TestRng(5);
    for (let trial = 0; trial < 300; trial++) {
      const k = 1 + Math.floor(rng.uniform() * 120);
      const maxSize = 1 + Math.floor(rng.uniform() * (trial % 3 === 0 ? 2000 : 40));
      const sizes = Array.from({ length: k }, () => Math.floor(rng.uniform() * (maxSize + 1)));
      const totals = sizes.map((n) => Math.floor(rng.uniform() * (n + 1)));
      const packed = new Int32Array(k);
      const shift = packClusterTotals(totalsOf(totals, sizes), packed);
      const largest = Math.max(...sizes);
      const bound = k * (Math.max(...totals) * 2 ** shift + largest);
      if (shift < 0) {
        // Refused only when the bound with the smallest shift reaches 2³¹.
        let s = 0;
        while (2 ** s <= k * largest) s++;
        expect(k * (Math.max(...totals) * 2 ** s + largest)).toBeGreaterThanOrEqual(2 ** 31);
        continue;
      }
      expect(2 ** shift).toBeGreaterThan(k * largest);
      expect(shift === 0 || 2 ** (shift - 1) <= k * largest).toBe(true);
      expect(bound).toBeLessThan(2 ** 31);
      for (let b = 0; b < 20; b++) {
        let sum = 0;
        let total = 0;
        let items = 0;
        for (let j = 0; j < k; j++) {
          // Resamples include the extreme one (the largest cluster K times).
          const g = b === 0 ? sizes.indexOf(largest) : Math.floor(rng.uniform() * k);
          sum = (sum + packed[g]) | 0;
          total += totals[g];
          items += sizes[g];
        }
        expect(sum).toBeGreaterThanOrEqual(0);
        expect([sum >>> shift, sum & (2 ** shift - 1)]).toEqual([total, items]);
      }
    }
  });

  it('refuses fractional, negative or too large totals and sizes', () => {
    const out = new Int32Array(3);
    expect(packClusterTotals(totalsOf([1, 2, 3], [4, 4, 4]), out)).toBe(4);
    expect(Array.from(out)).toEqual([1 * 16 + 4, 2 * 16 + 4, 3 * 16 + 4]);
    expect(packClusterTotals(totalsOf([1, 2.5, 3], [4, 4, 4]), out)).toBe(-1);
    expect(packClusterTotals(totalsOf([1, 2, 3], [4, 4.5, 4]), out)).toBe(-1);
    expect(packClusterTotals(totalsOf([1, -2, 3], [4, 4, 4]), out)).toBe(-1);
    expect(packClusterTotals(totalsOf([1, 2, 3], [4, -4, 4]), out)).toBe(-1);
    expect(packClusterTotals(totalsOf([1, Number.NaN, 3], [4, 4, 4]), out)).toBe(-1);
    // At the limit (s = 4): 3·(44,739,242·2⁴ + 4) = 2³¹ − 20 is packed, one more in a total is refused.
    expect(packClusterTotals(totalsOf([1, 44739242, 3], [4, 4, 4]), out)).toBe(4);
    expect(out[1]).toBe(44739242 * 16 + 4);
    expect(packClusterTotals(totalsOf([1, 44739243, 3], [4, 4, 4]), out)).toBe(-1);
  });
});
