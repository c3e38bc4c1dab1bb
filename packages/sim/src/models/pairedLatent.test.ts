import { iccAnovaFromTotals } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import {
  createClusterTotalsView,
  createDifferenceTotalsView,
  viewPairedDifference,
  viewPairedSystem,
} from '../base/clusterTotalsView.js';
import { ConfigError } from '../base/errors.js';
import { SeededStream } from '../rng/SeededStream.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { pairedLatent } from './pairedLatent.js';
import { interceptForAccuracy, latentAccuracy } from './support/latentAccuracy.js';

const parsePairedLatent = (params: CellParams) => pairedLatent.parse(params, { baseDir: '.' });

interface FixtureCase {
  sigmaT: number;
  accuracy: number;
  sharedSd: number;
  interceptNormal: number;
  interceptLogistic: number;
  iccA?: number;
  iccD?: number;
  varD?: number;
}
const fixture = loadFixture<{ cases: FixtureCase[] }>('pairedLatent');
const ctx = { baseDir: '.' };

describe('latentAccuracy / interceptForAccuracy vs scipy (fixtures/scripts/pairedLatent.py)', () => {
  it('matches the normal closed form and the logistic–normal convolution', () => {
    let worst = 0;
    for (const c of fixture.cases) {
      const normal = interceptForAccuracy(c.accuracy, c.sharedSd, 'normal');
      const logistic = interceptForAccuracy(c.accuracy, c.sharedSd, 'logistic');
      worst = Math.max(
        worst,
        Math.abs(normal / c.interceptNormal - 1),
        Math.abs(logistic / c.interceptLogistic - 1),
      );
      expect(latentAccuracy(logistic, c.sharedSd, 'logistic')).toBeCloseTo(c.accuracy, 12);
    }
    expect(worst).toBeLessThan(1e-9);
  });
});

/**
 * Monte Carlo moments of one cell: accuracies (mean of R per-replication accuracies,
 * MCSE s/√R) and pooled-moment ICCs: with p the true accuracy and clusters of m items,
 * E[(S − m p)²] = m p q [1 + (m − 1) ICC], so ICC = (mean((S − m p)²)/(m p q) − 1)/(m − 1),
 * whose MCSE follows from the s.d. of the per-cluster squares (clusters independent).
 */
function simulate(params: CellParams, replications: number) {
  const parsed = pairedLatent.parse(params, ctx);
  const data = pairedLatent.allocate(parsed);
  const rng = new SeededStream(99);
  const m = parsed.m;
  const accA: number[] = [];
  const accB: number[] = [];
  const sqA: number[] = [];
  const sqD: number[] = [];
  for (let r = 0; r < replications; r++) {
    rng.reseed(99, r);
    pairedLatent.generate(parsed, rng, data);
    let a = 0;
    let b = 0;
    for (let k = 0; k < data.clusterCount; k++) {
      a += data.totalsA[k];
      b += data.totalsB[k];
      sqA.push((data.totalsA[k] - m * parsed.accuracyA) ** 2);
      sqD.push((data.totalsA[k] - data.totalsB[k] - m * (parsed.accuracyA - parsed.accuracyB)) ** 2);
    }
    accA.push(a / data.itemCount);
    accB.push(b / data.itemCount);
  }
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const mcse = (x: number[]) => {
    const mu = mean(x);
    return Math.sqrt(x.reduce((s, v) => s + (v - mu) ** 2, 0) / (x.length - 1) / x.length);
  };
  return { parsed, accA: mean(accA), accB: mean(accB), accMcse: mcse(accA), sqA, sqD, mean, mcse };
}

describe('pairedLatent generation (moments vs theory within 4 MCSE)', () => {
  it.each([0, 0.3, 0.8])(
    'sigmaT = %s: both accuracies ≈ 0.71, ICC of A and of d as the fixture',
    (sigmaT) => {
      const expected = fixture.cases.find((c) => c.sigmaT === sigmaT && c.accuracy === 0.71)!;
      const res = simulate({ clusters: 100, m: 10, sigmaT }, 1500);
      expect(Math.abs(res.accA - 0.71)).toBeLessThan(4 * res.accMcse);
      expect(Math.abs(res.accB - 0.71)).toBeLessThan(4 * res.accMcse);
      const pq = 0.71 * 0.29;
      const iccA = (res.mean(res.sqA) / (10 * pq) - 1) / 9;
      const iccAMcse = res.mcse(res.sqA) / (10 * pq) / 9;
      expect(Math.abs(iccA - expected.iccA!)).toBeLessThan(4 * iccAMcse);
      // E[(Σ_k d)²] = m Var(d)[1 + (m − 1) ρ_d] for identical systems (mean difference 0).
      const expectedSqD = 10 * expected.varD! * (1 + 9 * expected.iccD!);
      expect(Math.abs(res.mean(res.sqD) - expectedSqD)).toBeLessThan(4 * res.mcse(res.sqD));
    },
  );

  it('sigmaT = 0.8 reproduces the article: rho_d ≈ 0.20 (theory 0.196), per-system ICC 0.17–0.27', () => {
    const low = fixture.cases.find((c) => c.sigmaT === 0 && c.accuracy === 0.71)!;
    const high = fixture.cases.find((c) => c.sigmaT === 0.8 && c.accuracy === 0.71)!;
    expect(high.iccD!).toBeCloseTo(0.2, 1);
    expect(low.iccA!).toBeCloseTo(0.17, 2);
    expect(high.iccA!).toBeCloseTo(0.27, 2);
    // Mean of the per-replication ANOVA ICC of d (the model's diagnostic).
    const parsed = parsePairedLatent({ clusters: 100, m: 10, sigmaT: 0.8 });
    const data = pairedLatent.allocate(parsed);
    const out = new Float64Array(4);
    const rng = new SeededStream(5);
    const values: number[] = [];
    for (let r = 0; r < 1000; r++) {
      pairedLatent.generate(parsed, rng.reseed(5, r), data);
      pairedLatent.diagnostics!.measure(data, out);
      values.push(out[0]);
    }
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
    // ANOVA ICC bias is O(1/K): allow 4 MCSE plus 0.01.
    expect(Math.abs(mean - high.iccD!)).toBeLessThan(4 * (sd / Math.sqrt(values.length)) + 0.01);
  });

  it('advantage gives A the requested accuracy lead; truth is the accuracy difference', () => {
    const res = simulate({ clusters: 100, m: 10, sigmaT: 0.3, advantage: 0.022 }, 1500);
    expect(pairedLatent.truth(res.parsed)).toBeCloseTo(0.022, 10);
    expect(res.parsed.interceptA - res.parsed.interceptB).toBeCloseTo(
      fixture.cases.find((c) => c.sigmaT === 0.3 && c.accuracy === 0.732)!.interceptNormal -
        fixture.cases.find((c) => c.sigmaT === 0.3 && c.accuracy === 0.71)!.interceptNormal,
      10,
    );
    expect(Math.abs(res.accA - 0.732)).toBeLessThan(4 * res.accMcse);
    expect(Math.abs(res.accB - 0.71)).toBeLessThan(4 * res.accMcse);
  });

  it('logistic noise keeps both accuracies at 71%', () => {
    const res = simulate({ clusters: 50, m: 10, sigmaT: 0.8, noise: 'logistic' }, 1500);
    expect(Math.abs(res.accA - 0.71)).toBeLessThan(4 * res.accMcse);
    expect(Math.abs(res.accB - 0.71)).toBeLessThan(4 * res.accMcse);
  });

  it('draws the same tables as one normal() per draw (the bulk fillNormal path), over seeds and parameters', () => {
    // Reference: the model's definition drawn normal by normal, u, [t_A, t_B], then Z₁, Z₂ per question.
    const reference = (p: ReturnType<typeof parsePairedLatent>, rng: SeededStream) => {
      const shared = Math.sqrt(p.questionSd * p.questionSd + 0.5);
      const rows: number[] = [];
      for (let k = 0; k < p.clusters; k++) {
        const u = p.passageSd * rng.normal();
        let baseA = p.interceptA + u;
        let baseB = p.interceptB + u;
        if (p.sigmaT > 0) {
          baseA += p.sigmaT * rng.normal();
          baseB += p.sigmaT * rng.normal();
        }
        let ra = 0;
        let rb = 0;
        let both = 0;
        for (let i = 0; i < p.m; i++) {
          const common = shared * rng.normal();
          const own = Math.SQRT1_2 * rng.normal();
          const a = baseA + (common + own) > 0 ? 1 : 0;
          const b = baseB + (common - own) > 0 ? 1 : 0;
          ra += a;
          rb += b;
          both += a & b;
        }
        rows.push(ra, rb, both);
      }
      return rows;
    };
    let tables = 0;
    for (const params of [
      { clusters: 100, m: 10, sigmaT: 0.8 },
      { clusters: 7, m: 3, sigmaT: 0 },
      { clusters: 40, m: 25, sigmaT: 0.3, advantage: 0.05, passageSd: 0.2, questionSd: 1.5 },
      { clusters: 1, m: 1, latentShift: -0.4 },
    ]) {
      const parsed = parsePairedLatent(params);
      const data = pairedLatent.allocate(parsed);
      const bulk = new SeededStream(0);
      const single = new SeededStream(0);
      for (let r = 0; r < 60; r++) {
        pairedLatent.generate(parsed, bulk.reseed(77, r), data);
        const expected = reference(parsed, single.reseed(77, r));
        const got: number[] = [];
        for (let k = 0; k < parsed.clusters; k++)
          got.push(data.totalsA[k], data.totalsB[k], data.sumProducts[k]);
        expect(got).toEqual(expected);
        expect(bulk.uint32()).toBe(single.uint32());
        // The model's own [ΣA, ΣB, Σab, K] (binaryTotals) are the sums of the clusters.
        const sum = (j: number) => expected.reduce((s, x, i) => (i % 3 === j ? s + x : s), 0);
        expect([...data.binaryTotals!]).toEqual([sum(0), sum(1), sum(2), parsed.clusters]);
        tables++;
      }
    }
    expect(tables).toBe(240);
  });

  it('fills consistent 0/1 sufficient statistics and diagnostics equal core on the same data', () => {
    const parsed = parsePairedLatent({ clusters: 30, m: 7, sigmaT: 0.5 });
    const data = pairedLatent.allocate(parsed);
    pairedLatent.generate(parsed, new SeededStream(3, 1), data);
    for (let k = 0; k < 30; k++) {
      expect(data.sumSquaresA[k]).toBe(data.totalsA[k]);
      expect(data.sumProducts[k]).toBeLessThanOrEqual(Math.min(data.totalsA[k], data.totalsB[k]));
      expect(data.sumProducts[k]).toBeGreaterThanOrEqual(data.totalsA[k] + data.totalsB[k] - 7);
    }
    const out = new Float64Array(4);
    pairedLatent.diagnostics!.measure(data, out);
    const d = viewPairedDifference(data, createDifferenceTotalsView());
    expect(out[0]).toBe(iccAnovaFromTotals(d));
    expect(out[1]).toBeCloseTo(1 + 6 * out[0], 12);
    expect(out[2]).toBe(iccAnovaFromTotals(viewPairedSystem(data, 'A', createClusterTotalsView())));
    expect(out[3]).toBe(iccAnovaFromTotals(viewPairedSystem(data, 'B', createClusterTotalsView())));
  });

  it.each([
    [{ m: 10, sigmaT: 0.2 }, 'clusters'],
    [{ clusters: 10, m: 10, sigmaT: -1 }, 'sigmaT'],
    [{ clusters: 10, m: 10, noise: 'cauchy' }, 'noise'],
    [{ clusters: 10, m: 10, advantage: 0.02, latentShift: 0.1 }, 'latentShift'],
    [{ clusters: 10, m: 10, advantage: 0.3 }, 'advantage'],
    [{ clusters: 10, m: 10, sigma: 0.3 }, 'sigma'],
  ])('rejects %j naming %s', (params, path) => {
    try {
      parsePairedLatent(params as CellParams);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).path).toBe(path);
    }
  });
});
