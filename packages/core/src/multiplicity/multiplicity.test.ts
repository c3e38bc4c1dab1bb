/**
 * The five adjustments against statsmodels.stats.multitest.multipletests
 * (packages/core/fixtures/scripts/multiplicity.py): random, tie-heavy, p = 0 / 1 and
 * single-p vectors at α = 0.01, 0.05, 0.1; countRejections against the reject flags.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { TestRng } from '../test-utils/testRng.js';
import { ADJUSTMENT_METHODS, type AdjustmentMethod, adjustPValues } from './adjustPValues.js';
import { bonferroni } from './bonferroni.js';
import { countRejections } from './countRejections.js';
import { holm } from './holm.js';
import { sortPrefix } from './sortPrefix.js';

interface Case {
  name: string;
  method: AdjustmentMethod;
  alpha: number;
  pValues: number[];
  adjusted: number[];
  reject: number[];
}
const cases = loadFixture<{ cases: Case[] }>('multiplicity').cases;

describe('adjustPValues vs statsmodels multipletests', () => {
  it.each(cases)('$method $name alpha=$alpha', (c) => {
    const r = adjustPValues(Float64Array.from(c.pValues), c.method, c.alpha);
    expect(r.adjusted).toBeInstanceOf(Float64Array);
    expect(r.reject).toBeInstanceOf(Uint8Array);
    expect(Array.from(r.reject)).toEqual(c.reject);
    c.adjusted.forEach((expected, i) => {
      expectRelative(r.adjusted[i], expected, 1e-12, 0, `${i}`);
    });
    const workspace = new Float64Array(c.pValues.length + 3);
    const count = c.reject.reduce((s, x) => s + x, 0);
    expect(countRejections(c.pValues, c.method, c.alpha, workspace)).toBe(count);
  });

  it('covers every method in the fixture', () => {
    expect(new Set(cases.map((c) => c.method))).toEqual(new Set(ADJUSTMENT_METHODS));
  });
});

describe('multiplicity: seeds and edge cases', () => {
  it('seed 002: Bonferroni with m = 12 demands p ≤ 0.004167', () => {
    const p = new Float64Array(12).fill(0.5);
    p[3] = 0.0041;
    p[7] = 0.0042;
    expect(Array.from(bonferroni(p).reject)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('seed 000 Step 5: the three real comparisons (largest p 0.006) survive every correction of 3 tests', () => {
    const p = [4.4e-12, 0.006, 1e-30];
    for (const method of ADJUSTMENT_METHODS)
      expect(Array.from(adjustPValues(p, method).reject)).toEqual([1, 1, 1]);
  });

  it('tied p-values get identical decisions and adjusted values in any input order', () => {
    const p = [0.02, 0.01, 0.02, 0.04, 0.02, 0.01];
    const reversed = [...p].reverse();
    for (const method of ADJUSTMENT_METHODS) {
      const a = adjustPValues(p, method, 0.05);
      const b = adjustPValues(reversed, method, 0.05);
      expect(Array.from(a.adjusted)).toEqual(Array.from(b.adjusted).reverse());
      expect(Array.from(a.reject)).toEqual(Array.from(b.reject).reverse());
      expect(a.adjusted[0]).toBe(a.adjusted[2]);
      expect(a.adjusted[1]).toBe(a.adjusted[5]);
    }
  });

  it('countRejections agrees with the reject flags on 2,000 random families', () => {
    const rng = new TestRng(190);
    const workspace = new Float64Array(200);
    for (let rep = 0; rep < 2000; rep++) {
      const m = 1 + Math.floor(rng.uniform() * 200);
      const p = new Float64Array(m);
      for (let i = 0; i < m; i++) p[i] = rng.uniform() < 0.2 ? rng.uniform() * 1e-3 : rng.uniform();
      for (const method of ADJUSTMENT_METHODS) {
        const flags = adjustPValues(p, method, 0.05).reject.reduce((s, x) => s + x, 0);
        expect(countRejections(p, method, 0.05, workspace)).toBe(flags);
      }
    }
  });

  it('sortPrefix sorts only the prefix', () => {
    const a = Float64Array.from([5, 3, 9, 1, 7, 2, -1]);
    sortPrefix(a, 5);
    expect(Array.from(a)).toEqual([1, 3, 5, 7, 9, 2, -1]);
  });

  it('NaN, out-of-range, empty and bad alpha or method are InputErrors naming the argument', () => {
    expect(() => holm([0.1, Number.NaN])).toThrow(/^pValues: .*entry 1 is NaN/);
    expect(() => holm([0.1, 1.2])).toThrow(/pValues/);
    expect(() => holm([-0.1])).toThrow(/pValues/);
    expect(() => holm([])).toThrow(/pValues/);
    expect(() => holm([0.1], 1)).toThrow(/^alpha:/);
    // @ts-expect-error invalid method
    expect(() => adjustPValues([0.1], 'fdr')).toThrow(/^method: must be one of bonferroni, holm/);
    expect(() => countRejections([0.1, 0.2], 'holm', 0.05, new Float64Array(1))).toThrow(/^workspace:/);
  });
});
