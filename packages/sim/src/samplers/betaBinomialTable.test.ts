import { readFileSync } from 'node:fs';
import { logBeta } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleBeta } from './beta.js';
import { BETA_BINOMIAL_TABLE_MAX_N, fillBetaBinomialTable } from './betaBinomialTable.js';
import { sampleBinomial } from './binomial.js';
import { DiscreteTable } from './discreteTable.js';
import {
  discreteGof,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
} from './test-utils/goodnessOfFit.js';

interface BetaBinomialFixture {
  n: number;
  a: number;
  b: number;
  pmf: number[];
}
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/discretePmfs.json', import.meta.url), 'utf8'),
) as {
  betaBinomial: BetaBinomialFixture[];
};

/** Mean, variance and third central moment of BB(n, a, b) (Johnson, Kemp & Kotz 2005, §6.7.2). */
function betaBinomialMoments(n: number, a: number, b: number) {
  const s = a + b;
  const mean = (n * a) / s;
  const variance = (n * a * b * (s + n)) / (s * s * (s + 1));
  const third = (variance * (s + 2 * n) * (b - a)) / (s * (s + 2));
  return { mean, variance, third };
}

function table(n: number, a: number, b: number): DiscreteTable {
  const t = new DiscreteTable();
  expect(fillBetaBinomialTable(t, n, a, b)).toBe(true);
  return t;
}

describe('fillBetaBinomialTable', () => {
  for (const { n, a, b, pmf } of fixture.betaBinomial) {
    const label = `BB(${n}, ${a.toPrecision(4)}, ${b.toPrecision(4)})`;
    it(`${label}: cdf within 1e-13 of mpmath's; weights within the stated (6d + 1)·2⁻⁵³ (×2) of the pmf ratios`, () => {
      const t = table(n, a, b);
      let cdf = 0;
      for (let x = 0; x <= n; x++) {
        cdf += pmf[x];
        expect(Math.abs(t.cdf[x] - Math.min(cdf, 1))).toBeLessThan(1e-13);
      }
      const weights = t.weightBuffer(0);
      let mode = 0;
      for (let x = 0; x <= n; x++) if (weights[x] === 1) mode = x;
      expect(pmf[mode]).toBe(Math.max(...pmf));
      for (let x = 0; x <= n; x++) {
        if (pmf[x] < 1e-280) continue;
        const bound = 2 * (6 * Math.abs(x - mode) + 1) * 2 ** -53 + 4 * Number.EPSILON;
        expect(Math.abs(weights[x] / (pmf[x] / pmf[mode]) - 1)).toBeLessThan(bound);
      }
    });
  }

  it('agrees with the log-beta closed form (core logBeta) to 1e-9 relative at n = 65,536', () => {
    const n = BETA_BINOMIAL_TABLE_MAX_N;
    const [a, b] = [13.3, 5.7];
    const t = table(n, a, b);
    const logChoose = (x: number) => -Math.log(n + 1) - logBeta(x + 1, n - x + 1);
    for (const x of [20_000, 48_000, 60_000]) {
      const exact = Math.exp(logChoose(x) + logBeta(x + a, n - x + b) - logBeta(a, b));
      const mine = t.cdf[x] - t.cdf[x - 1];
      expect(Math.abs(mine / exact - 1)).toBeLessThan(1e-9);
    }
  });

  const samplingCases: [number, number, number, string][] = [
    [5, 0.7 * 19, 0.3 * 19, 'm = 5, ρ = 0.05'],
    [50, 0.7 * 4, 0.3 * 4, 'm = 50, ρ = 0.2'],
    [30, 0.3, 0.4, 'U-shaped (a, b < 1)'],
    [25, 0.05, 3, 'J-shaped (mass at 0)'],
  ];
  for (const [n, a, b, label] of samplingCases) {
    it(`draws from BB(${n}, ${a.toFixed(2)}, ${b.toFixed(2)}) (${label}) fit the pmf (chi-square) and the first three moments`, () => {
      const t = table(n, a, b);
      const rng = new SeededStream(31337, n);
      const draws = drawMany(300_000, () => t.sample(rng));
      const pmf = (x: number) =>
        Math.exp(-Math.log(n + 1) - logBeta(x + 1, n - x + 1) + logBeta(x + a, n - x + b) - logBeta(a, b));
      expect(discreteGof(draws, pmf, n).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      for (const z of momentZScores(draws, betaBinomialMoments(n, a, b))) expect(z).toBeLessThan(MOMENT_Z);
    });
  }

  it('has the law of Binomial(n, Beta(a, b)) (two-sample chi-square against the two-draw method)', () => {
    const [n, a, b] = [20, 0.7 * 4, 0.3 * 4];
    const t = table(n, a, b);
    const rng = new SeededStream(5, 5);
    const viaTable = new Float64Array(n + 1);
    const viaDraws = new Float64Array(n + 1);
    const N = 200_000;
    for (let r = 0; r < N; r++) {
      viaTable[t.sample(rng)]++;
      viaDraws[sampleBinomial(rng, n, sampleBeta(rng, a, b))]++;
    }
    // Pearson chi-square of homogeneity, cells with ≥ 10 expected in total.
    let statistic = 0;
    let df = -1;
    for (let x = 0; x <= n; x++) {
      const total = viaTable[x] + viaDraws[x];
      if (total < 20) continue;
      const e = total / 2;
      statistic += (viaTable[x] - e) ** 2 / e + (viaDraws[x] - e) ** 2 / e;
      df++;
    }
    // 99.99% quantile of chi-square(df ≤ 20) is below 50.
    expect(df).toBeGreaterThan(10);
    expect(statistic).toBeLessThan(50);
  });

  it('refuses n beyond the cap and bad shapes, naming them', () => {
    const t = new DiscreteTable();
    expect(() => fillBetaBinomialTable(t, BETA_BINOMIAL_TABLE_MAX_N + 1, 1, 1)).toThrow(
      /n: must be an integer in/,
    );
    expect(() => fillBetaBinomialTable(t, 10, 0, 1)).toThrow(/a: must be finite and > 0/);
    expect(() => fillBetaBinomialTable(t, 10, 1, Number.POSITIVE_INFINITY)).toThrow(
      /b: must be finite and > 0/,
    );
  });

  it('n = 0 is the point mass at 0; a table that underflowed in a U shape is refused', () => {
    const t = new DiscreteTable();
    expect(fillBetaBinomialTable(t, 0, 2, 3)).toBe(true);
    expect(t.quantile(0.99)).toBe(0);
    expect(fillBetaBinomialTable(t, 60_000, 1e-320, 1e-320)).toBe(false);
  });
});
