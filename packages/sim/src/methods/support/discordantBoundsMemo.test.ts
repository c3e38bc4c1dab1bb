import {
  createMarkedBounds,
  type PairedBoundsAtLevel,
  pairedBoundsFor,
  pairedMethodUsesConcordant,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { PAIRED_INTERVALS } from '../../base/pairedIntervalNames.js';
import { differences } from '../test-utils/boundsDifferences.js';
import { MAX_SHARED_TABLES, memoizeDiscordantBounds } from './discordantBoundsMemo.js';
import { DENSE_ROWS } from './triangleMemo.js';

describe('memoizeDiscordantBounds', () => {
  const discordantOnly = Object.values(PAIRED_INTERVALS).filter((m) => !pairedMethodUsesConcordant(m));

  it('serves the four intervals that ignore the concordant split (not Newcombe)', () => {
    expect(discordantOnly.sort()).toEqual(['agrestiMin', 'bonettPrice', 'pairedWald', 'tangoScore']);
  });

  it('gives the bits of the direct call for every table, seen once or again, across changes of n', () => {
    for (const family of discordantOnly) {
      const direct = pairedBoundsFor(family, 0.9);
      const memo = memoizeDiscordantBounds(direct);
      // Every table of n = 15 twice, then n = 4 (smaller arrays reused, cleared), then n = 15 again.
      for (const n of [15, 15, 4, 15]) expect(differences(direct, memo, n), family).toEqual([]);
    }
  });

  it('computes each (n10, n01) once per n, and again after n changes', () => {
    let calls = 0;
    const memo = memoizeDiscordantBounds((n11, n10, n01, n00, out) => {
      calls++;
      out.lower = n10 - n01;
      out.upper = (n10 + n01) / (n11 + n10 + n01 + n00);
      out.degenerate = n10 === n01;
    });
    const out = createMarkedBounds();
    memo(1, 2, 3, 4, out);
    memo(4, 2, 3, 1, out); // same n, same discordant counts
    expect(calls).toBe(1);
    expect([out.lower, out.upper, out.degenerate]).toEqual([-1, 0.5, false]);
    memo(0, 2, 2, 6, out);
    expect([calls, out.degenerate]).toEqual([2, true]);
    memo(0, 2, 2, 6, out);
    expect([calls, out.degenerate]).toEqual([2, true]);
    memo(1, 2, 3, 5, out); // another n: the table starts again
    memo(1, 2, 3, 4, out);
    expect(calls).toBe(4);
  });

  it('holds many discordant questions hashed, and hands fractional counts to the direct call (same answers)', () => {
    let calls = 0;
    const memo = memoizeDiscordantBounds((n11, n10, n01, _n00, out) => {
      calls++;
      out.lower = n10 - n01;
      out.upper = n11;
      out.degenerate = false;
    });
    const out = createMarkedBounds();
    const big = 1000;
    memo(big - 5, 3, 2, 0, out);
    memo(big - 5, 3, 2, 0, out);
    expect([calls, out.lower, out.upper]).toEqual([1, 1, big - 5]);
    // n10 + n01 = 700 ≥ DENSE_ROWS: the hashed part of the memo
    expect(700).toBeGreaterThan(DENSE_ROWS);
    memo(big - 700, 400, 300, 0, out);
    memo(big - 700, 400, 300, 0, out);
    memo(big - 701, 400, 300, 1, out); // the same discordant counts
    expect([calls, out.lower, out.upper]).toEqual([2, 100, big - 700]);
    memo(0.5, 1.5, 1, 7, out); // fractional counts: not remembered, still the direct answer
    memo(0.5, 1.5, 1, 7, out);
    expect([calls, out.lower, out.upper]).toEqual([4, 0.5, 0.5]);
    memo(0, 1, 1, 8, out); // n = 10 again, a table: the dense part
    memo(0, 1, 1, 8, out);
    expect([calls, out.lower, out.upper]).toEqual([5, 0, 0]);
  });

  it('shares the tables of one key between memos (cells) of a thread, not across keys; evicted tables are recomputed', () => {
    let calls = 0;
    const counted: PairedBoundsAtLevel = (n11, n10, n01, n00, out) => {
      calls++;
      out.lower = n10 - n01 - 0.5;
      out.upper = n10 - n01 + n11 / (n11 + n00 + 1);
      out.degenerate = false;
    };
    const key = `test-shared-${Math.random()}`;
    const first = memoizeDiscordantBounds(counted, key);
    const second = memoizeDiscordantBounds(counted, key);
    const other = memoizeDiscordantBounds(counted, `${key}-other`);
    const out = createMarkedBounds();
    first(3, 2, 1, 4, out);
    second(3, 2, 1, 4, out);
    second(5, 2, 1, 2, out);
    expect(calls).toBe(1);
    other(3, 2, 1, 4, out);
    expect(calls).toBe(2);
    // Fill the store past its size with other n: the first n's table is dropped and recomputed (same answer).
    for (let n = 20; n < 20 + MAX_SHARED_TABLES; n++)
      memoizeDiscordantBounds(counted, key)(0, 1, 1, n - 2, out);
    const before = calls;
    const third = memoizeDiscordantBounds(counted, key);
    third(3, 2, 1, 4, out);
    expect(calls).toBe(before + 1);
    expect([out.lower, out.upper]).toEqual([0.5, 1 + 3 / 8]);
    // and a shared table answers as the direct call for every table of n = 13
    for (const family of discordantOnly) {
      const direct = pairedBoundsFor(family, 0.95);
      const a = memoizeDiscordantBounds(direct, `${key}/${family}`);
      const b = memoizeDiscordantBounds(direct, `${key}/${family}`);
      expect(differences(direct, a, 13), family).toEqual([]);
      expect(differences(direct, b, 13), family).toEqual([]);
    }
  });
});
