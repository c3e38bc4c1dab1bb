import { describe, expect, it } from 'vitest';
import { tCritical } from '../distributions/studentT.js';
import { TestRng } from '../test-utils/testRng.js';
import { clusteredIntervalFromTotals, createClusteredInterval } from './clusteredInterval.js';
import type { ClusterTotals } from './clusterTotals.js';
import { type ClusteredBounds, createCr1Bounds } from './cr1Bounds.js';

/** Random 0/1 cluster totals: K clusters of sizes 1…maxSize. */
function randomTotals(rng: TestRng, K: number, maxSize: number): ClusterTotals {
  const sizes = new Float64Array(K + 3);
  const totals = new Float64Array(K + 3);
  for (let g = 0; g < K; g++) {
    sizes[g] = 1 + Math.floor(rng.uniform() * maxSize);
    totals[g] = rng.binomial(sizes[g], 0.2 + 0.6 * rng.uniform());
  }
  return { count: K, sizes, totals, sumSquares: totals };
}

describe('createCr1Bounds (per-replication CR1 interval)', () => {
  for (const critical of ['t', 'z'] as const) {
    for (const level of [0.95, 0.9]) {
      it(`equals clusteredIntervalFromTotals (cr1, ${critical}, level ${level}) bit for bit on 2,000 random designs`, () => {
        const rng = new TestRng(20240601);
        const bounds = createCr1Bounds(level, critical);
        const fast: ClusteredBounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
        const reference = createClusteredInterval();
        let mismatches = 0;
        for (let r = 0; r < 2000; r++) {
          // K changes now and then (the cached critical value must follow it), sizes vary.
          const t = randomTotals(rng, 2 + (r % 7) * 30 + (r % 3), 1 + (r % 50));
          bounds(t, fast);
          clusteredIntervalFromTotals(t, { level, estimator: 'cr1', critical }, reference);
          if (
            !Object.is(fast.estimate, reference.estimate) ||
            !Object.is(fast.standardError, reference.standardError) ||
            !Object.is(fast.lower, reference.lower) ||
            !Object.is(fast.upper, reference.upper)
          )
            mismatches++;
        }
        expect(mismatches).toBe(0);
      });
    }
  }

  for (const critical of ['t', 'z'] as const) {
    it(`fromEqualSizeSums (${critical}): the estimate bit for bit, the SE within 1e-13 relative of the two-pass value, SE² within 4 ulp of the exact rational`, () => {
      const rng = new TestRng(77);
      const bounds = createCr1Bounds(0.95, critical);
      const loop: ClusteredBounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
      const sums: ClusteredBounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
      let worst = 0;
      let worstUlps = 0;
      for (let r = 0; r < 2000; r++) {
        const K = 2 + (r % 9) * 60;
        const m = 1 + (r % 13) * 4;
        const sizes = new Float64Array(K).fill(m);
        const totals = new Float64Array(K);
        const p = 0.05 + 0.9 * rng.uniform();
        let S = 0;
        let Q = 0;
        for (let g = 0; g < K; g++) {
          totals[g] = rng.binomial(m, r % 2 === 0 ? p : rng.uniform());
          S += totals[g];
          Q += totals[g] * totals[g];
        }
        bounds({ count: K, sizes, totals, sumSquares: totals }, loop);
        expect(bounds.fromEqualSizeSums(K, m, S, Q, sums)).toBe(true);
        expect(sums.estimate).toBe(loop.estimate);
        if (loop.standardError === 0) expect(sums.standardError).toBe(0);
        else worst = Math.max(worst, Math.abs(sums.standardError / loop.standardError - 1));
        // Exact: Var = (K·Q − S²)/((K − 1)·N²); compare se² to it in units of the last place.
        const num = BigInt(K) * BigInt(Q) - BigInt(S) * BigInt(S);
        const den = BigInt(K - 1) * BigInt(K * m) ** 2n;
        const scale = 10n ** 30n;
        const exact = Number((num * scale) / den) / 1e30;
        const se2 = sums.standardError ** 2;
        if (exact > 0) worstUlps = Math.max(worstUlps, Math.abs(se2 - exact) / (exact * Number.EPSILON));
        const c = (loop.upper - loop.estimate) / loop.standardError;
        if (loop.standardError > 0)
          expect(Math.abs((sums.upper - sums.estimate) / sums.standardError / c - 1)).toBeLessThan(1e-12);
      }
      expect(worst).toBeLessThan(1e-13);
      // se² = (√x)² carries the division's and the square root's rounding, squared: ≤ 4 ulp.
      expect(worstUlps).toBeLessThan(4);
    });
  }

  it('fromEqualSizeSums refuses sums it cannot use exactly (writes nothing)', () => {
    const bounds = createCr1Bounds();
    const out: ClusteredBounds = { estimate: -1, standardError: -1, lower: -1, upper: -1 };
    expect(bounds.fromEqualSizeSums(2 ** 30, 1, 2 ** 29, 2 ** 29, out)).toBe(false);
    expect(bounds.fromEqualSizeSums(1, 5, 3, 9, out)).toBe(false);
    expect(out).toEqual({ estimate: -1, standardError: -1, lower: -1, upper: -1 });
  });

  it('computes the t critical value through tCriticalOf, once per change of K (same bounds as the default)', () => {
    const calls: number[] = [];
    const counted = createCr1Bounds(0.95, 't', (level, df) => {
      calls.push(df);
      return tCritical(level, df);
    });
    const plain = createCr1Bounds(0.95, 't');
    const rng = new TestRng(5);
    const a: ClusteredBounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
    const b: ClusteredBounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
    for (const K of [10, 10, 10, 25, 25, 10]) {
      const t = randomTotals(rng, K, 8);
      counted(t, a);
      plain(t, b);
      expect(a).toEqual(b);
    }
    expect(calls).toEqual([9, 24, 9]);
  });

  it('rejects a bad level or critical family naming it', () => {
    expect(() => createCr1Bounds(1.5)).toThrow(/level/);
    expect(() => createCr1Bounds(0.95, 'x' as 't')).toThrow(/critical: must be 'z' or 't'/);
  });
});
