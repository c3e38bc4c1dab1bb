import { createMarkedBounds, pairedBoundsFor } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { PAIRED_INTERVALS } from '../../base/pairedIntervalNames.js';
import { differences } from '../test-utils/boundsDifferences.js';
import { MAX_TABLES, memoizePairedBounds, type PairedBoundsFunction } from './pairedBoundsMemo.js';

describe('memoizePairedBounds', () => {
  it('gives the bits of the direct call for every table, seen once or again, across a change of n', () => {
    for (const family of Object.values(PAIRED_INTERVALS)) {
      const direct = pairedBoundsFor(family, 0.95);
      const memo = memoizePairedBounds(direct);
      // Two passes over every table of n = 12, then n = 7, then n = 12 again (cache cleared each time).
      for (const n of [12, 12, 7, 12]) expect(differences(direct, memo, n), family).toEqual([]);
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
    let calls = 0;
    const counted: PairedBoundsFunction = (n11, n10, n01, n00, out) => {
      calls++;
      direct(n11, n10, n01, n00, out);
    };
    const direct: PairedBoundsFunction = (n11, n10, n01, n00, out) => {
      out.lower = n10 - n01 - n11 / (n00 + 1);
      out.upper = n11 + n01 / 7;
      out.degenerate = (n11 + n10) % 3 === 0;
    };
    const memo = memoizePairedBounds(counted);
    for (let pass = 0; pass < 2; pass++) expect(differences(direct, memo, 60)).toEqual([]);
    expect(39_711).toBeGreaterThan(MAX_TABLES);
    // Without a restart the second pass would be all hits; with it, some tables are computed again.
    expect(calls).toBeGreaterThan(39_711);
  });
});
