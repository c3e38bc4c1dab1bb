import { describe, expect, test } from 'vitest';
import { copyRates } from './copyRates.js';

describe('copyRates', () => {
  test('identical copies: the same rates, accuracies, varying questions and truth as calling rateOf per entry', () => {
    // Rates with long binary expansions (c/k), zeros and ones, a rate pushed past 1 and clipped.
    const Q = 1140;
    const rate = (i: number) => Math.min(1, Math.max(0, ((i * 7919) % 13) / 11 + (i % 5 === 0 ? 0.3 : 0)));
    for (const copies of [1, 2, 20]) {
      const calls: number[] = [];
      const each = copyRates(Q, copies, (i) => rate(i));
      const once = copyRates(
        Q,
        copies,
        (i, j) => {
          calls.push(j);
          return rate(i);
        },
        true,
      );
      expect(Array.from(once.rates)).toEqual(Array.from(each.rates));
      expect(Array.from(once.accuracies)).toEqual(Array.from(each.accuracies));
      expect(once.accuracies.every((a) => Object.is(a, each.accuracies[0]))).toBe(true);
      expect(Array.from(once.varies)).toEqual(Array.from(each.varies));
      expect(once.varying).toEqual(each.varying);
      expect(once.truth).toBe(0);
      expect(each.truth).toBe(0);
      expect(calls).toEqual(new Array(Q).fill(0));
    }
    // Both kinds of question occur (the comparison is not of empty lists).
    const all = copyRates(Q, 3, (i) => rate(i), true);
    expect(all.varying.length).toBeGreaterThan(100);
    expect(all.varying.length).toBeLessThan(Q);
  });

  test('copies that differ: each entry its own rate and accuracy, truth = pairs with different accuracies', () => {
    const r = copyRates(3, 3, (i, j) => [0.5, 0.5, 0.7][j] * (i + 1) * 0.3);
    expect(Array.from(r.rates.subarray(0, 3))).toEqual([0.15, 0.15, 0.7 * 0.3]);
    expect(r.accuracies[0]).toBe(r.accuracies[1]);
    expect(r.accuracies[2]).not.toBe(r.accuracies[0]);
    expect(r.truth).toBe(2);
  });
});
