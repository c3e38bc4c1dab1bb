import { designEffect, designEffectUnequal, iccAnovaFromTotals } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import { createClusterTotalsView, viewClusteredScores } from '../base/clusterTotalsView.js';
import { ConfigError } from '../base/errors.js';
import { SeededStream } from '../rng/SeededStream.js';
import {
  allocateBetaBinomialClusters,
  betaBinomialClusters,
  generateBetaBinomialClusters,
} from './betaBinomialClusters.js';
import { lognormalQuantileSizes, sizeCoefficientOfVariation } from './support/clusterSizes.js';

const ctx = { baseDir: '.' };
const parse = (params: CellParams) => betaBinomialClusters.parse(params, ctx);

/**
 * Moment check over many clusters: with S_k the cluster totals and fixed sizes n_k,
 * E[(S_k − n_k p)² − n_k p q] = n_k(n_k − 1) p q ρ, so
 * ρ̂ = Σ[(S_k − n_k p)² − n_k p q] / Σ n_k(n_k − 1) p q is unbiased for ρ, with MCSE
 * s_num·√(#terms) / denominator (terms independent across clusters and replications).
 */
function momentCheck(params: CellParams, replications: number) {
  const parsed = betaBinomialClusters.parse(params, ctx);
  const data = betaBinomialClusters.allocate(parsed);
  const rng = new SeededStream(20240601);
  const { p } = parsed;
  const q = 1 - p;
  let sumMean = 0;
  let sumMean2 = 0;
  let num = 0;
  let num2 = 0;
  let den = 0;
  let terms = 0;
  for (let r = 0; r < replications; r++) {
    rng.reseed(20240601, r);
    betaBinomialClusters.generate(parsed, rng, data);
    let total = 0;
    for (let k = 0; k < data.clusterCount; k++) {
      const n = data.sizes[k];
      const s = data.totals[k];
      total += s;
      const term = (s - n * p) ** 2 - n * p * q;
      num += term;
      num2 += term * term;
      den += n * (n - 1) * p * q;
      terms++;
    }
    const mean = total / data.itemCount;
    sumMean += mean;
    sumMean2 += mean * mean;
  }
  const meanAccuracy = sumMean / replications;
  const sdMean = Math.sqrt((sumMean2 - replications * meanAccuracy ** 2) / (replications - 1));
  const numMean = num / terms;
  const numSd = Math.sqrt((num2 - terms * numMean * numMean) / (terms - 1));
  return {
    meanAccuracy,
    meanMcse: sdMean / Math.sqrt(replications),
    sdOfMean: sdMean,
    rho: den > 0 ? num / den : Number.NaN,
    rhoMcse: den > 0 ? (numSd * Math.sqrt(terms)) / den : Number.NaN,
    parsed,
  };
}

describe('betaBinomialClusters parameters', () => {
  it('accepts the four size forms', () => {
    const a = parse({ p: 0.7, rho: 0.1, m: 10, clusters: 100 });
    expect(a.clusterCount).toBe(100);
    expect(a.itemCount).toBe(1000);
    const b = parse({ p: 0.7, rho: 0.1, items: 1000, m: 20 });
    expect(b.clusterCount).toBe(50);
    expect(Array.from(b.sizes)).toEqual(new Array(50).fill(20));
    const c = parse({ p: 0.7, rho: 0.1, sizes: [1, 5, 9] });
    expect(Array.from(c.sizes)).toEqual([1, 5, 9]);
    expect(c.itemCount).toBe(15);
    const d = parse({ p: 0.7, rho: 0.1, m: 10, clusters: 200, sizeCV: 0.6 });
    expect(d.itemCount).toBe(2000);
    expect(Math.abs(d.sizeCV - 0.6)).toBeLessThan(0.05);
  });

  it('derives Beta(a, b) with mean p and 1/(a + b + 1) = rho', () => {
    const x = parse({ p: 0.7, rho: 0.2, m: 10, clusters: 5 });
    expect(x.a / (x.a + x.b)).toBeCloseTo(0.7, 14);
    expect(1 / (x.a + x.b + 1)).toBeCloseTo(0.2, 14);
  });

  it.each([
    [{ p: 0.7, rho: 0.1, items: 1000, m: 7 }, 'items'],
    [{ p: 0.7, rho: 1, m: 10, clusters: 10 }, 'rho'],
    [{ p: 1, rho: 0.1, m: 10, clusters: 10 }, 'p'],
    [{ p: 0.7, rho: 0.1, m: 10 }, 'clusters'],
    [{ p: 0.7, rho: 0.1, m: 10, clusters: 10, rh0: 2 }, 'rh0'],
    [{ p: 0.7, rho: 0.1, sizes: [3, 0] }, 'sizes[1]'],
    [{ p: 0.7, rho: 0.1, sizes: [3, 4], m: 3 }, 'm'],
    [{ p: 0.7, rho: 0.1, m: 2.5, clusters: 10 }, 'm'],
  ])('rejects %j naming %s', (params, path) => {
    try {
      parse(params as CellParams);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).path).toBe(path);
    }
  });
});

describe('lognormalQuantileSizes', () => {
  it('sums to K·m, keeps every size ≥ 1 and lands near the requested CV', () => {
    for (const [k, m, cv] of [
      [100, 10, 0.5],
      [40, 20, 1],
      [7, 3, 2],
      [1000, 1, 0.5],
    ]) {
      const sizes = lognormalQuantileSizes(k, m, cv);
      const sum = sizes.reduce((s, x) => s + x, 0);
      expect(sum).toBe(k * m);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
      expect(sizes.every(Number.isInteger)).toBe(true);
      if (k === 100) expect(Math.abs(sizeCoefficientOfVariation(sizes) - cv)).toBeLessThan(0.03);
    }
  });
});

describe('betaBinomialClusters generation (moments vs theory within 4 MCSE)', () => {
  it.each([
    [0.7, 0.2, 10],
    [0.7, 0.05, 50],
    [0.3, 0.1, 5],
  ])('p = %s, rho = %s, m = %s: mean accuracy, ICC and Var(p̂)', (p, rho, m) => {
    const res = momentCheck({ p, rho, m, clusters: 100 }, 3000);
    expect(Math.abs(res.meanAccuracy - p)).toBeLessThan(4 * res.meanMcse);
    expect(Math.abs(res.rho - rho)).toBeLessThan(4 * res.rhoMcse);
    // Var(p̂) = p q DEFF / N; the sample variance of R means has relative s.e. ≈ √(2/(R−1)).
    const theory = Math.sqrt((p * (1 - p) * designEffect(m, rho)) / (100 * m));
    expect(Math.abs(res.sdOfMean / theory - 1)).toBeLessThan(4 * Math.sqrt(1 / (2 * 2999)));
  });

  it('unequal sizes (sizeCV): ICC ≈ rho and mean ≈ p', () => {
    const res = momentCheck({ p: 0.7, rho: 0.1, m: 10, clusters: 60, sizeCV: 0.8 }, 3000);
    expect(res.parsed.sizes.some((s) => s !== 10)).toBe(true);
    expect(Math.abs(res.meanAccuracy - 0.7)).toBeLessThan(4 * res.meanMcse);
    expect(Math.abs(res.rho - 0.1)).toBeLessThan(4 * res.rhoMcse);
  });

  it('rho = 0 gives independent items (ICC ≈ 0) and m = 1 keeps mean p', () => {
    const zero = momentCheck({ p: 0.7, rho: 0, m: 20, clusters: 50 }, 3000);
    expect(Math.abs(zero.rho)).toBeLessThan(4 * zero.rhoMcse);
    const single = momentCheck({ p: 0.7, rho: 0.2, m: 1, clusters: 1000 }, 1000);
    expect(Math.abs(single.meanAccuracy - 0.7)).toBeLessThan(4 * single.meanMcse);
    const theory = Math.sqrt((0.7 * 0.3) / 1000);
    expect(Math.abs(single.sdOfMean / theory - 1)).toBeLessThan(4 * Math.sqrt(1 / (2 * 999)));
  });

  it('is a pure function of the stream and fills totals = sumSquares', () => {
    const params = parse({ p: 0.6, rho: 0.3, m: 8, clusters: 30 });
    const a = allocateBetaBinomialClusters(params);
    const b = allocateBetaBinomialClusters(params);
    generateBetaBinomialClusters(params, new SeededStream(7, 3), a);
    generateBetaBinomialClusters(params, new SeededStream(7, 3), b);
    expect(Array.from(a.totals)).toEqual(Array.from(b.totals));
    expect(Array.from(a.sumSquares)).toEqual(Array.from(a.totals));
    expect(a.totals.every((t, k) => t >= 0 && t <= a.sizes[k] && Number.isInteger(t))).toBe(true);
    expect(betaBinomialClusters.truth(params)).toBe(0.6);
  });
});

describe('betaBinomialClusters diagnostics', () => {
  it('equal core estimators on the same data; NaN where undefined', () => {
    const diag = betaBinomialClusters.diagnostics!;
    expect(diag.names).toEqual(['icc', 'designEffect']);
    const params = parse({ p: 0.7, rho: 0.1, m: 10, clusters: 40 });
    const data = allocateBetaBinomialClusters(params);
    generateBetaBinomialClusters(params, new SeededStream(11, 0), data);
    const out = new Float64Array(2);
    diag.measure(data, out);
    const view = viewClusteredScores(data, createClusterTotalsView());
    const icc = iccAnovaFromTotals(view);
    expect(out[0]).toBe(icc);
    expect(out[1]).toBeCloseTo(designEffect(10, icc), 12);

    const unequal = parse({ p: 0.7, rho: 0.1, m: 10, clusters: 40, sizeCV: 0.5 });
    const unequalData = allocateBetaBinomialClusters(unequal);
    generateBetaBinomialClusters(unequal, new SeededStream(11, 2), unequalData);
    diag.measure(unequalData, out);
    const unequalIcc = iccAnovaFromTotals(viewClusteredScores(unequalData, createClusterTotalsView()));
    expect(out[0]).toBe(unequalIcc);
    expect(out[1]).toBeCloseTo(designEffectUnequal(10, unequal.sizeCV, unequalIcc), 12);

    const single = parse({ p: 0.7, rho: 0.1, m: 1, clusters: 100 });
    const singleData = allocateBetaBinomialClusters(single);
    generateBetaBinomialClusters(single, new SeededStream(11, 1), singleData);
    diag.measure(singleData, out);
    expect(Number.isNaN(out[0])).toBe(true);
    expect(Number.isNaN(out[1])).toBe(true);
  });
});
