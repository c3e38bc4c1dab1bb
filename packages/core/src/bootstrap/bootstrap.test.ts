/**
 * Bootstrap: the percentile rule against numpy.percentile (fixture
 * packages/core/fixtures/bootstrap.json), the histogram, selection and sorted forms of the
 * rule against each other, and the Binomial(n, k/n) shortcut against item resampling in
 * distribution by a two-sample chi-square test (fixed seeds of the test Rng).
 */
import { describe, expect, it } from 'vitest';
import { binomialPmf, chiSquareSf } from '../distributions/index.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { TestRng } from '../test-utils/testRng.js';
import { binaryBootstrapSumCounts } from './binaryPercentileBootstrapInterval.js';
import {
  binaryPercentileBootstrapInterval,
  percentileBootstrapInterval,
  percentileOfHistogram,
  percentileOfSorted,
  percentilePairOfUnsorted,
} from './index.js';
import { bootstrapResampleMeans } from './percentileBootstrapInterval.js';

describe('percentile rule (numpy linear, type 7)', () => {
  const { cases } = loadFixture<{ cases: { values: number[]; q: number; percentile: number }[] }>(
    'bootstrap',
  );
  it('matches numpy.percentile', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const c of cases) {
      const sorted = Float64Array.from(c.values).sort();
      t.check(`q=${c.q} on ${c.values.length} values`, percentileOfSorted(sorted, c.q), c.percentile);
    }
    expect(t.failures).toEqual([]);
  });
  it('histogram form equals sorted form on the same integer data (and on their quotients by a divisor)', () => {
    const rng = new TestRng(7);
    for (let trial = 0; trial < 50; trial++) {
      const bins = 1 + Math.floor(rng.uniform() * 30);
      const total = 1 + Math.floor(rng.uniform() * 200);
      const counts = new Int32Array(bins);
      const values = new Float64Array(total);
      for (let i = 0; i < total; i++) {
        const v = Math.floor(rng.uniform() * bins);
        counts[v]++;
        values[i] = v;
      }
      values.sort();
      const divisor = 1 + Math.floor(rng.uniform() * 1000);
      const quotients = values.map((v) => v / divisor);
      for (const q of [0, 0.025, 0.1, 0.5, 0.975, 1, rng.uniform()]) {
        expect(percentileOfHistogram(counts, bins, total, q)).toBe(percentileOfSorted(values, q));
        expect(percentileOfHistogram(counts, bins, total, q, divisor)).toBe(percentileOfSorted(quotients, q));
      }
    }
  });
  it('selection form equals sorted form bit for bit (ties, either order of q, NaN and −0 sorted instead)', () => {
    const rng = new TestRng(8);
    const out = { lower: 0, upper: 0 };
    const mismatches: unknown[] = [];
    for (let trial = 0; trial < 150; trial++) {
      const count = 1 + Math.floor(rng.uniform() * 500);
      const distinct = trial % 3 === 0 ? 5 : 1e6;
      const values = Float64Array.from({ length: count }, () => Math.floor(rng.uniform() * distinct) / 3);
      if (trial % 50 === 1) values[count >> 1] = Number.NaN;
      if (trial % 50 === 2) values[0] = -0;
      if (trial % 50 === 3) values[count - 1] = Number.NEGATIVE_INFINITY;
      const sorted = Float64Array.from(values).sort();
      const qs = [0, 0.025, 0.5, 0.975, 1, rng.uniform(), rng.uniform()];
      for (const q1 of qs) {
        for (const q2 of qs) {
          const copy = Float64Array.from(values);
          percentilePairOfUnsorted(copy, q1, q2, out);
          const expected = [percentileOfSorted(sorted, q1), percentileOfSorted(sorted, q2)];
          if (!(Object.is(out.lower, expected[0]) && Object.is(out.upper, expected[1]))) {
            mismatches.push({ trial, q1, q2, got: [out.lower, out.upper], expected });
          }
          copy.sort();
          if (copy.some((v, i) => !Object.is(v, sorted[i])))
            mismatches.push({ trial, q1, q2, permutation: false });
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/**
 * Two-sample chi-square homogeneity test on two histograms of equal totals, merging
 * neighbouring bins until each merged bin holds ≥ 10 pooled draws. Returns the p-value.
 */
function twoSampleChiSquare(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let stat = 0;
  let df = -1;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    sa += a[i];
    sb += b[i];
    if (sa + sb >= 10 || i === a.length - 1) {
      if (sa + sb > 0) {
        stat += (sa - sb) ** 2 / (sa + sb);
        df++;
      }
      sa = 0;
      sb = 0;
    }
  }
  return chiSquareSf(stat, df);
}

function itemResampleSumCounts(k: number, n: number, resamples: number, rng: TestRng): Int32Array {
  const scores = new Float64Array(n);
  scores.fill(1, 0, k);
  const means = new Float64Array(resamples);
  bootstrapResampleMeans(scores, resamples, rng, means);
  const counts = new Int32Array(n + 1);
  for (const m of means) counts[Math.round(m * n)]++;
  return counts;
}

describe('binary shortcut vs item resampling', () => {
  // False-alarm rate of each homogeneity check: 0.1% (p < 0.001 fails). The seeds are fixed,
  // so the outcome is deterministic; the power check below shows the test can fail.
  const B = 40_000;
  it.each([
    [7, 20],
    [1, 15],
    [43, 50],
    [150, 300],
  ])('k = %i, n = %i: resample-sum distributions agree (chi-square p > 0.001)', (k, n) => {
    const items = itemResampleSumCounts(k, n, B, new TestRng(1000 + n));
    const shortcut = new Int32Array(n + 1);
    binaryBootstrapSumCounts(k, n, B, new TestRng(2000 + n), shortcut);
    expect(twoSampleChiSquare(items, shortcut)).toBeGreaterThan(0.001);
    // and both match Binomial(n, k/n) in expectation: mean within 4 MCSE
    const mean = (c: Int32Array) => c.reduce((s, x, i) => s + x * i, 0) / B;
    const mcse = Math.sqrt((n * (k / n) * (1 - k / n)) / B);
    expect(Math.abs(mean(items) - k)).toBeLessThan(4 * mcse);
    expect(Math.abs(mean(shortcut) - k)).toBeLessThan(4 * mcse);
  });
  it('the check has power: a shortcut with p = (k + 1)/n is rejected', () => {
    const [k, n] = [7, 20];
    const items = itemResampleSumCounts(k, n, B, new TestRng(3));
    const wrong = new Int32Array(n + 1);
    binaryBootstrapSumCounts(k + 1, n, B, new TestRng(4), wrong);
    expect(twoSampleChiSquare(items, wrong)).toBeLessThan(1e-6);
  });
  it('the shortcut histogram fits the Binomial(n, k/n) pmf (one-sample chi-square p > 0.001)', () => {
    const [k, n] = [7, 20];
    const counts = new Int32Array(n + 1);
    binaryBootstrapSumCounts(k, n, B, new TestRng(5), counts);
    const expected = Array.from({ length: n + 1 }, (_, s) => B * binomialPmf(s, n, k / n));
    let stat = 0;
    let df = -1;
    let o = 0;
    let e = 0;
    for (let s = 0; s <= n; s++) {
      o += counts[s];
      e += expected[s];
      if (e >= 10 || s === n) {
        stat += (o - e) ** 2 / e;
        df++;
        o = 0;
        e = 0;
      }
    }
    expect(chiSquareSf(stat, df)).toBeGreaterThan(0.001);
  });
  it('both intervals land on the same quantiles (within one step 1/n) with many resamples', () => {
    for (const [k, n] of [
      [7, 20],
      [27, 30],
    ]) {
      const scores = new Float64Array(n).fill(1, 0, k);
      const a = percentileBootstrapInterval(scores, B, 0.95, new TestRng(11));
      const b = binaryPercentileBootstrapInterval(k, n, B, 0.95, new TestRng(12));
      expect(Math.abs(a.lower - b.lower)).toBeLessThanOrEqual(1 / n);
      expect(Math.abs(a.upper - b.upper)).toBeLessThanOrEqual(1 / n);
      expect(a.estimate).toBe(k / n);
      expect(b.estimate).toBe(k / n);
    }
  });
});

describe('interfaces', () => {
  it('a caller workspace gives the same result as an internal one, and is reused', () => {
    const ws = new Int32Array(51);
    const a = binaryPercentileBootstrapInterval(20, 50, 999, 0.9, new TestRng(9), ws);
    const b = binaryPercentileBootstrapInterval(20, 50, 999, 0.9, new TestRng(9));
    expect(a).toEqual(b);
    expect(ws.reduce((s, x) => s + x, 0)).toBe(999);
    const fws = new Float64Array(2000);
    const scores = [0.2, 0.5, 0.9, 1, 0];
    expect(percentileBootstrapInterval(scores, 999, 0.9, new TestRng(3), fws)).toEqual(
      percentileBootstrapInterval(scores, 999, 0.9, new TestRng(3)),
    );
  });
  it('degenerate data give a point interval, not NaN', () => {
    expect(binaryPercentileBootstrapInterval(0, 10, 100, 0.95, new TestRng(1))).toMatchObject({
      lower: 0,
      upper: 0,
    });
    expect(binaryPercentileBootstrapInterval(10, 10, 100, 0.95, new TestRng(1))).toMatchObject({
      lower: 1,
      upper: 1,
    });
    expect(percentileBootstrapInterval([0.4, 0.4], 100, 0.95, new TestRng(1))).toMatchObject({
      lower: 0.4,
      upper: 0.4,
    });
  });
  it('rejects bad input by name', () => {
    const rng = new TestRng(1);
    expect(() => percentileBootstrapInterval([], 100, 0.95, rng)).toThrow(/^scores:/);
    expect(() => percentileBootstrapInterval([1, Number.NaN], 100, 0.95, rng)).toThrow(/^scores:/);
    expect(() => percentileBootstrapInterval([1, 0], 1, 0.95, rng)).toThrow(/^resamples:/);
    expect(() => percentileBootstrapInterval([1, 0], 10, 1.5, rng)).toThrow(/^level:/);
    expect(() => percentileBootstrapInterval([1, 0], 10, 0.9, rng, new Float64Array(5))).toThrow(
      /^workspace:/,
    );
    expect(() => binaryPercentileBootstrapInterval(11, 10, 100, 0.95, rng)).toThrow(/^k:/);
    expect(() => binaryPercentileBootstrapInterval(1, 10, 100, 0.95, rng, new Int32Array(10))).toThrow(
      /^workspace:/,
    );
  });
});
