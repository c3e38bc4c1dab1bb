/**
 * copyDifferenceTest takes the one-sided p-values' tail from the core test's two-sided p-value
 * (τ = p/2 when p < 1) instead of a second tail evaluation: the fields must equal, bit for bit,
 * the plain path that evaluates τ = P(T ≥ |statistic|) again (normalSf for df = ∞, tSf else).
 */
import { createDifferenceTestOut, fillDifferenceTest, normalSf, tSf } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { copyDifferenceTest, createMethodResult } from './methodResult.js';

/** The plain path: every p-value from a fresh tail evaluation of the statistic. */
function plainPValues(statistic: number, df: number, pTwoSided: number) {
  const tail = df === Number.POSITIVE_INFINITY ? normalSf(Math.abs(statistic)) : tSf(Math.abs(statistic), df);
  return {
    pTwoSided,
    pGreater: statistic >= 0 ? tail : 1 - tail,
    pLess: statistic >= 0 ? 1 - tail : tail,
  };
}

const DFS = [Number.POSITIVE_INFINITY, 1, 3, 9, 99, 999, 1e6];
/** Statistics from 0 and ≈ 1e-300 (p clipped to 1) to far tails (subnormal and zero tails). */
const STATISTICS = [
  0, 1e-300, 1e-17, 1e-9, 0.01, 0.5, 1, 1.959963984540054, 2.5, 4, 8, 20, 38, 40, 1e3, 1e200,
];

describe('copyDifferenceTest', () => {
  it('gives the p-values of a second tail evaluation, bit for bit, on both sides', () => {
    const test = createDifferenceTestOut();
    const out = createMethodResult();
    let compared = 0;
    let clipped = 0;
    for (const df of DFS) {
      for (const z of STATISTICS) {
        for (const sign of [1, -1]) {
          const se = 0.0123;
          fillDifferenceTest(test, sign * z * se, se, 0.95, df);
          copyDifferenceTest(out, test);
          const plain = plainPValues(test.statistic, df, test.pValue);
          expect(Object.is(out.pGreater, plain.pGreater), `df ${df}, t ${test.statistic}`).toBe(true);
          expect(Object.is(out.pLess, plain.pLess), `df ${df}, t ${test.statistic}`).toBe(true);
          expect(out.pTwoSided).toBe(test.pValue);
          if (test.pValue === 1) clipped++;
          compared++;
        }
      }
    }
    expect(compared).toBe(DFS.length * STATISTICS.length * 2);
    // The re-evaluated branch (p clipped at 1) is exercised too.
    expect(clipped).toBeGreaterThan(0);
  });

  it('matches on random statistics', () => {
    const test = createDifferenceTestOut();
    const out = createMethodResult();
    let seed = 12345;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 4294967296;
    };
    for (let i = 0; i < 2000; i++) {
      const df = DFS[i % DFS.length]!;
      const statistic = (next() - 0.5) * 12;
      fillDifferenceTest(test, statistic, 1, 0.95, df);
      copyDifferenceTest(out, test);
      const plain = plainPValues(test.statistic, df, test.pValue);
      expect(Object.is(out.pGreater, plain.pGreater)).toBe(true);
      expect(Object.is(out.pLess, plain.pLess)).toBe(true);
    }
  });

  it('keeps the degenerate rules (SE = 0)', () => {
    const test = createDifferenceTestOut();
    const out = createMethodResult();
    fillDifferenceTest(test, 0.2, 0, 0.95, 9);
    copyDifferenceTest(out, test);
    expect([out.pTwoSided, out.pGreater, out.pLess, out.degenerate]).toEqual([0, 0, 1, true]);
    fillDifferenceTest(test, 0, 0, 0.95, 9);
    copyDifferenceTest(out, test);
    expect([out.pTwoSided, out.pGreater, out.pLess, out.degenerate]).toEqual([1, 1, 1, true]);
  });
});
