/**
 * Korn–Graubard (Wilson, Clopper–Pearson), hierarchical beta-binomial and the cluster
 * bootstrap types (basic, studentized, BCa): (1) on known items each adapter equals core's
 * checked interval (the bootstrap ones by a brute-force replay of the same resampled
 * clusters); (2) edge cases and refusals; (3) simulation sanity checks, each stating its
 * Monte Carlo error.
 */
import {
  binomialPmf,
  bootstrapBasicInterval,
  bootstrapBcaInterval,
  bootstrapStudentizedInterval,
  cr1ClusteredVariance,
  cr2ClusteredVariance,
  hierarchicalBetaBinomialInterval,
  kornGraubardClopperPearsonInterval,
  kornGraubardWilsonInterval,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { ClusteredScores } from '../base/dataKinds.js';
import type { Analyser, MethodDefinition } from '../base/roles.js';
import { betaBinomialClusters } from '../models/betaBinomialClusters.js';
import { SeededStream } from '../rng/SeededStream.js';
import { clusterBootstrap } from './clusterBootstrap.js';
import { hierarchicalBetaBinomial } from './hierarchicalBetaBinomial.js';
import { kornGraubardClopperPearson, kornGraubardWilson } from './kornGraubardIntervals.js';
import { binaryItems, blankResult, clusteredScoresOf, unusedRng } from './test-utils/itemData.js';

const LEVEL = 0.95;
const sizes = [8, 12, 10, 9, 11, 10, 7, 13, 10, 6];
const items = binaryItems(sizes, 29, (k) => 0.45 + 0.05 * (k % 5));
const data = clusteredScoresOf(items.scores, items.clusters);
const K = sizes.length;
const N = items.scores.length;
const totalsOf = (d: ClusteredScores) => ({
  count: d.clusterCount,
  sizes: d.sizes,
  totals: d.totals,
  sumSquares: d.sumSquares,
});

describe('Korn–Graubard adapters equal core on the same items', () => {
  const p = items.scores.reduce((s, v) => s + v, 0) / N;
  it.each([
    ['kornGraubard', 'cr1'],
    ['normal', 'cr1'],
    ['kornGraubard', 'cr2'],
  ] as const)('adjustment %s, estimator %s', (adjustment, estimator) => {
    const variance = (estimator === 'cr1' ? cr1ClusteredVariance : cr2ClusteredVariance)(totalsOf(data));
    for (const [method, core] of [
      [kornGraubardWilson, kornGraubardWilsonInterval],
      [kornGraubardClopperPearson, kornGraubardClopperPearsonInterval],
    ] as const) {
      const ref = core(p, N, variance, K - 1, { level: LEVEL, adjustment });
      const out = blankResult();
      method.create({ adjustment, estimator }, { level: LEVEL })(data, unusedRng, out);
      expect([out.estimate, out.lower, out.upper, out.degenerate]).toEqual([
        ref.estimate,
        ref.lower,
        ref.upper,
        ref.degenerate,
      ]);
      expect(out.se).toBe(Math.sqrt(variance));
    }
  });
  it('one cluster is unanalysable; all right is degenerate (n* = N) with upper 1; scores above 1 are refused', () => {
    const analyse = kornGraubardWilson.create({}, { level: LEVEL });
    const out = blankResult();
    analyse(
      clusteredScoresOf(
        items.scores,
        items.scores.map(() => 0),
      ),
      unusedRng,
      out,
    );
    expect(out.degenerate && Number.isNaN(out.lower)).toBe(true);
    analyse(
      clusteredScoresOf(
        items.scores.map(() => 1),
        items.clusters,
      ),
      unusedRng,
      out,
    );
    expect(out).toMatchObject({ estimate: 1, upper: 1, degenerate: true });
    expect(() =>
      analyse(
        clusteredScoresOf(
          items.scores.map(() => 2),
          items.clusters,
        ),
        unusedRng,
        out,
      ),
    ).toThrow(/^kornGraubardWilson is an interval for a proportion: the mean score is 2/);
  });
  it('simulation: with clusters of one item it is a deterministic function of k, so its coverage is a binomial sum (4 MCSE)', () => {
    // betaBinomialClusters with m = 1, ρ = 0: N independent Bernoulli(p) items, K = N clusters.
    const n = 40;
    const p = 0.8;
    const R = 4000;
    const params = betaBinomialClusters.parse({ p, rho: 0, clusters: n, m: 1 }, { baseDir: '.' });
    const sample = betaBinomialClusters.allocate(params);
    for (const [method, core] of [
      [kornGraubardWilson, kornGraubardWilsonInterval],
      [kornGraubardClopperPearson, kornGraubardClopperPearsonInterval],
    ] as const) {
      let exact = 0;
      for (let k = 0; k <= n; k++) {
        const ones = Array.from({ length: n }, (_, i) => (i < k ? 1 : 0));
        const variance = cr1ClusteredVariance({
          count: n,
          sizes: Array(n).fill(1),
          totals: ones,
          sumSquares: ones,
        });
        const i = core(k / n, n, variance, n - 1);
        if (i.lower <= p && p <= i.upper) exact += binomialPmf(k, n, p);
      }
      const analyse = method.create({}, { level: LEVEL });
      const rng = new SeededStream(77, 0);
      const out = blankResult();
      let covered = 0;
      for (let r = 0; r < R; r++) {
        rng.reseed(77, r);
        betaBinomialClusters.generate(params, rng, sample);
        analyse(sample, unusedRng, out);
        if (out.lower <= p && p <= out.upper) covered++;
      }
      const mcse = Math.sqrt((exact * (1 - exact)) / R);
      expect(Math.abs(covered / R - exact), `${method.name}: ${covered / R} vs ${exact}`).toBeLessThanOrEqual(
        4 * mcse,
      );
    }
  });
});

describe('hierarchicalBetaBinomial adapter', () => {
  it('equals core on the cluster totals and sizes', () => {
    const ref = hierarchicalBetaBinomialInterval(data.totals, data.sizes, 0.9);
    const out = blankResult();
    hierarchicalBetaBinomial.create({}, { level: 0.9 })(data, unusedRng, out);
    expect([out.estimate, out.lower, out.upper, out.degenerate]).toEqual([
      ref.estimate,
      ref.lower,
      ref.upper,
      false,
    ]);
  });
  it('refuses graded scores by name', () => {
    const graded = clusteredScoresOf(
      items.scores.map((y, i) => (i === 20 ? 0.5 : y)),
      items.clusters,
    );
    expect(() =>
      hierarchicalBetaBinomial.create({}, { level: LEVEL })(graded, unusedRng, blankResult()),
    ).toThrow(
      /^hierarchicalBetaBinomial needs 0\/1 scores .*cluster 2 has graded scores \(Σy = 5\.5, Σy² = 5\.25\)/,
    );
  });
  it('simulation (slow method: 6 replications, ~0.3 s each): every interval contains its estimate and at least 4 cover', () => {
    // At nominal 95%, P(at most 3 of 6 cover) = 0.002.
    const params = betaBinomialClusters.parse({ p: 0.7, rho: 0.1, clusters: 8, m: 10 }, { baseDir: '.' });
    const sample = betaBinomialClusters.allocate(params);
    const analyse = hierarchicalBetaBinomial.create({}, { level: LEVEL });
    const rng = new SeededStream(8, 0);
    const out = blankResult();
    let covered = 0;
    for (let r = 0; r < 6; r++) {
      rng.reseed(8, r);
      betaBinomialClusters.generate(params, rng, sample);
      analyse(sample, unusedRng, out);
      expect(out.lower).toBeLessThan(out.estimate);
      expect(out.upper).toBeGreaterThan(out.estimate);
      if (out.lower <= 0.7 && 0.7 <= out.upper) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(4);
  }, 30_000);
});

/** Replays the adapter's resamples from the same stream: means, CR1 SE per resample, jackknife. */
function replay(input: ClusteredScores, resamples: number, seed: [number, number]) {
  const rng = new SeededStream(seed[0], seed[1]);
  const k = input.clusterCount;
  const means: number[] = [];
  const ses: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const drawn = Array.from({ length: k }, () => rng.index(k));
    const totals = drawn.map((g) => input.totals[g]);
    const counts = drawn.map((g) => input.sizes[g]);
    const t = { count: k, sizes: counts, totals, sumSquares: totals };
    means.push(totals.reduce((s, v) => s + v, 0) / counts.reduce((s, v) => s + v, 0));
    ses.push(Math.sqrt(cr1ClusteredVariance(t)));
  }
  const total = input.totals.reduce((s, v) => s + v, 0);
  const jackknife = Array.from(
    { length: k },
    (_, g) => (total - input.totals[g]) / (input.itemCount - input.sizes[g]),
  );
  return { means, ses, jackknife, estimate: total / input.itemCount };
}

describe('clusterBootstrap types', () => {
  const resamples = 199;
  const analyse = (type: string): Analyser => clusterBootstrap.create({ type, resamples }, { level: LEVEL });
  it('basic, studentized and bca equal core boot.ci endpoints on a brute-force replay of the same resamples', () => {
    const r = replay(data, resamples, [31, 4]);
    const se0 = Math.sqrt(cr1ClusteredVariance(totalsOf(data)));
    const refs = {
      basic: bootstrapBasicInterval(r.estimate, r.means, LEVEL),
      studentized: bootstrapStudentizedInterval(r.estimate, se0, r.means, r.ses, LEVEL),
      bca: bootstrapBcaInterval(r.estimate, r.means, r.jackknife, LEVEL),
    };
    const centre = r.means.reduce((s, v) => s + v, 0) / resamples;
    const sd = Math.sqrt(r.means.reduce((s, v) => s + (v - centre) ** 2, 0) / (resamples - 1));
    for (const [type, ref] of Object.entries(refs)) {
      const out = blankResult();
      analyse(type)(data, new SeededStream(31, 4), out);
      expect(out.estimate).toBeCloseTo(ref.estimate, 15);
      expect(out.lower, type).toBeCloseTo(ref.lower, 13);
      expect(out.upper, type).toBeCloseTo(ref.upper, 13);
      expect(out.degenerate).toBe(false);
      expect(out.se).toBeCloseTo(sd, 13);
    }
  });
  it("type 'percentile' is the default, unchanged; every type sees the same resamples", () => {
    const a = blankResult();
    const b = blankResult();
    clusterBootstrap.create({ resamples }, { level: LEVEL })(data, new SeededStream(5, 5), a);
    analyse('percentile')(data, new SeededStream(5, 5), b);
    expect(b).toEqual(a);
    const basic = blankResult();
    analyse('basic')(data, new SeededStream(5, 5), basic);
    expect(basic.se).toBeCloseTo(a.se, 14);
  });
  it('one cluster is unanalysable; identical clusters give a degenerate point', () => {
    for (const type of ['basic', 'studentized', 'bca']) {
      const out = blankResult();
      analyse(type)(
        clusteredScoresOf(
          items.scores,
          items.scores.map(() => 0),
        ),
        new SeededStream(1),
        out,
      );
      expect(out.degenerate && Number.isNaN(out.lower)).toBe(true);
      analyse(type)(
        clusteredScoresOf(
          items.scores.map(() => 1),
          items.clusters,
        ),
        new SeededStream(1),
        out,
      );
      expect(out.degenerate).toBe(true);
      expect([out.lower, out.upper]).toEqual([1, 1]);
    }
  });
  it('simulation: near nominal at 30 clusters; with 10 clusters bootstrap-t keeps 95% where the percentile interval falls short', () => {
    // 400 replications: MCSE at 95% is 0.011, so 3 MCSE = 0.033. The cluster bootstrap's own
    // finite-K error is a few points (Cameron, Gelbach & Miller 2008), hence ±0.03 more at K = 30.
    const R = 400;
    const threeMcse = 3 * Math.sqrt((0.95 * 0.05) / R);
    const coverage = (clusters: number) => {
      const params = betaBinomialClusters.parse({ p: 0.7, rho: 0.1, clusters, m: 10 }, { baseDir: '.' });
      const sample = betaBinomialClusters.allocate(params);
      const types = ['percentile', 'basic', 'studentized', 'bca'];
      const methods = types.map(analyse);
      const covered = types.map(() => 0);
      const rng = new SeededStream(61, 0);
      const stream = new SeededStream(62, 0);
      const out = blankResult();
      for (let r = 0; r < R; r++) {
        rng.reseed(61, r);
        betaBinomialClusters.generate(params, rng, sample);
        methods.forEach((m, j) => {
          stream.reseed(62 + j, r);
          m(sample, stream, out);
          if (out.lower <= 0.7 && 0.7 <= out.upper) covered[j]++;
        });
      }
      return Object.fromEntries(types.map((t, j) => [t, covered[j] / R]));
    };
    const thirty = coverage(30);
    for (const [type, c] of Object.entries(thirty))
      expect(Math.abs(c - 0.95), `${type} at K = 30: ${c}`).toBeLessThanOrEqual(0.03 + threeMcse);
    const ten = coverage(10);
    expect(ten.studentized).toBeGreaterThanOrEqual(0.95 - threeMcse);
    expect(ten.percentile).toBeLessThan(0.95 - threeMcse);
  });
});

/** Every new clustered method declares the clusteredScores kind only. */
it.each(
  [kornGraubardWilson, kornGraubardClopperPearson, hierarchicalBetaBinomial, clusterBootstrap].map(
    (m) => [m.name, m] as const,
  ),
)('%s accepts clusteredScores', (_name, method: MethodDefinition) => {
  expect(method.accepts).toEqual(['clusteredScores']);
});
