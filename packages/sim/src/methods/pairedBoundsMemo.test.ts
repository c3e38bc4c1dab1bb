import { createMarkedBounds, pairedBoundsFor } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { PAIRED_INTERVALS } from '../base/pairedIntervalNames.js';
import { MAX_TABLES, memoizePairedBounds } from './pairedBoundsMemo.js';

describe('memoizePairedBounds', () => {
  it('gives the bits of the direct call for every table, seen once or again, across a change of n', () => {
    for (const family of Object.values(PAIRED_INTERVALS)) {
      const direct = pairedBoundsFor(family, 0.95);
      const memo = memoizePairedBounds(direct);
      const a = createMarkedBounds();
      const b = createMarkedBounds();
      let checked = 0;
      // Two passes over every table of n = 12, then n = 7, then n = 12 again (cache cleared each time).
      for (const n of [12, 12, 7, 12]) {
        for (let n11 = 0; n11 <= n; n11++)
          for (let n10 = 0; n10 <= n - n11; n10++)
            for (let n01 = 0; n01 <= n - n11 - n10; n01++) {
              const n00 = n - n11 - n10 - n01;
              direct(n11, n10, n01, n00, a);
              memo(n11, n10, n01, n00, b);
              expect(
                Object.is(b.lower, a.lower) && Object.is(b.upper, a.upper),
                `${family} ${n11},${n10},${n01},${n00}`,
              ).toBe(true);
              expect(b.degenerate).toBe(a.degenerate);
              checked++;
            }
      }
      expect(checked).toBe(3 * 455 + 120);
    }
  });

  it('computes each table once per n (a counting stand-in for the interval)', () => {
    let calls = 0;
    const memo = memoizePairedBounds((n11, n10, n01, _n00, out) => {
      calls++;
      out.lower = n10 - n01;
      out.upper = n11;
      out.degenerate = false;
    });
    const out = createMarkedBounds();
    for (let r = 0; r < 3; r++) memo(1, 2, 3, 4, out);
    expect(calls).toBe(1);
    expect([out.lower, out.upper]).toEqual([-1, 1]);
    memo(1, 2, 3, 5, out); // another n: the cache starts again
    memo(1, 2, 3, 4, out);
    expect(calls).toBe(3);
    memo(300_000, 0, 0, 0, out); // any n: counts are exact keys
    memo(300_000, 0, 0, 0, out);
    expect(calls).toBe(4);
  });

  it('starts again when full, and every answer is still the direct one', () => {
    // n = 60 has C(63, 3) = 39,711 tables, more than MAX_TABLES: the cache fills and restarts.
    const direct = (
      n11: number,
      n10: number,
      n01: number,
      n00: number,
      out: ReturnType<typeof createMarkedBounds>,
    ) => {
      out.lower = n10 - n01 - n11 / (n00 + 1);
      out.upper = n11 + n01 / 7;
      out.degenerate = (n11 + n10) % 3 === 0;
    };
    const memo = memoizePairedBounds(direct);
    const a = createMarkedBounds();
    const b = createMarkedBounds();
    const n = 60;
    let tables = 0;
    let wrong = 0;
    for (let pass = 0; pass < 2; pass++)
      for (let n11 = 0; n11 <= n; n11++)
        for (let n10 = 0; n10 <= n - n11; n10++)
          for (let n01 = 0; n01 <= n - n11 - n10; n01++) {
            const n00 = n - n11 - n10 - n01;
            direct(n11, n10, n01, n00, a);
            memo(n11, n10, n01, n00, b);
            if (
              !(Object.is(a.lower, b.lower) && Object.is(a.upper, b.upper) && a.degenerate === b.degenerate)
            )
              wrong++;
            tables++;
          }
    expect(tables).toBe(2 * 39_711);
    expect(39_711).toBeGreaterThan(MAX_TABLES);
    expect(wrong).toBe(0);
  });
});
