/**
 * McNemar p-values against statsmodels `mcnemar` and scipy `binomtest`
 * (packages/core/fixtures/scripts/paired.py), the seeds' worked numbers, and the
 * critical-count table against per-pair p-values.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { mcnemarChiSquare } from './mcnemarChiSquare.js';
import { mcnemarCriticalCounts } from './mcnemarCriticalCounts.js';
import { mcnemarExactPValue, mcnemarMidPValue } from './mcnemarExact.js';
import { mcnemarTest } from './mcnemarTest.js';

interface Row {
  b: number;
  c: number;
  exact: number;
  exactStatistic: number;
  binomtest: number;
  midp: number;
  chisq: number;
  chisqP: number;
  chisqCC: number;
  chisqCCP: number;
}
const rows = loadFixture<{ mcnemar: Row[] }>('paired').mcnemar;
const REL = 1e-9;

describe('mcnemarTest vs statsmodels mcnemar / scipy binomtest', () => {
  it.each(rows)('b=$b c=$c', (row) => {
    const exact = mcnemarTest(row.b, row.c);
    expect(exact.method).toBe('exact');
    expect(exact.statistic).toBe(row.exactStatistic);
    expect(exact.discordant).toBe(row.b + row.c);
    expectRelative(exact.pValue, row.exact, REL, 0, 'exact vs statsmodels');
    expectRelative(exact.pValue, row.binomtest, REL, 0, 'exact vs binomtest');
    expectRelative(mcnemarTest(row.b, row.c, { method: 'midp' }).pValue, row.midp, REL, 0, 'midp');
    const chisq = mcnemarTest(row.b, row.c, { method: 'chisq' });
    expectRelative(chisq.statistic, row.chisq, REL, 0, 'X²');
    expectRelative(chisq.pValue, row.chisqP, REL, 0, 'X² p');
    const cc = mcnemarTest(row.b, row.c, { method: 'chisqCC' });
    if (row.b !== row.c) {
      expectRelative(cc.statistic, row.chisqCC, REL, 0, 'X²cc');
      expectRelative(cc.pValue, row.chisqCCP, REL, 0, 'X²cc p');
    } else {
      // Deliberate difference (mcnemarChiSquare.ts): the correction is clamped at 0.
      expect(row.chisqCC).toBeCloseTo(1 / (row.b + row.c), 12);
      expect(cc.statistic).toBe(0);
      expect(cc.pValue).toBe(1);
    }
  });

  it('seed 002: b = 3, c = 7 → X²cc = 0.90, p ≈ 0.34', () => {
    const r = mcnemarTest(3, 7, { method: 'chisqCC' });
    expect(r.statistic).toBeCloseTo(0.9, 14);
    expect(r.pValue.toFixed(2)).toBe('0.34');
  });

  it('seed 000: 28 vs 107 → exact p ≈ 4.4e-12; 94 vs 59 → p ≈ 0.006', () => {
    expect(mcnemarTest(28, 107).pValue.toExponential(1)).toBe('4.4e-12');
    expect(mcnemarTest(94, 59).pValue.toFixed(3)).toBe('0.006');
    expect(mcnemarExactPValue(107, 28)).toBe(mcnemarExactPValue(28, 107));
  });

  it('zero discordant pairs: p = 1, degenerate, for every method', () => {
    for (const method of ['exact', 'midp', 'chisq', 'chisqCC'] as const) {
      const r = mcnemarTest(0, 0, { method });
      expect(r).toEqual({ statistic: 0, pValue: 1, method, discordant: 0, degenerate: true });
    }
    expect(mcnemarTest(0, 1).degenerate).toBe(false);
  });

  it('mid-p ≤ exact, and b = c gives p = 1', () => {
    for (const [b, c] of [
      [3, 7],
      [0, 4],
      [20, 31],
      [5, 5],
      [60, 60],
    ]) {
      expect(mcnemarMidPValue(b, c)).toBeLessThanOrEqual(mcnemarExactPValue(b, c));
    }
    expect(mcnemarExactPValue(6, 6)).toBe(1);
    expectRelative(mcnemarMidPValue(6, 6), 1, 1e-14, 0, 'midp b=c');
  });

  it('bad input names the argument', () => {
    expect(() => mcnemarTest(-1, 3)).toThrow(/^b:/);
    expect(() => mcnemarTest(2, 1.5)).toThrow(/^c:/);
    // @ts-expect-error invalid method
    expect(() => mcnemarTest(2, 3, { method: 'fisher' })).toThrow(/method: must be one of exact, midp/);
    expect(() => mcnemarChiSquare(0, 0, true)).toThrow(/b \+ c/);
  });
});

describe('mcnemarCriticalCounts', () => {
  it.each([0.05, 0.01, 0.05 / 190, 0.2])(
    'agrees with mcnemarTest for every (b, c) with b + c ≤ 400 at alpha=%s',
    (alpha) => {
      const crit = mcnemarCriticalCounts(400, alpha);
      expect(crit).toBeInstanceOf(Int32Array);
      expect(crit.length).toBe(401);
      expect(crit[0]).toBe(1);
      let mismatches = 0;
      for (let d = 1; d <= 400; d++) {
        for (let b = 0; b <= d; b++) {
          const rejects = mcnemarTest(b, d - b).pValue <= alpha;
          if (rejects !== Math.max(b, d - b) >= crit[d]) mismatches++;
        }
      }
      expect(mismatches).toBe(0);
    },
  );

  // Besides round and dyadic alphas (exact ties), alphas equal to exact p-values: there the
  // pmf recurrence differs from the p-value in its last bits, and the p-value must decide.
  it.each([
    0.05,
    0.01,
    0.05 / 190,
    1e-6,
    2 ** -5,
    0.5,
    0.25 + 2 ** -40,
    0.123456789,
    mcnemarExactPValue(32, 13),
    mcnemarExactPValue(47, 40),
    mcnemarExactPValue(520, 430),
  ])('equals the scan by exact p-values up to D = 1,200 at alpha=%s', (alpha) => {
    const reference = new Int32Array(1201);
    reference[0] = 1;
    let m = 1;
    for (let d = 1; d <= 1200; d++) {
      if (m < Math.ceil(d / 2)) m = Math.ceil(d / 2);
      while (m <= d && mcnemarExactPValue(m, d - m) > alpha) m++;
      reference[d] = m;
    }
    expect(Array.from(mcnemarCriticalCounts(1200, alpha))).toEqual(Array.from(reference));
  });

  it('small D never rejects at 5% (crit = D + 1) until D = 6', () => {
    const crit = mcnemarCriticalCounts(8, 0.05);
    expect(Array.from(crit)).toEqual([1, 2, 3, 4, 5, 6, 6, 7, 8]);
  });

  it('is fast enough for large D', () => {
    const crit = mcnemarCriticalCounts(100_000, 0.05);
    expect(crit[100_000]).toBeGreaterThan(50_000);
    expect(mcnemarTest(crit[100_000], 100_000 - crit[100_000]).pValue).toBeLessThanOrEqual(0.05);
    expect(mcnemarTest(crit[100_000] - 1, 100_001 - crit[100_000]).pValue).toBeGreaterThan(0.05);
  });

  it('rejects bad arguments', () => {
    expect(() => mcnemarCriticalCounts(-1)).toThrow(/maxDiscordant/);
    expect(() => mcnemarCriticalCounts(10, 0)).toThrow(/alpha/);
  });
});
