import { type Bounds, betaPosteriorBounds, proportionBoundsFor, tailProbability } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { clopperPearsonInterval } from '../proportionInterval.js';
import { blankResult, clusteredScoresOf, unusedRng } from '../test-utils/itemData.js';
import {
  CACHED_BOUNDS_MAX_N,
  cachedProportionBounds,
  sharedProportionBounds,
} from './cachedProportionBounds.js';

const fresh = (): Bounds => ({ lower: Number.NaN, upper: Number.NaN });

describe('cachedProportionBounds', () => {
  it.each(['clopperPearson', 'jeffreys'] as const)(
    '%s: every (k, n) with n ≤ 200, met twice, gives the direct call’s bits (Object.is)',
    (name) => {
      const direct = proportionBoundsFor(name, 0.95);
      let calls = 0;
      const cached = cachedProportionBounds((k, n, out) => {
        calls++;
        direct(k, n, out);
      });
      const want = fresh();
      const got = fresh();
      for (let pass = 0; pass < 2; pass++) {
        for (let n = 1; n <= CACHED_BOUNDS_MAX_N; n += pass === 0 ? 1 : 7) {
          for (let k = 0; k <= n; k++) {
            direct(k, n, want);
            cached(k, n, got);
            expect(Object.is(got.lower, want.lower) && Object.is(got.upper, want.upper)).toBe(true);
          }
        }
      }
      // The second pass was answered from the memo: one call per distinct (k, n).
      expect(calls).toBe(((CACHED_BOUNDS_MAX_N + 1) * (CACHED_BOUNDS_MAX_N + 2)) / 2 - 1);
    },
  );

  it('a Beta posterior (non-default prior) is memoised with the same bits', () => {
    const tail = tailProbability(0.9);
    const direct = (k: number, n: number, out: Bounds) => betaPosteriorBounds(k, n, tail, 0.5, 2, out);
    const cached = cachedProportionBounds(direct);
    const want = fresh();
    const got = fresh();
    for (const [k, n] of [
      [3, 10],
      [3, 10],
      [0, 200],
      [200, 200],
      [0, 200],
    ]) {
      direct(k, n, want);
      cached(k, n, got);
      expect([got.lower, got.upper]).toEqual([want.lower, want.upper]);
    }
  });

  it('fractional k and invalid pairs go to the direct call every time; n above the dense rows is hashed (same bits)', () => {
    const direct = proportionBoundsFor('clopperPearson', 0.95);
    let calls = 0;
    const cached = cachedProportionBounds((k, n, out) => {
      calls++;
      direct(k, n, out);
    });
    const out = fresh();
    cached(2.5, 10, out);
    cached(2.5, 10, out);
    expect(calls).toBe(2);
    expect(() => cached(11, 10, out)).toThrow(Error);
    expect(() => cached(11, 10, out)).toThrow(Error);
    expect(() => cached(-1, 10, out)).toThrow(Error);
    expect(calls).toBe(5);
    const want = fresh();
    for (const n of [201, 1000, 5000]) {
      for (const k of [0, 5, n >> 1, n]) {
        for (let pass = 0; pass < 2; pass++) {
          cached(k, n, out);
          direct(k, n, want);
          expect([Object.is(out.lower, want.lower), Object.is(out.upper, want.upper)]).toEqual([true, true]);
        }
      }
    }
    // Each (k, n) above the dense rows was computed once.
    expect(calls).toBe(5 + 3 * 4);
  });

  it('sharedProportionBounds: one memo per key for the thread, so analysers created per chunk share it (same bits)', () => {
    let calls = 0;
    const direct = proportionBoundsFor('clopperPearson', 0.9);
    const fill = (k: number, n: number, out: Bounds) => {
      calls++;
      direct(k, n, out);
    };
    const first = sharedProportionBounds('test/clopperPearson/0.9', fill);
    const second = sharedProportionBounds('test/clopperPearson/0.9', fill);
    expect(second).toBe(first);
    const got = fresh();
    const want = fresh();
    first(3, 10, got);
    second(3, 10, got);
    direct(3, 10, want);
    expect([got.lower, got.upper]).toEqual([want.lower, want.upper]);
    expect(calls).toBe(1);
    expect(sharedProportionBounds('test/clopperPearson/0.8', fill)).not.toBe(first);
    // Two analysers of the registered method (two chunks of one cell) give the same bits.
    const data = clusteredScoresOf([1, 0, 1, 1, 0, 1, 1], [0, 1, 2, 3, 4, 5, 6]);
    const a = blankResult();
    const b = blankResult();
    clopperPearsonInterval.create({}, { level: 0.95 })(data, unusedRng, a);
    clopperPearsonInterval.create({}, { level: 0.95 })(data, unusedRng, b);
    proportionBoundsFor('clopperPearson', 0.95)(5, 7, want);
    expect([a.lower, a.upper, b.lower, b.upper]).toEqual([want.lower, want.upper, want.lower, want.upper]);
  });
});
