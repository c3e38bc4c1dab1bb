import { describe, expect, test } from 'vitest';
import { ConfigError } from '../base/errors.js';
import type { MethodResult } from '../base/methodResult.js';
import { createMethodResult } from '../base/methodResult.js';
import { SeededStream } from '../rng/index.js';
import { SOLO } from '../test-utils/metricContext.js';
import type { CountedMetricValue } from './metricValue.js';
import { meanMcse, proportionMcse, sdMcse } from './monteCarloError.js';
import { quantileMcse } from './quantileMcse.js';
import { QuantileSketch } from './quantileSketch.js';
import { metricRegistry } from './registry.js';
import { RunningMoments } from './runningMoments.js';

function result(fields: Partial<MethodResult>): MethodResult {
  return Object.assign(createMethodResult(), fields);
}

function summarise(
  name: string,
  results: MethodResult[],
  truth = 0,
  options: Record<string, unknown> = {},
): CountedMetricValue {
  const accumulator = metricRegistry.get(name, 'metric').create(options, SOLO);
  for (const r of results) accumulator.add(r, truth, [r]);
  return accumulator.result() as CountedMetricValue;
}

/** Type-7 sample quantile of sorted values (R's default). */
function exactQuantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * (sorted[Math.ceil(h)] - sorted[lo]);
}

describe('Monte Carlo standard errors (Morris et al. 2019, Table 6)', () => {
  test('closed forms', () => {
    expect(proportionMcse(0.9, 1000)).toBeCloseTo(Math.sqrt(0.09 / 1000), 15);
    expect(meanMcse(2, 400)).toBe(0.1);
    expect(sdMcse(3, 51)).toBeCloseTo(3 / 10, 15);
    expect(proportionMcse(0.5, 0)).toBeNaN();
  });

  test('coverage: binomial MCSE; missing bounds are misses; NaN when the method never gives bounds', () => {
    const rs = [
      result({ lower: 0, upper: 2 }),
      result({ lower: 2, upper: 3 }),
      result({ degenerate: true }),
      result({ lower: 1, upper: 1, degenerate: true }),
    ];
    const value = summarise('coverage', rs, 1);
    expect(value.value).toBe(2 / 4);
    expect(value.mcse).toBeCloseTo(Math.sqrt(0.25 / 4), 15);
    expect(value.count).toBe(4);
    expect(summarise('coverage', [result({}), result({})]).value).toBeNaN();
  });

  test('rejectionRate reads the chosen p-value; NaN p does not reject', () => {
    const rs = [
      result({ pTwoSided: 0.01, pGreater: 0.005, pLess: 0.995 }),
      result({ pTwoSided: 0.2, pGreater: 0.9, pLess: 0.1 }),
      result({ pTwoSided: 0.04, pGreater: 0.02, pLess: 0.98 }),
      result({ degenerate: true }),
    ];
    expect(summarise('rejectionRate', rs).value).toBe(2 / 4);
    expect(summarise('rejectionRate', rs, 0, { alternative: 'greater', alpha: 0.025 }).value).toBe(2 / 4);
    expect(summarise('rejectionRate', rs, 0, { alternative: 'less', alpha: 0.2 }).value).toBe(1 / 4);
    expect(summarise('rejectionRate', rs, 0, { alpha: 0.001 }).mcse).toBe(0);
  });

  test('means: over finite values only, MCSE s/√n, count reported', () => {
    const widths = [
      [0, 1],
      [0, 3],
      [Number.NaN, Number.NaN],
      [1, 3],
    ];
    const value = summarise(
      'meanWidth',
      widths.map(([lower, upper]) => result({ lower, upper })),
    );
    expect(value.value).toBe(2);
    expect(value.count).toBe(3);
    expect(value.mcse).toBeCloseTo(1 / Math.sqrt(3), 15); // s = 1 for {1, 3, 2}
    const biasValue = summarise('bias', [result({ estimate: 0.3 }), result({ estimate: 0.5 })], 0.5);
    expect(biasValue.value).toBeCloseTo(-0.1, 15);
    const empirical = summarise(
      'empiricalSE',
      [1, 2, 3, 4].map((estimate) => result({ estimate })),
    );
    expect(empirical.value).toBeCloseTo(Math.sqrt(5 / 3), 15);
    expect(empirical.mcse).toBeCloseTo(Math.sqrt(5 / 3) / Math.sqrt(6), 15);
  });

  test('boundsOutOfRange: share of intervals with finite bounds that reach outside [min, max]', () => {
    const rs = [
      result({ lower: -0.02, upper: 0.3 }),
      result({ lower: 0.1, upper: 0.4 }),
      result({ lower: 0.9, upper: 1.05 }),
      result({ lower: 0, upper: 1 }),
      result({ degenerate: true }),
    ];
    const value = summarise('boundsOutOfRange', rs);
    expect(value.value).toBe(2 / 4);
    expect(value.count).toBe(4);
    expect(value.mcse).toBeCloseTo(Math.sqrt(0.25 / 4), 15);
    expect(summarise('boundsOutOfRange', rs, 0, { min: -1, max: 1 }).value).toBe(1 / 4);
    expect(summarise('boundsOutOfRange', [result({})]).value).toBeNaN();
    expect(() => metricRegistry.get('boundsOutOfRange', 'metric').create({ min: 1, max: 0 }, SOLO)).toThrow(
      /max: got 0; allowed: a number above min/,
    );
    expect(() => metricRegistry.get('boundsOutOfRange', 'metric').create({ max: '1' }, SOLO)).toThrow(
      /max: got "1"; allowed: a finite number/,
    );
  });

  test('unknown options are ConfigErrors naming the option', () => {
    expect(() => metricRegistry.get('coverage', 'metric').create({ alpha: 0.1 }, SOLO)).toThrow(ConfigError);
    expect(() => metricRegistry.get('rejectionRate', 'metric').create({ alternative: 'up' }, SOLO)).toThrow(
      /alternative: got "up"/,
    );
    expect(() => metricRegistry.get('coverag', 'metric')).toThrow(/allowed: one of the metrics coverage/);
  });
});

describe('streaming estimators', () => {
  test('RunningMoments matches the two-pass mean and variance', () => {
    const rng = new SeededStream(12345);
    const xs = Array.from({ length: 5000 }, () => 1e6 + rng.normal());
    const moments = new RunningMoments();
    for (const x of xs) moments.add(x);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
    expect(Math.abs(moments.mean - mean) / mean).toBeLessThan(1e-14);
    expect(Math.abs(moments.variance() - variance) / variance).toBeLessThan(1e-8);
  });

  test('QuantileSketch order statistics are within relative 1e-4 of the exact ones', () => {
    const rng = new SeededStream(777);
    const xs = Array.from({ length: 20001 }, (_, i) =>
      i % 50 === 0 ? 0 : rng.normal() * 3 + (i % 3 === 0 ? -2 : 4),
    );
    const sketch = new QuantileSketch(1e-4);
    for (const x of xs) sketch.add(x);
    const sorted = [...xs].sort((a, b) => a - b);
    const qs = [0, 0.01, 0.25, 0.5, 0.75, 0.99, 1];
    const got = sketch.quantiles(qs);
    let worst = 0;
    qs.forEach((q, i) => {
      // type 7 interpolates between two order statistics, each within relative 1e-4
      const h = (sorted.length - 1) * q;
      const bound = 1e-4 * Math.max(Math.abs(sorted[Math.floor(h)]), Math.abs(sorted[Math.ceil(h)]));
      const error = Math.abs(got[i] - exactQuantile(sorted, q));
      worst = Math.max(worst, error / bound);
    });
    expect(worst).toBeLessThanOrEqual(1);
  });

  test('medianWidth averages the two middle values for an even count', () => {
    const value = summarise(
      'medianWidth',
      [1, 2, 4, 10].map((upper) => result({ lower: 0, upper })),
    );
    expect(Math.abs(value.value - 3) / 3).toBeLessThan(2e-4);
  });

  test('median MCSE (exact bootstrap) tracks the spread of medians over repeated samples', () => {
    // 400 samples of n = 1001 exponentials: SD of the 400 medians vs the mean of the per-sample MCSEs.
    // The SD of 400 draws has relative MC error 1/√798 ≈ 3.5%; allow 15%.
    const rng = new SeededStream(4242);
    const medians = new RunningMoments();
    const mcses = new RunningMoments();
    for (let s = 0; s < 400; s++) {
      const sketch = new QuantileSketch();
      for (let i = 0; i < 1001; i++) sketch.add(-Math.log(1 - rng.uniform()));
      medians.add(sketch.quantiles([0.5])[0]);
      mcses.add(quantileMcse(sketch, 0.5));
    }
    // Asymptotic SE of the median of Exp(1): 1/(2 f(ln 2) √n) = 1/√n.
    expect(Math.abs(medians.sd() - 1 / Math.sqrt(1001)) / (1 / Math.sqrt(1001))).toBeLessThan(0.15);
    expect(Math.abs(mcses.mean - medians.sd()) / medians.sd()).toBeLessThan(0.15);
  });
});
