import {
  clusteredInterval as coreClusteredInterval,
  cr1ClusteredVariance,
  normalCritical,
  tCritical,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { ClusteredScores } from '../base/dataKinds.js';
import { ConfigError } from '../base/errors.js';
import type { MethodResult } from '../base/methodResult.js';
import { SeededStream } from '../rng/SeededStream.js';
import { WEBB_POINTS } from '../samplers/webb.js';
import { clusterBootstrap } from './clusterBootstrap.js';
import { clusteredInterval } from './clusteredInterval.js';
import { naiveInterval } from './naiveInterval.js';
import { fillWildWeights, INV_SIX_POW_4, WildWeightDrawer, type WildWeights } from './support/wildWeights.js';
import { binaryItems, blankResult, clusteredScoresOf, unusedRng } from './test-utils/itemData.js';
import { wildClusterBootstrap } from './wildClusterBootstrap.js';

const LEVEL = 0.95;
const sizes = [8, 12, 10, 9, 11, 10, 7, 13];
const items = binaryItems(sizes, 5, (k) => 0.4 + 0.07 * k);
const data = clusteredScoresOf(items.scores, items.clusters);

describe('clusteredInterval adapter', () => {
  it.each([
    ['cr1', 't'],
    ['cr1', 'z'],
    ['miller', 't'],
    ['cr2', 't'],
    ['cr2', 'z'],
  ] as const)('%s / %s equals core clusteredInterval on the same items', (estimator, critical) => {
    const ref = coreClusteredInterval(items.scores, items.clusters, { estimator, critical, level: LEVEL });
    const out = blankResult();
    clusteredInterval.create({ estimator, critical }, { level: LEVEL })(data, unusedRng, out);
    expect(out.estimate).toBeCloseTo(ref.estimate, 15);
    expect(Math.abs(out.se / ref.standardError - 1)).toBeLessThan(1e-12);
    expect(out.lower).toBeCloseTo(ref.lower, 14);
    expect(out.upper).toBeCloseTo(ref.upper, 14);
    expect(Number.isNaN(out.pTwoSided)).toBe(true);
    expect(out.degenerate).toBe(false);
  });

  it('flags one cluster (NaN bounds) and zero SE (collapsed interval) as degenerate', () => {
    const analyse = clusteredInterval.create({}, { level: LEVEL });
    const one = clusteredScoresOf(items.scores, new Array(items.scores.length).fill(0));
    const out = blankResult();
    analyse(one, unusedRng, out);
    expect(out.degenerate).toBe(true);
    expect(Number.isNaN(out.lower)).toBe(true);
    const ones = clusteredScoresOf(new Array(items.scores.length).fill(1), items.clusters);
    analyse(ones, unusedRng, out);
    expect(out.degenerate).toBe(true);
    expect([out.estimate, out.lower, out.upper]).toEqual([1, 1, 1]);
  });

  it('rejects bad options naming them', () => {
    expect(() => clusteredInterval.create({ estimator: 'hc3' } as never, { level: LEVEL })).toThrow(
      ConfigError,
    );
    expect(() => clusteredInterval.create({ critical: 'normal' } as never, { level: LEVEL })).toThrow(
      /critical/,
    );
  });
});

/**
 * Brute-force WCR wild cluster bootstrap p-value at μ0, replaying the same weights:
 * builds each bootstrap sample's cluster totals S*_g = n_g μ0 + w_g (S_g − n_g μ0)
 * and takes its CR1 SE from core, t* = (ȳ* − μ0)/SE*.
 */
function bruteForceP(
  input: ClusteredScores,
  mu0: number,
  weights: WildWeights,
  resamples: number,
  seed: [number, number],
): number {
  const rng = new SeededStream(seed[0], seed[1]);
  const k = input.clusterCount;
  const n = input.itemCount;
  const totals = Array.from(input.totals.subarray(0, k));
  const sizesK = Array.from(input.sizes.subarray(0, k));
  const mean = totals.reduce((s, v) => s + v, 0) / n;
  const se = Math.sqrt(cr1ClusteredVariance({ count: k, sizes: sizesK, totals, sumSquares: totals }));
  const t = (mean - mu0) / se;
  let exceed = 0;
  const w = new Float64Array(k);
  for (let b = 0; b < resamples; b++) {
    fillWildWeights(rng, weights, w, k);
    const star = totals.map((s, g) => sizesK[g] * mu0 + w[g] * (s - sizesK[g] * mu0));
    const meanStar = star.reduce((s, v) => s + v, 0) / n;
    const seStar = Math.sqrt(
      cr1ClusteredVariance({ count: k, sizes: sizesK, totals: star, sumSquares: star.map(Math.abs) }),
    );
    if (Math.abs((meanStar - mu0) / seStar) >= Math.abs(t) * (1 - 1e-9)) exceed++;
  }
  return exceed / resamples;
}

describe('wildClusterBootstrap', () => {
  it.each(['webb', 'rademacher'] as const)(
    '%s: each bound is where the brute-force WCR test switches from accept to reject',
    (weights) => {
      const resamples = 199;
      const out: MethodResult = blankResult();
      const analyse = wildClusterBootstrap.create({ weights, resamples }, { level: LEVEL });
      analyse(data, new SeededStream(123, 4), out);
      expect(out.degenerate).toBe(false);
      expect(out.lower).toBeLessThan(out.estimate);
      expect(out.upper).toBeGreaterThan(out.estimate);
      const alpha = 1 - LEVEL;
      const eps = 1e-6 * out.se;
      for (const [bound, outward] of [
        [out.lower, -eps],
        [out.upper, eps],
      ]) {
        expect(bruteForceP(data, bound - outward, weights, resamples, [123, 4])).toBeGreaterThan(alpha);
        expect(bruteForceP(data, bound + outward, weights, resamples, [123, 4])).toBeLessThanOrEqual(alpha);
      }
      expect(out.se).toBeCloseTo(
        Math.sqrt(
          cr1ClusteredVariance({ count: 8, sizes, totals: data.totals, sumSquares: data.sumSquares }),
        ),
        14,
      );
    },
  );

  it('Rademacher with 4 clusters cannot reject anywhere (p ≥ 2/16): infinite bounds, degenerate', () => {
    const four = binaryItems([10, 10, 10, 10], 8, (k) => 0.3 + 0.1 * k);
    const out = blankResult();
    wildClusterBootstrap.create({ weights: 'rademacher', resamples: 399 }, { level: LEVEL })(
      clusteredScoresOf(four.scores, four.clusters),
      new SeededStream(1, 1),
      out,
    );
    expect(out.degenerate).toBe(true);
    expect(out.lower).toBe(Number.NEGATIVE_INFINITY);
    expect(out.upper).toBe(Number.POSITIVE_INFINITY);
  });

  it('is deterministic given the stream, and flags zero SE / one cluster', () => {
    const analyse = wildClusterBootstrap.create({}, { level: LEVEL });
    const a = blankResult();
    const b = blankResult();
    analyse(data, new SeededStream(9, 9), a);
    analyse(data, new SeededStream(9, 9), b);
    expect(a).toEqual(b);
    const ones = clusteredScoresOf(new Array(items.scores.length).fill(1), items.clusters);
    analyse(ones, new SeededStream(9, 9), a);
    expect(a.degenerate).toBe(true);
    expect(Number.isNaN(a.lower)).toBe(true);
    analyse(
      clusteredScoresOf(items.scores, new Array(items.scores.length).fill(0)),
      new SeededStream(9, 9),
      a,
    );
    expect(a.degenerate).toBe(true);
  });

  it('rejects bad options', () => {
    expect(() => wildClusterBootstrap.create({ weights: 'mammen' } as never, { level: LEVEL })).toThrow(
      /weights/,
    );
    expect(() => wildClusterBootstrap.create({ resamples: 0 }, { level: LEVEL })).toThrow(/resamples/);
  });
});

describe('clusterBootstrap', () => {
  it('equals a brute-force replay: same resampled clusters, R type-7 percentiles', () => {
    const resamples = 250;
    const out = blankResult();
    clusterBootstrap.create({ resamples }, { level: 0.9 })(data, new SeededStream(77, 2), out);
    const rng = new SeededStream(77, 2);
    const k = data.clusterCount;
    const means: number[] = [];
    for (let b = 0; b < resamples; b++) {
      let total = 0;
      let items = 0;
      for (let j = 0; j < k; j++) {
        const g = rng.index(k);
        total += data.totals[g];
        items += data.sizes[g];
      }
      means.push(total / items);
    }
    means.sort((x, y) => x - y);
    // R: quantile(x, p, type = 7) = x[j] + (h − j)(x[j+1] − x[j]), h = 1 + (n − 1)p (1-based).
    const type7 = (p: number) => {
      const h = 1 + (resamples - 1) * p;
      const j = Math.floor(h);
      return means[j - 1] + (h - j) * (means[j] - means[j - 1]);
    };
    expect(out.lower).toBeCloseTo(type7(0.05), 15);
    expect(out.upper).toBeCloseTo(type7(0.95), 15);
    const centre = means.reduce((s, v) => s + v, 0) / resamples;
    const sd = Math.sqrt(means.reduce((s, v) => s + (v - centre) ** 2, 0) / (resamples - 1));
    expect(out.se).toBeCloseTo(sd, 12);
    expect(out.estimate).toBeCloseTo(data.totals.reduce((s, v) => s + v, 0) / data.itemCount, 15);
    expect(out.degenerate).toBe(false);
  });

  it('flags one cluster and identical cluster means; rejects bad options', () => {
    const analyse = clusterBootstrap.create({ resamples: 50 }, { level: LEVEL });
    const out = blankResult();
    analyse(
      clusteredScoresOf(items.scores, new Array(items.scores.length).fill(0)),
      new SeededStream(1, 1),
      out,
    );
    expect(out.degenerate).toBe(true);
    expect(Number.isNaN(out.lower)).toBe(true);
    analyse(
      clusteredScoresOf(new Array(items.scores.length).fill(1), items.clusters),
      new SeededStream(1, 1),
      out,
    );
    expect(out.degenerate).toBe(true);
    expect([out.lower, out.upper]).toEqual([1, 1]);
    expect(() => clusterBootstrap.create({ resamples: 1 }, { level: LEVEL })).toThrow(/resamples/);
    expect(() => clusterBootstrap.create({ weights: 'webb' } as never, { level: LEVEL })).toThrow(/weights/);
  });
});

describe('WildWeightDrawer', () => {
  it.each(['webb', 'rademacher'] as const)(
    '%s: the same weights as fillWildWeights from the same stream, for many seeds and K, across restarts',
    (weights) => {
      const drawer = new WildWeightDrawer(weights);
      const stream = new SeededStream(0, 0);
      const reference = new SeededStream(0, 0);
      for (const k of [1, 2, 5, 6, 7, 11, 12, 13, 24, 25, 33, 100, 257]) {
        const got = new Float64Array(k);
        const want = new Float64Array(k);
        for (let replication = 0; replication < 20; replication++) {
          stream.reseed(1000 + k, replication);
          reference.reseed(1000 + k, replication);
          drawer.start(stream);
          for (let b = 0; b < 60; b++) {
            drawer.fill(got, k);
            fillWildWeights(reference, weights, want, k);
            if (!got.every((v, g) => v === want[g]))
              expect([k, replication, b, got]).toEqual([k, replication, b, want]);
          }
        }
      }
    },
  );
});

describe('INV_SIX_POW_4', () => {
  it('⌊y·(1/6⁴)⌋ = ⌊y/6⁴⌋ at both sides of every multiple of 6⁴ below 6¹² (so for every y < 6¹², by monotonicity)', () => {
    let bad = 0;
    for (let q = 0; q * 1296 < 2176782336 + 1296; q++) {
      const y = q * 1296;
      if (Math.floor(y * INV_SIX_POW_4) !== q) bad++;
      if (q > 0 && Math.floor((y - 1) * INV_SIX_POW_4) !== q - 1) bad++;
    }
    expect(bad).toBe(0);
  });
});

describe('fillWildWeights', () => {
  /** Pearson χ² of observed counts against equal expected counts. */
  const chiSquare = (counts: number[]) => {
    const total = counts.reduce((s, v) => s + v, 0);
    const e = total / counts.length;
    return counts.reduce((s, v) => s + (v - e) ** 2 / e, 0);
  };

  it('Webb: six points equally likely and consecutive weights independent (χ² tests)', () => {
    const rng = new SeededStream(31, 0);
    const k = 7; // not a multiple of 12, so each call discards digits
    const w = new Float64Array(k);
    const single = new Array(6).fill(0);
    const pairs = new Array(36).fill(0);
    const index = (x: number) => WEBB_POINTS.indexOf(x);
    for (let r = 0; r < 20000; r++) {
      fillWildWeights(rng, 'webb', w, k);
      for (let g = 0; g < k; g++) single[index(w[g])]++;
      for (let g = 0; g + 1 < k; g += 2) pairs[6 * index(w[g]) + index(w[g + 1])]++;
    }
    expect(single.every((c) => c > 0)).toBe(true);
    // 99.9% points: χ²₅ = 20.52, χ²₃₅ = 66.62.
    expect(chiSquare(single)).toBeLessThan(20.52);
    expect(chiSquare(pairs)).toBeLessThan(66.62);
  });

  it('Rademacher: ±1 balanced and pairs independent across a word boundary (χ² tests)', () => {
    const rng = new SeededStream(32, 0);
    const k = 40;
    const w = new Float64Array(k);
    const single = [0, 0];
    const pairs = [0, 0, 0, 0];
    for (let r = 0; r < 5000; r++) {
      fillWildWeights(rng, 'rademacher', w, k);
      for (let g = 0; g < k; g++) single[w[g] > 0 ? 1 : 0]++;
      pairs[(w[31] > 0 ? 2 : 0) + (w[32] > 0 ? 1 : 0)]++;
      pairs[(w[0] > 0 ? 2 : 0) + (w[1] > 0 ? 1 : 0)]++;
    }
    expect(Math.abs(w.reduce((s, v) => s + Math.abs(v), 0) - k)).toBe(0);
    // 99.9% points: χ²₁ = 10.83, χ²₃ = 16.27.
    expect(chiSquare(single)).toBeLessThan(10.83);
    expect(chiSquare(pairs)).toBeLessThan(16.27);
  });
});

describe('naiveInterval', () => {
  it.each(['z', 't'] as const)(
    'critical %s: ȳ ± c·s/√N; for 0/1 scores the Wald interval × √(N/(N−1))',
    (critical) => {
      const n = items.scores.length;
      const k = items.scores.reduce((s, v) => s + v, 0);
      const p = k / n;
      // Independent of core: s² (ddof 1) of 0/1 scores is N p(1 − p)/(N − 1).
      const se = Math.sqrt((p * (1 - p)) / (n - 1));
      const c = critical === 'z' ? normalCritical(LEVEL) : tCritical(LEVEL, n - 1);
      const out = blankResult();
      naiveInterval.create({ critical }, { level: LEVEL })(data, unusedRng, out);
      expect(out.estimate).toBeCloseTo(p, 15);
      expect(Math.abs(out.se / se - 1)).toBeLessThan(1e-12);
      expect(out.lower).toBeCloseTo(p - c * se, 14);
      expect(out.upper).toBeCloseTo(p + c * se, 14);
      expect(out.degenerate).toBe(false);
    },
  );

  it('flags zero variance and one cluster', () => {
    const analyse = naiveInterval.create({}, { level: LEVEL });
    const out = blankResult();
    analyse(clusteredScoresOf(new Array(items.scores.length).fill(0), items.clusters), unusedRng, out);
    expect(out.degenerate).toBe(true);
    expect([out.lower, out.upper]).toEqual([0, 0]);
    analyse(clusteredScoresOf(items.scores, new Array(items.scores.length).fill(0)), unusedRng, out);
    expect(out.degenerate).toBe(true);
    expect(() => naiveInterval.create({ critical: 'q' } as never, { level: LEVEL })).toThrow(/critical/);
  });
});
