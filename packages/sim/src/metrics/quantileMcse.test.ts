import { betaCdf } from '@evalsim/core';
import { describe, expect, test } from 'vitest';
import { SeededStream } from '../rng/index.js';
import { quantileMcse } from './quantileMcse.js';
import { QuantileSketch } from './quantileSketch.js';
import { RunningMoments } from './runningMoments.js';

function sketchOf(values: readonly number[]): QuantileSketch {
  const sketch = new QuantileSketch();
  for (const x of values) sketch.add(x);
  return sketch;
}

/**
 * Maritz & Jarrett (1978) as printed: over the sorted values x(1) ≤ … ≤ x(n),
 * W_i = I_{i/n}(k, n − k + 1) − I_{(i−1)/n}(k, n − k + 1), Var = Σ W_i x(i)² − (Σ W_i x(i))²
 * — one term per value (ties not merged), with the incomplete beta rather than binomial tails.
 */
function maritzJarrettSd(values: readonly number[], k: number): number {
  const x = [...values].sort((a, b) => a - b);
  const n = x.length;
  let m1 = 0;
  let m2 = 0;
  for (let i = 1; i <= n; i++) {
    const w = betaCdf(i / n, k, n - k + 1) - betaCdf((i - 1) / n, k, n - k + 1);
    m1 += w * x[i - 1];
    m2 += w * x[i - 1] ** 2;
  }
  return Math.sqrt(m2 - m1 * m1);
}

describe('quantileMcse: SD of the exact bootstrap distribution of the sample quantile', () => {
  test('matches the Maritz–Jarrett sum over order statistics (with ties, odd and even n)', () => {
    const rng = new SeededStream(31);
    for (const n of [7, 15, 40, 101]) {
      const values = Array.from({ length: n }, () => Math.floor(rng.uniform() * 6) + (n % 2 ? 0.5 : 0));
      for (const q of [0.1, 0.5, 0.9]) {
        const h = (n - 1) * q;
        const j = Math.floor(h);
        const g = h - j;
        const expected =
          (1 - g) * maritzJarrettSd(values, j + 1) + (g > 0 ? g * maritzJarrettSd(values, j + 2) : 0);
        const got = quantileMcse(sketchOf(values), q);
        expect(Math.abs(got - expected), `n = ${n}, q = ${q}`).toBeLessThanOrEqual(1e-12 * expected + 1e-15);
      }
    }
  });

  test('a discrete statistic near a step: the MCSE is the spread of the medians a rerun gives', () => {
    // X on 0..9 with P(X ≤ 4) = 0.52: the median of n = 1000 draws is 4, or 5 when F̂(4) < ½
    // (about 10% of samples, a 1.3-SE fluctuation), so its SD is ≈ 0.3. The old order-statistic
    // MCSE (ranks n(½ ± 1/(2√n))) was 0 in most samples. Over 1000 samples the SD of the medians
    // has relative Monte Carlo error ≈ √((κ − 1)/4000) ≈ 4% (κ ≈ 8, the kurtosis of a 10/90
    // two-point law); allow 20%.
    const cdf = [0.1, 0.2, 0.3, 0.4, 0.52, 0.65, 0.8, 0.9, 0.97, 1];
    const rng = new SeededStream(99);
    const medians = new RunningMoments();
    const mcses = new RunningMoments();
    let zero = 0;
    for (let s = 0; s < 1000; s++) {
      const sketch = new QuantileSketch();
      for (let i = 0; i < 1000; i++) {
        const u = rng.uniform();
        let v = 0;
        while (u > cdf[v]) v++;
        sketch.add(v);
      }
      medians.add(sketch.quantiles([0.5])[0]);
      const mcse = quantileMcse(sketch, 0.5);
      mcses.add(mcse);
      if (mcse === 0) zero++;
    }
    expect(medians.sd()).toBeGreaterThan(0.2);
    expect(Math.abs(mcses.mean - medians.sd()) / medians.sd()).toBeLessThan(0.2);
    expect(zero).toBe(0);
  });

  test('is 0 only when no rerun could plausibly move the quantile, NaN below two values', () => {
    // 98% zeros: P(F̂(0) < ½) is astronomically small, so the median is known to be 0.
    const pinned = sketchOf(Array.from({ length: 1000 }, (_, i) => (i < 980 ? 0 : 1 + (i % 3))));
    expect(pinned.quantiles([0.5])).toEqual([0]);
    expect(quantileMcse(pinned, 0.5)).toBe(0);
    expect(quantileMcse(sketchOf([3, 3, 3]), 0.5)).toBe(0);
    expect(quantileMcse(sketchOf([3]), 0.5)).toBeNaN();
    // …but at q = 0.98, on the step, it is not.
    expect(quantileMcse(pinned, 0.98)).toBeGreaterThan(0.3);
  });
});

describe('QuantileSketch returns the values of a discrete statistic exactly', () => {
  test('integer counts and multiples of 1/1140', () => {
    const rng = new SeededStream(5);
    const counts = sketchOf(Array.from({ length: 1001 }, () => Math.floor(rng.uniform() * 21)));
    for (const value of counts.quantiles([0.05, 0.25, 0.5, 0.95])) expect(Number.isInteger(value)).toBe(true);
    const gaps = Array.from({ length: 999 }, () => Math.floor(rng.uniform() * 20) / 1140);
    const sorted = [...gaps].sort((a, b) => a - b);
    const [median] = sketchOf(gaps).quantiles([0.5]);
    expect(median).toBe(sorted[499]);
  });
});
