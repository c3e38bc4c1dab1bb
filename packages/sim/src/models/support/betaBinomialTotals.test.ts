import { binomialPmf, logBeta } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../../base/cellParams.js';
import { SeededStream } from '../../rng/SeededStream.js';
import {
  discreteGof,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
} from '../../samplers/test-utils/goodnessOfFit.js';
import { betaBinomialClusters } from '../betaBinomialClusters.js';
import { drawBetaBinomialTotals } from './betaBinomialTotals.js';

/** A cell's parameters read as a study would (checked, defaults applied). */
const parseBetaBinomialClusters = (params: CellParams) =>
  betaBinomialClusters.parse(params, { baseDir: '.' });

/** BB(n, a, b) pmf from log-beta functions (b = Infinity: Binomial(n, p)). */
function pmfOf(n: number, a: number, b: number, p: number): (x: number) => number {
  if (!Number.isFinite(a)) return (x) => binomialPmf(x, n, p);
  return (x) =>
    x < 0 || x > n
      ? 0
      : Math.exp(-Math.log(n + 1) - logBeta(x + 1, n - x + 1) + logBeta(x + a, n - x + b) - logBeta(a, b));
}

/** Every cluster total of `replications` replications, grouped by cluster size. */
function totalsBySize(params: CellParams, replications: number, seed: number) {
  const parsed = parseBetaBinomialClusters(params);
  const data = betaBinomialClusters.allocate(parsed);
  const rng = new SeededStream(seed, 0);
  const bySize = new Map<number, number[]>();
  let squaresDiffer = 0;
  for (let r = 0; r < replications; r++) {
    betaBinomialClusters.generate(parsed, rng.reseed(seed, r), data);
    for (let k = 0; k < data.clusterCount; k++) {
      const n = data.sizes[k];
      if (!bySize.has(n)) bySize.set(n, []);
      bySize.get(n)!.push(data.totals[k]);
      if (data.sumSquares[k] !== data.totals[k]) squaresDiffer++;
    }
  }
  expect(squaresDiffer).toBe(0);
  return { parsed, bySize };
}

describe('drawBetaBinomialTotals (table inversion per cluster size)', () => {
  const cases: [CellParams, string][] = [
    [{ p: 0.7, rho: 0.1, m: 5, clusters: 40 }, 'm = 5, ρ = 0.1'],
    [{ p: 0.7, rho: 0.2, m: 50, clusters: 20 }, 'm = 50, ρ = 0.2'],
    [{ p: 0.7, rho: 0, m: 20, clusters: 50 }, 'ρ = 0: Binomial(20, 0.7)'],
    [{ p: 0.3, rho: 0.05, m: 8, clusters: 60, sizeCV: 0.6 }, 'unequal sizes (sizeCV 0.6)'],
  ];
  for (const [params, label] of cases) {
    it(`${label}: totals of each common size fit BB(n, a, b) (chi-square) and its mean and variance`, () => {
      const { parsed, bySize } = totalsBySize(params, 2000, 17);
      let checked = 0;
      for (const [n, draws] of bySize) {
        if (draws.length < 4000) continue;
        const pmf = pmfOf(n, parsed.a, parsed.b, parsed.p);
        expect(discreteGof(draws, pmf, n).pValue, `size ${n}`).toBeGreaterThan(GOF_REJECT_BELOW);
        const mean = n * parsed.p;
        const variance = n * parsed.p * (1 - parsed.p) * (1 + (n - 1) * parsed.rho);
        for (const z of momentZScores(draws, { mean, variance })) expect(z).toBeLessThan(MOMENT_Z);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('m = 1: the K totals are 0/1 with sum ~ Binomial(K, p) (chi-square, mean, variance), ones first, one uniform per replication', () => {
    const K = 300;
    const parsed = parseBetaBinomialClusters({ p: 0.7, rho: 0.2, m: 1, clusters: K });
    const data = betaBinomialClusters.allocate(parsed);
    const sums: number[] = [];
    let misplaced = 0;
    for (let r = 0; r < 20_000; r++) {
      const rng = new SeededStream(5, r);
      betaBinomialClusters.generate(parsed, rng, data);
      let sum = 0;
      for (let k = 0; k < K; k++) {
        sum += data.totals[k];
        if (data.sumSquares[k] !== data.totals[k]) misplaced++;
      }
      for (let k = 0; k < K; k++) if (data.totals[k] !== (k < sum ? 1 : 0)) misplaced++;
      sums.push(sum);
      // Exactly one uniform was used: the stream continues with the replay's second draw.
      const replay = new SeededStream(5, r);
      replay.uniform();
      if (r < 200) expect(rng.uniform()).toBe(replay.uniform());
    }
    expect(misplaced).toBe(0);
    expect(discreteGof(sums, (x) => binomialPmf(x, K, 0.7), K).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    for (const z of momentZScores(sums, { mean: K * 0.7, variance: K * 0.7 * 0.3 }))
      expect(z).toBeLessThan(MOMENT_Z);
  });

  it('mixed sizes: the single-item clusters sum to Binomial(K₁, p) and the others still fit BB(n, a, b)', () => {
    const params = { p: 0.3, rho: 0.1, sizes: [1, 4, 1, 1, 4, 6, 1, 1, 4, 1] };
    const parsed = parseBetaBinomialClusters(params);
    const data = betaBinomialClusters.allocate(parsed);
    const unitSums: number[] = [];
    const fours: number[] = [];
    let misplaced = 0;
    for (let r = 0; r < 20_000; r++) {
      betaBinomialClusters.generate(parsed, new SeededStream(8, r), data);
      const unitTotals = [0, 2, 3, 6, 7, 9].map((k) => data.totals[k]);
      const sum = unitTotals.reduce((x, y) => x + y, 0);
      unitTotals.forEach((y, i) => {
        if (y !== (i < sum ? 1 : 0)) misplaced++;
      });
      unitSums.push(sum);
      fours.push(data.totals[1], data.totals[4], data.totals[8]);
    }
    expect(misplaced).toBe(0);
    expect(discreteGof(unitSums, (x) => binomialPmf(x, 6, 0.3), 6).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    for (const z of momentZScores(unitSums, { mean: 1.8, variance: 6 * 0.3 * 0.7 }))
      expect(z).toBeLessThan(MOMENT_Z);
    expect(discreteGof(fours, pmfOf(4, parsed.a, parsed.b, 0.3), 4).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('equal sizes: equalSizeSums holds Σ totals and Σ totals² of every replication (m = 1, tables, ρ = 0, beyond the cap); unequal sizes: null', () => {
    const layouts: CellParams[] = [
      { p: 0.7, rho: 0.2, m: 1, clusters: 50 },
      { p: 0.7, rho: 0.1, m: 5, clusters: 40 },
      { p: 0.4, rho: 0, m: 20, clusters: 10 },
      { p: 0.6, rho: 0.3, sizes: [70_000, 70_000, 70_000] },
    ];
    for (const params of layouts) {
      const parsed = parseBetaBinomialClusters(params);
      const data = betaBinomialClusters.allocate(parsed);
      expect(data.equalSizeSums?.size).toBe(parsed.sizes[0]);
      for (let r = 0; r < 30; r++) {
        betaBinomialClusters.generate(parsed, new SeededStream(11, r), data);
        let total = 0;
        let squares = 0;
        for (let k = 0; k < data.clusterCount; k++) {
          total += data.totals[k];
          squares += data.totals[k] ** 2;
        }
        expect([data.equalSizeSums?.total, data.equalSizeSums?.totalSquares]).toEqual([total, squares]);
      }
    }
    const mixed = parseBetaBinomialClusters({ p: 0.5, rho: 0.1, sizes: [1, 2, 3] });
    expect(betaBinomialClusters.allocate(mixed).equalSizeSums).toBeNull();
  });

  it('sizes beyond the table cap draw Beta then Binomial (mean and variance of the totals still right)', () => {
    const { parsed, bySize } = totalsBySize({ p: 0.6, rho: 0.3, sizes: [70_000, 70_000, 3] }, 4000, 3);
    const big = bySize.get(70_000)!;
    const n = 70_000;
    const variance = n * 0.6 * 0.4 * (1 + (n - 1) * parsed.rho);
    for (const z of momentZScores(big, { mean: n * 0.6, variance })) expect(z).toBeLessThan(MOMENT_Z);
    expect(discreteGof(bySize.get(3)!, pmfOf(3, parsed.a, parsed.b, 0.6), 3).pValue).toBeGreaterThan(
      GOF_REJECT_BELOW,
    );
  });

  it('depends only on the parameters and the stream: a fresh parse of the same cell gives identical totals', () => {
    const params = { p: 0.7, rho: 0.1, m: 10, clusters: 30 };
    const first = parseBetaBinomialClusters(params);
    const second = parseBetaBinomialClusters(params);
    const a = new Float64Array(30);
    const b = new Float64Array(30);
    for (let r = 0; r < 50; r++) {
      drawBetaBinomialTotals(first, new SeededStream(9, r), a, new Float64Array(30));
      drawBetaBinomialTotals(second, new SeededStream(9, r), b, new Float64Array(30));
      expect(a).toEqual(b);
    }
  });
});
