/**
 * The metrics that wrap core's performance measures: each on hand-made replications against
 * the closed form evaluated here, and NaN where the measure is undefined.
 */
import { describe, expect, test } from 'vitest';
import type { MethodResult } from '../base/methodResult.js';
import { createMethodResult } from '../base/methodResult.js';
import { SeededStream } from '../rng/index.js';
import type { CountedMetricValue } from './metricValue.js';
import { metricRegistry } from './registry.js';
import { RunningMoments } from './runningMoments.js';

function result(fields: Partial<MethodResult>): MethodResult {
  return Object.assign(createMethodResult(), fields);
}

/** The context of a one-method study. */
const SOLO = { methods: ['m'], method: 0 };

function summarise(
  name: string,
  results: MethodResult[],
  truth: number,
  options: Record<string, unknown> = {},
): CountedMetricValue {
  const accumulator = metricRegistry.get(name, 'metric').create(options, SOLO);
  for (const r of results) accumulator.add(r, truth, [r]);
  return accumulator.result() as CountedMetricValue;
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const variance = (xs: number[]) => sum(xs.map((x) => (x - mean(xs)) ** 2)) / (xs.length - 1);

describe('metrics over core measures', () => {
  const estimates = [0.9, 1.3, 1.1, 0.7, 1.25];
  const ses = [0.2, 0.25, 0.15, 0.3, 0.2];
  const truth = 1.05;
  const rs = estimates.map((estimate, i) =>
    result({ estimate, se: ses[i], lower: estimate - 2 * ses[i], upper: estimate + 2 * ses[i] }),
  );
  const n = estimates.length;
  const errors = estimates.map((x) => x - truth);

  test('relativeBias, mse, rmse', () => {
    const rb = summarise('relativeBias', rs, truth);
    expect(rb.value).toBeCloseTo(mean(errors) / truth, 14);
    expect(rb.mcse).toBeCloseTo(Math.sqrt(variance(estimates) / n) / truth, 14);
    const squared = errors.map((e) => e * e);
    const m = summarise('mse', rs, truth);
    expect(m.value).toBeCloseTo(mean(squared), 14);
    expect(m.mcse).toBeCloseTo(Math.sqrt(variance(squared) / n), 14);
    const r = summarise('rmse', rs, truth);
    expect(r.value).toBeCloseTo(Math.sqrt(mean(squared)), 14);
    expect(r.mcse).toBeCloseTo(m.mcse / (2 * r.value), 14);
    expect(summarise('relativeBias', rs, 0).value).toBeNaN();
  });

  test('modelSE and relativeErrorModelSE skip replications without a finite SE', () => {
    const withMissing = [...rs, result({ estimate: 5, se: Number.NaN })];
    const squaredSEs = ses.map((s) => s * s);
    const model = summarise('modelSE', withMissing, truth);
    expect(model.value).toBeCloseTo(Math.sqrt(mean(squaredSEs)), 14);
    expect(model.mcse).toBeCloseTo(Math.sqrt(variance(squaredSEs) / (4 * n * mean(squaredSEs))), 14);
    expect(model.count).toBe(n);
    const re = summarise('relativeErrorModelSE', withMissing, truth);
    const ratio = model.value / Math.sqrt(variance(estimates));
    expect(re.value).toBeCloseTo(100 * (ratio - 1), 12);
    const seTerm = variance(squaredSEs) / (4 * n * model.value ** 4);
    expect(re.mcse).toBeCloseTo(100 * ratio * Math.sqrt(seTerm + 1 / (2 * (n - 1))), 12);
    expect(re.count).toBe(n);
    const constant = [result({ estimate: 1, se: 0.1 }), result({ estimate: 1, se: 0.2 })];
    expect(summarise('relativeErrorModelSE', constant, truth).value).toBeNaN();
    expect(summarise('modelSE', [rs[0]], truth).value).toBeNaN(); // one replication: no MCSE
  });

  test('lower and upper non-coverage split the misses; a replication without bounds is in neither', () => {
    const bounds = [
      result({ lower: 0, upper: 0.5 }), // below the truth 1: upper non-coverage
      result({ lower: 1.5, upper: 2 }), // above: lower non-coverage
      result({ lower: 1.2, upper: 3 }), // above
      result({ lower: 0.5, upper: 1.5 }), // covers
      result({}), // no interval
    ];
    const low = summarise('lowerNoncoverage', bounds, 1);
    const up = summarise('upperNoncoverage', bounds, 1);
    expect([low.value, up.value, low.count]).toEqual([2 / 5, 1 / 5, 5]);
    expect(low.mcse).toBeCloseTo(Math.sqrt((0.4 * 0.6) / 5), 15);
    expect(summarise('coverage', bounds, 1).value + low.value + up.value).toBeCloseTo(4 / 5, 15);
    expect(summarise('lowerNoncoverage', [result({}), result({})], 1).value).toBeNaN();
  });

  test('biasEliminatedCoverage counts intervals around the mean estimate, not the truth', () => {
    // Mean estimate 2 (far from the truth 0): intervals [1, 3] and [1.5, 2] cover 2, [2.5, 3.5] does not,
    // the last (lower > upper) is no interval.
    const shifted = [
      result({ estimate: 2, lower: 1, upper: 3 }),
      result({ estimate: 1.5, lower: 1.5, upper: 2 }),
      result({ estimate: 3, lower: 2.5, upper: 3.5 }),
      result({ estimate: 1.5, lower: 2, upper: 1 }),
    ];
    const be = summarise('biasEliminatedCoverage', shifted, 0);
    expect(be.value).toBe(2 / 4);
    expect(be.mcse).toBeCloseTo(Math.sqrt(0.25 / 4), 15);
    expect(summarise('coverage', shifted, 0).value).toBe(0);
    // More replications than the initial buffer: every bound is kept.
    const many = Array.from({ length: 5000 }, (_, i) =>
      result({ estimate: i % 2, lower: (i % 2) - 0.6, upper: (i % 2) + 0.4 }),
    );
    // Mean 0.5: [−0.6, 0.4] misses, [0.4, 1.4] covers.
    expect(summarise('biasEliminatedCoverage', many, 0).value).toBe(0.5);
    expect(summarise('biasEliminatedCoverage', [result({ estimate: 1 })], 0).value).toBeNaN();
    // Continuous bounds, several folds of the buffer into the runs: the count a direct scan gives.
    const stream = new SeededStream(42);
    const continuous = Array.from({ length: 20000 }, () => {
      const estimate = stream.normal();
      return result({ estimate, lower: estimate - 1.5, upper: estimate + 2 * stream.uniform() });
    });
    const welford = new RunningMoments(); // the metric's θ̄ is the Welford mean
    for (const r of continuous) welford.add(r.estimate);
    const theta = welford.mean;
    const direct = continuous.filter((r) => r.lower <= theta && theta <= r.upper).length / continuous.length;
    const value = summarise('biasEliminatedCoverage', continuous, 0).value;
    expect(value).toBeGreaterThan(0.3);
    expect(value).toBe(direct);
  });

  test('bradley: 1 inside, 0 outside, 0.5 when an edge is within 1.96 MCSE', () => {
    const withP = (rejected: number, total: number) =>
      Array.from({ length: total }, (_, i) => result({ pTwoSided: i < rejected ? 0.001 : 0.5 }));
    // rate 0.05, MCSE 0.00218 at n = 10000: inside both bands; the nearest stringent edge (0.045) is 2.3 MCSE away.
    expect(summarise('bradley', withP(500, 10000), 0).value).toBe(1);
    expect(summarise('bradley', withP(500, 10000), 0, { criterion: 'stringent' }).value).toBe(1);
    // rate 0.054 at n = 10000 (MCSE 0.00226): stringent edge 0.055 is 0.44 MCSE away → undecided.
    expect(summarise('bradley', withP(540, 10000), 0, { criterion: 'stringent' }).value).toBe(0.5);
    // rate 0.2: far outside.
    expect(summarise('bradley', withP(200, 1000), 0).value).toBe(0);
    // At alpha 0.2 the liberal band is [0.1, 0.3]: 0.2 lies inside it, 7.9 MCSE from both edges.
    expect(summarise('bradley', withP(200, 1000), 0, { alpha: 0.2 }).value).toBe(1);
    expect(summarise('bradley', [result({}), result({})], 0).value).toBeNaN();
    expect(() => metricRegistry.get('bradley', 'metric').create({ criterion: 'strict' }, SOLO)).toThrow(
      /criterion/,
    );
  });
});
