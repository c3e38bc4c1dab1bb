/**
 * The pass@k methods on explicit counts: each interval recomputed here from its formula with
 * core's pieces (question-level t, CR1 over clusters, Korn–Graubard Wilson, the naive binomial
 * over Σ⌊n/k⌋ groups), the posterior equal to core's betaBinomialPassAtKInterval, and the
 * bootstraps reproducible and inside the range of the estimates (their coverage is the study's).
 */
import {
  betaBinomialPassAtKInterval,
  cr1ClusteredVariance,
  kornGraubardDfFactor,
  kornGraubardWilsonInterval,
  passAtK,
  passHatK,
  tCritical,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { MultiSampleCounts } from '../base/dataKinds.js';
import { createMethodResult } from '../base/methodResult.js';
import { SeededStream } from '../rng/SeededStream.js';
import { passAtKBootstrap } from './passAtKBootstrap.js';
import { passAtKClustered, passAtKNaive, passAtKQuestion, passAtKWilson } from './passAtKIntervals.js';
import { passAtKPosterior } from './passAtKPosterior.js';

const correct = [16, 3, 0, 9, 12, 16, 1, 7, 15, 4, 0, 11, 16, 8, 2, 13];
const samples = new Array(correct.length).fill(16);
const clusters = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3];

function data(k: number, estimand: 'passAtK' | 'passHatK', clustered: boolean): MultiSampleCounts {
  return {
    kind: 'multiSampleCounts',
    questionCount: correct.length,
    correct: Int32Array.from(correct),
    samples: Int32Array.from(samples),
    clusterOf: clustered ? Int32Array.from(clusters) : null,
    clusterCount: clustered ? 4 : 0,
    k,
    estimand,
  };
}

const values = (k: number, estimand: string) =>
  correct.map((c) => (estimand === 'passAtK' ? passAtK(16, c, k) : passHatK(16, c, k)));
const meanOf = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const settings = { level: 0.95 };
const rng = new SeededStream(1);

describe('pass@k methods', () => {
  it.each([
    [5, 'passAtK'],
    [3, 'passHatK'],
  ] as const)(
    'question-level, naive, CR1 and Wilson intervals follow their formulas (k = %i, %s)',
    (k, estimand) => {
      const v = values(k, estimand);
      const m = meanOf(v);
      const Q = v.length;
      const se = Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (Q - 1) / Q);
      const out = createMethodResult();
      passAtKQuestion.create({}, settings)(data(k, estimand, false), rng, out);
      expect(out.estimate).toBeCloseTo(m, 15);
      expect(out.upper - out.estimate).toBeCloseTo(tCritical(0.95, Q - 1) * se, 14);
      passAtKNaive.create({}, settings)(data(k, estimand, false), rng, out);
      const groups = Q * Math.floor(16 / k);
      expect(out.se).toBeCloseTo(Math.sqrt((m * (1 - m)) / groups), 15);
      // CR1 over the four clusters with t(3).
      const sizes = [0, 0, 0, 0];
      const totals = [0, 0, 0, 0];
      v.forEach((x, i) => {
        sizes[clusters[i]]++;
        totals[clusters[i]] += x;
      });
      const cr1 = cr1ClusteredVariance({ count: 4, sizes, totals, sumSquares: [0, 0, 0, 0] });
      passAtKClustered.create({}, settings)(data(k, estimand, true), rng, out);
      expect(out.upper - out.estimate).toBeCloseTo(tCritical(0.95, 3) * Math.sqrt(cr1), 14);
      // Wilson at n* = m(1 − m)/Var with the (z/t_df)² factor, as core's Korn–Graubard Wilson.
      for (const [clustered, variance, df] of [
        [false, se * se, Q - 1],
        [true, cr1, 3],
      ] as const) {
        passAtKWilson.create({}, settings)(data(k, estimand, clustered), rng, out);
        const expected = kornGraubardWilsonInterval(m, Q, variance, df, { adjustment: 'normal' });
        expect(out.lower).toBeCloseTo(expected.lower, 13);
        expect(out.upper).toBeCloseTo(expected.upper, 13);
        expect(kornGraubardDfFactor(Q, df, 0.95, 'normal')).toBeGreaterThan(0);
      }
    },
  );
  it('the posterior is core’s beta-binomial interval', () => {
    const out = createMethodResult();
    passAtKPosterior.create({ grid: 24 }, settings)(data(5, 'passAtK', false), rng, out);
    const expected = betaBinomialPassAtKInterval(correct, samples, 5);
    expect(out.lower).toBe(expected.lower);
    expect(out.upper).toBe(expected.upper);
    expect(out.estimate).toBeCloseTo(meanOf(values(5, 'passAtK')), 15);
  });
  it('bootstraps: reproducible and inside the range of the estimates', () => {
    const v = values(5, 'passAtK');
    const out = createMethodResult();
    for (const unit of ['questions', 'clusters'] as const) {
      const analyse = passAtKBootstrap.create({ unit, resamples: 999 }, settings);
      const a = new SeededStream(7);
      analyse(data(5, 'passAtK', true), a, out);
      const first = [out.lower, out.upper];
      analyse(data(5, 'passAtK', true), new SeededStream(7), out);
      expect([out.lower, out.upper]).toEqual(first);
      expect(out.lower).toBeGreaterThanOrEqual(Math.min(...v));
      expect(out.upper).toBeLessThanOrEqual(Math.max(...v));
      expect(out.lower).toBeLessThan(out.upper);
    }
  });
});
