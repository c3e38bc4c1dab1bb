import { describe, expect, it } from 'vitest';
import { InputError } from '../validate.js';
import { clusteredInterval, clusteredIntervalFromTotals } from './clusteredInterval.js';
import { clusteredStandardError } from './clusteredStandardError.js';
import { clusterTotalsFromItems } from './clusterTotals.js';
import { coefficientOfVariation } from './coefficientOfVariation.js';
import { cr1ClusteredVariance } from './cr1Variance.js';
import { cr2DegreesOfFreedom } from './cr2DegreesOfFreedom.js';
import { designEffect } from './designEffect.js';
import { designEffectUnequal } from './designEffectUnequal.js';
import { effectiveSampleSize } from './effectiveSampleSize.js';
import { iccAnova } from './iccAnova.js';

function expectInputError(fn: () => unknown, argument: string, message?: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InputError);
  expect((caught as InputError).argument).toBe(argument);
  if (message) expect((caught as InputError).message).toMatch(message);
}

describe('clustered estimators: bad input', () => {
  const scores = [1, 0, 1, 1, 0, 1];
  const clusters = ['a', 'a', 'b', 'b', 'b', 'c'];

  it('a single cluster is rejected naming clusters', () => {
    for (const estimator of ['miller', 'cr1', 'cr2'] as const) {
      expectInputError(
        () => clusteredStandardError(scores, [7, 7, 7, 7, 7, 7], { estimator }),
        'clusters',
        /needs at least 2 clusters/,
      );
    }
    expectInputError(() => clusteredInterval(scores, Array(6).fill('x')), 'clusters', /at least 2 clusters/);
    expectInputError(() => iccAnova(scores, Array(6).fill(0)), 'clusters', /at least 2 clusters/);
  });

  it('mismatched lengths, NaN scores, empty input, bad ids', () => {
    expectInputError(() => clusteredStandardError(scores, clusters.slice(1)), 'clusters', /same length/);
    expectInputError(() => clusteredStandardError([1, Number.NaN, 0], [1, 2, 3]), 'scores', /entry 1/);
    expectInputError(() => clusteredStandardError([], []), 'scores');
    expectInputError(() => clusterTotalsFromItems([1, 0], [1, Number.NaN]), 'clusters', /entry 1/);
    expectInputError(() => clusterTotalsFromItems([1, 0], [1, {} as unknown as string]), 'clusters');
  });

  it('bad options name the option', () => {
    expectInputError(
      () => clusteredStandardError(scores, clusters, { estimator: 'cr3' as 'cr1' }),
      'estimator',
      /'miller', 'cr1' or 'cr2'/,
    );
    expectInputError(() => clusteredInterval(scores, clusters, { level: 1 }), 'level');
    expectInputError(() => clusteredInterval(scores, clusters, { critical: 'F' as 'z' }), 'critical');
  });

  it('malformed totals are rejected (hot-loop entry points)', () => {
    const good = { count: 2, sizes: [3, 2], totals: [2, 1], sumSquares: [2, 1] };
    expectInputError(
      () => cr1ClusteredVariance({ ...good, count: 1 }),
      'clusters',
      /needs at least 2 clusters/,
    );
    expectInputError(() => cr1ClusteredVariance({ ...good, count: 3 }), 'clusters', /at least count = 3/);
    expectInputError(() => cr2DegreesOfFreedom({ ...good, sizes: [0, 2] }), 'clusters', /integers ≥ 1/);
    expectInputError(() => cr1ClusteredVariance({ ...good, totals: [Number.NaN, 1] }), 'scores');
    expectInputError(() => clusteredIntervalFromTotals(good, { level: 0 }), 'level');
  });

  it('ICC: undefined cases are errors, not NaN', () => {
    expectInputError(() => iccAnova([1, 1, 1, 1], [1, 1, 2, 2]), 'scores', /identical/);
    expectInputError(() => iccAnova([1, 0, 1], [1, 2, 3]), 'clusters', /N − K > 0/);
  });

  it('constant scores give a zero (not NaN) clustered variance and a degenerate interval', () => {
    expect(clusteredStandardError([1, 1, 1, 1], [1, 1, 2, 2], { estimator: 'cr2' })).toBe(0);
    const iv = clusteredInterval([1, 1, 1, 1], [1, 1, 2, 2]);
    expect([iv.lower, iv.upper]).toEqual([1, 1]);
  });
});

describe('design effect helpers: bad input', () => {
  it('names the argument', () => {
    expectInputError(() => designEffect(0.5, 0.1), 'm');
    expectInputError(() => designEffect(10, 1.5), 'rho');
    expectInputError(() => designEffect(10, -0.2), 'rho', /> −1\/\(m − 1\)/);
    expectInputError(() => designEffectUnequal(10, -0.1, 0.1), 'cv');
    expectInputError(() => designEffectUnequal(Number.NaN, 0.1, 0.1), 'meanSize');
    expectInputError(() => effectiveSampleSize(1000, 0), 'deff');
    expectInputError(() => effectiveSampleSize(-1, 2), 'n');
    expectInputError(() => coefficientOfVariation([3, 0, 2]), 'sizes');
    expectInputError(() => coefficientOfVariation([]), 'sizes');
  });
});

describe('clusterTotalsFromItems', () => {
  it('groups by SameValueZero id in first-appearance order, with unequal sizes', () => {
    const t = clusterTotalsFromItems([1, 0.5, 2, 0, 3], [5, '5', 5, -2, '5']);
    expect(t.ids).toEqual([5, '5', -2]);
    expect(t.count).toBe(3);
    expect(Array.from(t.sizes)).toEqual([2, 2, 1]);
    expect(Array.from(t.totals)).toEqual([3, 3.5, 0]);
    expect(Array.from(t.sumSquares)).toEqual([5, 9.25, 0]);
  });
});
