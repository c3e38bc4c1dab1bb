import { type Bounds, betaPosteriorBounds, proportionBoundsFor, tailProbability } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { CACHED_BOUNDS_MAX_N, cachedProportionBounds } from './cachedProportionBounds.js';

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

  it('fractional k, n above the table and invalid pairs go to the direct call every time', () => {
    const direct = proportionBoundsFor('clopperPearson', 0.95);
    let calls = 0;
    const cached = cachedProportionBounds((k, n, out) => {
      calls++;
      direct(k, n, out);
    });
    const out = fresh();
    cached(2.5, 10, out);
    cached(2.5, 10, out);
    cached(5, 201, out);
    cached(5, 201, out);
    expect(calls).toBe(4);
    expect(() => cached(11, 10, out)).toThrow(Error);
    expect(() => cached(11, 10, out)).toThrow(Error);
    expect(calls).toBe(6);
  });
});
