import { readFileSync } from 'node:fs';
import { binomialCdf, binomialPmf } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { fillBinomialTable } from './binomialTable.js';
import { DiscreteTable } from './discreteTable.js';
import {
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
  windowGof,
} from './test-utils/goodnessOfFit.js';

interface BinomialFixture {
  n: number;
  p: number;
  pmf: number[];
}
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/discretePmfs.json', import.meta.url), 'utf8'),
) as {
  binomial: BinomialFixture[];
};

/** The table's pmf: differences of its cdf, by value (0 outside the window). */
function tablePmf(table: DiscreteTable, x: number): number {
  const i = x - table.first;
  if (i < 0 || i >= table.size) return 0;
  return table.cdf[i] - (i > 0 ? table.cdf[i - 1] : 0);
}

describe('fillBinomialTable', () => {
  for (const { n, p, pmf } of fixture.binomial) {
    it(`Binomial(${n}, ${p}): cdf within 1e-13 of mpmath's; weights within the stated (4d + 1)·2⁻⁵³ (×2) of the pmf ratios`, () => {
      const table = fillBinomialTable(new DiscreteTable(), n, p);
      let cdf = 0;
      for (let x = 0; x <= n; x++) {
        cdf += pmf[x];
        const i = x - table.first;
        const mine = i < 0 ? 0 : i >= table.size ? 1 : table.cdf[i];
        expect(Math.abs(mine - Math.min(cdf, 1))).toBeLessThan(1e-13);
      }
      // The weights the filler wrote (relative to the mode, before normalising) carry the stated accuracy.
      const weights = table.weightBuffer(0);
      const mode = Math.min(n, Math.floor((n + 1) * p));
      for (let x = 0; x <= n; x++) {
        if (pmf[x] < 1e-280) continue;
        const i = x - table.first;
        expect(i >= 0 && i < table.size).toBe(true);
        const exact = pmf[x] / pmf[mode];
        const bound = 2 * (4 * Math.abs(x - mode) + 1) * 2 ** -53 + 4 * Number.EPSILON;
        expect(Math.abs(weights[i] / exact - 1)).toBeLessThan(bound);
      }
    });
  }

  it('agrees with core binomialPmf (Loader) to 1e-12 relative at the mode and ±3 s.d., n = 1e6', () => {
    const n = 1_000_000;
    const p = 0.3;
    const table = fillBinomialTable(new DiscreteTable(), n, p);
    const sd = Math.sqrt(n * p * (1 - p));
    for (const x of [n * p, n * p - 3 * sd, n * p + 3 * sd].map(Math.round)) {
      const value = tablePmf(table, x);
      expect(Math.abs(value / binomialPmf(x, n, p) - 1)).toBeLessThan(1e-12);
    }
    expect(table.size).toBeLessThan(80 * sd);
  });

  it('p = 0, p = 1 and n = 0 give a point mass', () => {
    const table = new DiscreteTable();
    const rng = new SeededStream(1, 0);
    expect(fillBinomialTable(table, 10, 0).sample(rng)).toBe(0);
    expect(fillBinomialTable(table, 10, 1).sample(rng)).toBe(10);
    expect(fillBinomialTable(table, 0, 0.4).sample(rng)).toBe(0);
  });

  for (const [n, p] of [
    [10, 0.801],
    [200, 0.805],
    [1000, 0.02],
  ] as const) {
    it(`draws from the Binomial(${n}, ${p}) table fit the pmf (chi-square) and its moments`, () => {
      const table = fillBinomialTable(new DiscreteTable(), n, p);
      const rng = new SeededStream(2024, n);
      const draws = drawMany(300_000, () => table.sample(rng));
      const sd = Math.sqrt(n * p * (1 - p));
      const lo = Math.max(0, Math.floor(n * p - 7 * sd));
      const hi = Math.min(n, Math.ceil(n * p + 7 * sd));
      const gof = windowGof(
        draws,
        (k) => binomialPmf(k, n, p),
        (k) => binomialCdf(k, n, p),
        lo,
        hi,
      );
      expect(gof.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      const npq = n * p * (1 - p);
      for (const z of momentZScores(draws, { mean: n * p, variance: npq, third: npq * (1 - 2 * p) })) {
        expect(z).toBeLessThan(MOMENT_Z);
      }
    });
  }

  it('rejects bad n and p naming them', () => {
    const table = new DiscreteTable();
    expect(() => fillBinomialTable(table, -1, 0.5)).toThrow(/n: must be an integer ≥ 0/);
    expect(() => fillBinomialTable(table, 2.5, 0.5)).toThrow(/n: must be an integer ≥ 0/);
    expect(() => fillBinomialTable(table, 10, 1.5)).toThrow(/p: must be in \[0, 1\]/);
    expect(() => fillBinomialTable(table, 10, Number.NaN)).toThrow(/p: must be in \[0, 1\]/);
  });
});
