/**
 * Exact paired coverage against packages/core/fixtures/pairedCoverage.json (script
 * fixtures/scripts/pairedCoverage.py: brute-force enumeration of every 4-cell table with the
 * multinomial pmf from log-gamma and the intervals coded independently in Python) at 1e-9
 * relative, plus structural checks.
 */
import { describe, expect, it } from 'vitest';
import { binomialPmf } from '../distributions/index.js';
import { type PairedIntervalMethod, pairedIntervalMethods } from '../pairedIntervals/index.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  exactPairedCoverage,
  exactPairedCoverageCurve,
  type PairedCoverageFunction,
  pairedCoverageFromTable,
  pairedIntervalTable,
} from './index.js';

interface Case {
  method: PairedIntervalMethod;
  n: number;
  p11: number;
  p10: number;
  p01: number;
  level: number;
  coverage: number;
}
const { cases } = loadFixture<{ cases: Case[] }>('pairedCoverage');

describe('against brute-force enumeration in Python', () => {
  it('matches for all five methods, n = 10..200, two levels, zero cells', () => {
    const t = new ErrorTracker(1e-9, 1e-14);
    for (const c of cases) {
      t.check(
        `${c.method} n=${c.n} (${c.p11}, ${c.p10}, ${c.p01}) level ${c.level}`,
        exactPairedCoverage(c.method, c.n, c.p11, c.p10, c.p01, c.level),
        c.coverage,
      );
    }
    expect(t.failures).toEqual([]);
    expect(new Set(cases.map((c) => c.method)).size).toBe(5);
    expect(cases.some((c) => c.method === 'newcombePaired' && c.n === 100)).toBe(true);
  });
});

describe('structure', () => {
  it('a custom function over all four cells equals the named method (Newcombe, full table)', () => {
    const custom = (n11: number, n10: number, n01: number, n00: number, level: number) =>
      pairedIntervalMethods.newcombePaired({ n11, n10, n01, n00 }, level);
    expect(exactPairedCoverage(custom, 12, 0.3, 0.2, 0.1)).toBeCloseTo(
      exactPairedCoverage('newcombePaired', 12, 0.3, 0.2, 0.1),
      14,
    );
    // and a discordant-only method gives the same through the full table
    const wald = (n11: number, n10: number, n01: number, n00: number, level: number) =>
      pairedIntervalMethods.pairedWald({ n11, n10, n01, n00 }, level);
    expect(exactPairedCoverage(wald, 12, 0.3, 0.2, 0.1)).toBeCloseTo(
      exactPairedCoverage('pairedWald', 12, 0.3, 0.2, 0.1),
      14,
    );
  });
  it('tables have the documented sizes: discordant pairs only, or all C(n + 3, 3) tables', () => {
    expect(pairedIntervalTable('tangoScore', 200).lower.length).toBe((201 * 202) / 2);
    expect(pairedIntervalTable('newcombePaired', 200).lower.length).toBe(1_373_701);
  });
  it('the trivial interval [−1, 1] covers with probability 1 (the pmf sums to 1)', () => {
    const always = () => ({ lower: -1, upper: 1 });
    for (const [p11, p10, p01] of [
      [0.25, 0.25, 0.25],
      [0, 0.5, 0.5],
      [1, 0, 0],
      [0, 0, 0],
    ]) {
      expect(exactPairedCoverage(always, 30, p11, p10, p01)).toBeCloseTo(1, 13);
    }
  });
  it('the point interval {Δ̂} covers Δ = 0 exactly when n10 = n01 (closed interval)', () => {
    const point = (_n11: number, n10: number, n01: number, n00: number) => {
      const d = (n10 - n01) / (_n11 + n10 + n01 + n00);
      return { lower: d, upper: d };
    };
    // P(n10 = n01) with n = 4, p10 = p01 = 0.25, p11 + p00 = 0.5: Σ_k P(k, k)
    let expected = 0;
    for (let k = 0; k <= 2; k++) expected += binomialPmf(2 * k, 4, 0.5) * binomialPmf(k, 2 * k, 0.5);
    expect(exactPairedCoverage(point, 4, 0.3, 0.25, 0.25)).toBeCloseTo(expected, 14);
  });
  it('the curve form equals pointwise calls', () => {
    const cells = [
      [0.4, 0.1, 0.1],
      [0.2, 0.3, 0.05],
    ] as const;
    const curve = exactPairedCoverageCurve('agrestiMin', 40, cells);
    const table = pairedIntervalTable('agrestiMin', 40);
    cells.forEach((c, i) => {
      expect(curve[i]).toBe(pairedCoverageFromTable(table, c[0], c[1], c[2]));
    });
  });
  it('the curve of an interval that reads the concordant split (one pass, no table) equals the table, bit for bit', () => {
    // Edge cells too: no discordance, all discordant, no concordant successes, one-sided.
    const cells = [
      [0.55, 0.04, 0.01],
      [0.3, 0.2, 0.2],
      [0, 0.3, 0.1],
      [0.6, 0, 0],
      [0, 0.5, 0.5],
      [0.2, 0.36, 0.04],
      [0.9, 0, 0.1],
    ] as const;
    const custom: PairedCoverageFunction = (n11, n10, n01, n00) => {
      const n = n11 + n10 + n01 + n00;
      const d = (n10 - n01) / n;
      const half = (1 + n11 / n) / Math.sqrt(n);
      return { lower: d - half, upper: d + half };
    };
    for (const method of ['newcombePaired', custom] as const) {
      for (const n of [1, 7, 40]) {
        const curve = exactPairedCoverageCurve(method, n, cells, 0.9);
        const table = pairedIntervalTable(method, n, 0.9);
        expect(table.full).toBe(true);
        cells.forEach((c, i) => {
          expect(Object.is(curve[i], pairedCoverageFromTable(table, c[0], c[1], c[2]))).toBe(true);
        });
      }
    }
    expect(() =>
      exactPairedCoverageCurve(() => ({ lower: Number.NaN, upper: 1 }), 5, [[0.2, 0.1, 0.1]]),
    ).toThrow(/^method: returned a NaN bound at \(n11, n10, n01, n00\) = \(0, 0, 0, 5\)/);
    expect(() => exactPairedCoverageCurve('newcombePaired', 400, [[0.2, 0.1, 0.1]])).toThrow(/^n:/);
  });
  it('rejects bad arguments by name', () => {
    expect(() => exactPairedCoverage('tangoScore', 0, 0.2, 0.1, 0.1)).toThrow(/^n:/);
    expect(() => exactPairedCoverage('tangoScore', 10, 0.2, 1.1, 0.1)).toThrow(/^p10:/);
    expect(() => exactPairedCoverage('tangoScore', 10, 0.5, 0.3, 0.3)).toThrow(/^p01:/);
    expect(() => exactPairedCoverage('tangoScore', 10, 0.2, 0.1, 0.1, 2)).toThrow(/^level:/);
    expect(() => exactPairedCoverage('nope' as never, 10, 0.2, 0.1, 0.1)).toThrow(/^method:/);
    expect(() => exactPairedCoverage(() => ({ lower: Number.NaN, upper: 1 }), 5, 0.2, 0.1, 0.1)).toThrow(
      /^method:/,
    );
    expect(() => pairedIntervalTable('newcombePaired', 400)).toThrow(/^n:/);
    expect(() => exactPairedCoverageCurve('pairedWald', 10, [[0.2, 0.1, -0.1]])).toThrow(/^cells\[0\]\.p01:/);
  });
});
