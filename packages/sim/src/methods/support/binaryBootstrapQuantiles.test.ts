import { type Bounds, binaryPercentileBootstrapBounds, binomialCdf, binomialUpperTail } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../../rng/SeededStream.js';
import { discreteGof, GOF_REJECT_BELOW } from '../../samplers/test-utils/goodnessOfFit.js';
import { BinaryBootstrapQuantiles } from './binaryBootstrapQuantiles.js';

/** P(X_(j) = x) for the j-th smallest (1-based) of B draws of Binomial(n, p): P(Bin(B, F(x)) ≥ j) differences. */
function orderStatisticPmf(j: number, B: number, n: number, p: number): (x: number) => number {
  const atMost = (x: number) => (x < 0 ? 0 : x >= n ? 1 : binomialUpperTail(j, B, binomialCdf(x, n, p)));
  return (x) => atMost(x) - atMost(x - 1);
}

/** Pearson chi-square of homogeneity of two count vectors over the same cells (cells with < 20 in total pooled). */
function homogeneity(a: Map<string, number>, b: Map<string, number>): { statistic: number; df: number } {
  const keys = new Set([...a.keys(), ...b.keys()]);
  let statistic = 0;
  let df = -1;
  let pooledA = 0;
  let pooledB = 0;
  const add = (x: number, y: number) => {
    const e = (x + y) / 2;
    statistic += (x - e) ** 2 / e + (y - e) ** 2 / e;
    df++;
  };
  for (const key of keys) {
    const x = a.get(key) ?? 0;
    const y = b.get(key) ?? 0;
    if (x + y < 20) {
      pooledA += x;
      pooledB += y;
    } else add(x, y);
  }
  if (pooledA + pooledB > 0) add(pooledA, pooledB);
  return { statistic, df };
}

describe('BinaryBootstrapQuantiles (percentile bootstrap from four order statistics)', () => {
  it('B = 5, tail 0.25 (no interpolation): bounds are X_(2) and X_(4), each with its exact law (chi-square)', () => {
    const [B, n, k] = [5, 12, 9];
    const quantiles = new BinaryBootstrapQuantiles(B, 0.25);
    const rng = new SeededStream(404, 0);
    const out: Bounds = { lower: 0, upper: 0 };
    const lower = new Float64Array(100_000);
    const upper = new Float64Array(100_000);
    for (let r = 0; r < lower.length; r++) {
      quantiles.bounds(k, n, rng, out);
      lower[r] = out.lower * n;
      upper[r] = out.upper * n;
    }
    expect(lower.every(Number.isInteger) && upper.every(Number.isInteger)).toBe(true);
    expect(discreteGof(lower, orderStatisticPmf(2, B, n, k / n), n).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    expect(discreteGof(upper, orderStatisticPmf(4, B, n, k / n), n).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    // Power: the neighbouring order statistic's law is rejected.
    expect(discreteGof(lower, orderStatisticPmf(3, B, n, k / n), n).pValue).toBeLessThan(GOF_REJECT_BELOW);
  });

  for (const [B, n, k] of [
    [200, 10, 8],
    [2000, 20, 17],
  ] as const) {
    it(`B = ${B}, n = ${n}, k = ${k}, 95%: the joint law of (lower, upper) equals that of ${B} binomial resamples (chi-square of homogeneity)`, () => {
      const reps = B === 2000 ? 6000 : 20_000;
      const tail = 0.025000000000000022; // tailProbability(0.95)
      const quantiles = new BinaryBootstrapQuantiles(B, tail);
      const fast = new Map<string, number>();
      const slow = new Map<string, number>();
      const rng = new SeededStream(505, B);
      const out: Bounds = { lower: 0, upper: 0 };
      const counts = new Int32Array(n + 1);
      for (let r = 0; r < reps; r++) {
        quantiles.bounds(k, n, rng, out);
        const a = `${out.lower}/${out.upper}`;
        fast.set(a, (fast.get(a) ?? 0) + 1);
        binaryPercentileBootstrapBounds(k, n, B, tail, rng, counts, out);
        const b = `${out.lower}/${out.upper}`;
        slow.set(b, (slow.get(b) ?? 0) + 1);
      }
      const { statistic, df } = homogeneity(fast, slow);
      expect(df).toBeGreaterThanOrEqual(2);
      // Chi-square(df) upper 1e-4 point < df + 4.8·√(2df) + 12 for df ≥ 3 (Wilson–Hilferty, conservative).
      expect(statistic).toBeLessThan(df + 4.8 * Math.sqrt(2 * df) + 12);
    });
  }

  it('the homogeneity check has power: resamples read at the 3% point are told apart from the 2.5% point', () => {
    const [B, n, k] = [200, 10, 8];
    const quantiles = new BinaryBootstrapQuantiles(B, 0.025);
    const fast = new Map<string, number>();
    const slow = new Map<string, number>();
    const rng = new SeededStream(506, B);
    const out: Bounds = { lower: 0, upper: 0 };
    const counts = new Int32Array(n + 1);
    for (let r = 0; r < 20_000; r++) {
      quantiles.bounds(k, n, rng, out);
      fast.set(`${out.lower}/${out.upper}`, (fast.get(`${out.lower}/${out.upper}`) ?? 0) + 1);
      binaryPercentileBootstrapBounds(k, n, B, 0.03, rng, counts, out);
      slow.set(`${out.lower}/${out.upper}`, (slow.get(`${out.lower}/${out.upper}`) ?? 0) + 1);
    }
    const { statistic, df } = homogeneity(fast, slow);
    expect(statistic).toBeGreaterThan(df + 4.8 * Math.sqrt(2 * df) + 12);
  });

  it('k = 0 and k = n give the point k/n (every resample equals the data)', () => {
    const quantiles = new BinaryBootstrapQuantiles(2000, 0.025);
    const rng = new SeededStream(1, 2);
    const out: Bounds = { lower: -1, upper: -1 };
    quantiles.bounds(0, 30, rng, out);
    expect(out).toEqual({ lower: 0, upper: 0 });
    quantiles.bounds(30, 30, rng, out);
    expect(out).toEqual({ lower: 1, upper: 1 });
  });

  it('results do not depend on the table cache (a cold and a warm instance give identical bounds; n changes)', () => {
    const warm = new BinaryBootstrapQuantiles(2000, 0.025);
    const out: Bounds = { lower: 0, upper: 0 };
    const other: Bounds = { lower: 0, upper: 0 };
    for (let r = 0; r < 300; r++) warm.bounds(r % 50, 50, new SeededStream(9, r), out);
    for (const [k, n] of [
      [17, 50],
      [3, 7],
      [40_000, 65_536],
      [17, 50],
    ]) {
      warm.bounds(k, n, new SeededStream(10, k), out);
      new BinaryBootstrapQuantiles(2000, 0.025).bounds(k, n, new SeededStream(10, k), other);
      expect(out).toEqual(other);
      expect(out.lower).toBeLessThanOrEqual(out.upper);
    }
  });

  it('rejects a bad resample count or tail, naming them', () => {
    expect(() => new BinaryBootstrapQuantiles(0, 0.025)).toThrow(/resamples: must be an integer ≥ 1/);
    expect(() => new BinaryBootstrapQuantiles(10, 0.5)).toThrow(/tail: must be in \(0, 0.5\)/);
  });
});
