import { describe, expect, test } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import { uniformDifficultyScoreVariance } from '../formulas/resamplingVarianceFormulas.js';
import { RunningFourMoments } from '../metrics/estimateVariance.js';
import { RunningMoments } from '../metrics/runningMoments.js';
import { SeededStream } from '../rng/index.js';
import { allocateSequentialPaired, generateSequentialPaired, sequentialPaired } from './sequentialPaired.js';
import {
  allocateUniformDifficulty,
  generateUniformDifficulty,
  uniformDifficulty,
} from './uniformDifficulty.js';

const parseUniformDifficulty = (params: CellParams) => uniformDifficulty.parse(params, { baseDir: '.' });
const parseSequentialPaired = (params: CellParams) => sequentialPaired.parse(params, { baseDir: '.' });

describe('uniformDifficulty', () => {
  for (const [K, zero] of [
    [1, false],
    [2, false],
    [4, false],
    [16, false],
    [4, true],
  ] as const) {
    test(`score variance at K = ${K}${zero ? ', temperature zero' : ''} matches the closed form (4·MCSE)`, () => {
      const params = parseUniformDifficulty({ K, temperatureZero: zero });
      const data = allocateUniformDifficulty(params);
      const rng = new SeededStream(31, 0);
      const moments = new RunningFourMoments();
      for (let r = 0; r < 40000; r++) {
        rng.reseed(31 + K, r);
        generateUniformDifficulty(params, rng, data);
        moments.add(data.totals[0] / K);
      }
      const target = uniformDifficultyScoreVariance(K, zero);
      expect(Math.abs(moments.variance() - target)).toBeLessThan(4 * moments.varianceMcse() + 1e-12);
      expect(Math.abs(moments.mean - 0.5)).toBeLessThan(4 * Math.sqrt(target / 40000));
    });
  }

  test('closed form: 1/4, 1/6, 1/8 and → 1/12; 1/4 at temperature zero', () => {
    expect(uniformDifficultyScoreVariance(1, false)).toBeCloseTo(1 / 4, 15);
    expect(uniformDifficultyScoreVariance(2, false)).toBeCloseTo(1 / 6, 15);
    expect(uniformDifficultyScoreVariance(4, false)).toBeCloseTo(1 / 8, 15);
    expect(uniformDifficultyScoreVariance(1e6, false)).toBeCloseTo(1 / 12, 6);
    expect(uniformDifficultyScoreVariance(16, true)).toBe(1 / 4);
  });

  test('bad parameters', () => {
    expect(() => parseUniformDifficulty({ K: 0 })).toThrow(/^K/);
    expect(() => parseUniformDifficulty({ K: 2, temperatureZero: 'yes' })).toThrow(/true or false/);
  });
});

describe('sequentialPaired', () => {
  test('cumulative counts: E[b_k] = E[c_k] = k·B·q/2, Var(b_k − c_k) = k·B·q (4·MCSE)', () => {
    const params = parseSequentialPaired({ looks: 3, batchSize: 50, discordance: 0.3 });
    const data = allocateSequentialPaired(params);
    const rng = new SeededStream(8, 0);
    const b = new RunningMoments();
    const diff = new RunningMoments();
    for (let r = 0; r < 5000; r++) {
      rng.reseed(8, r);
      generateSequentialPaired(params, rng, data);
      expect(data.onlyFirst[2]).toBeGreaterThanOrEqual(data.onlyFirst[1]);
      b.add(data.onlyFirst[2]);
      diff.add(data.onlyFirst[2] - data.onlySecond[2]);
    }
    expect(Array.from(data.items)).toEqual([50, 100, 150]);
    expect(Math.abs(b.mean - 22.5)).toBeLessThan(4 * (b.sd() / Math.sqrt(5000)));
    expect(Math.abs(diff.variance() - 45)).toBeLessThan(4 * 45 * Math.sqrt(2 / 5000));
  });

  test('a gap: E[b − c] = k·B·gap, and gap 0 draws the same counts as before it existed', () => {
    const params = parseSequentialPaired({ looks: 2, batchSize: 400, discordance: 0.12, gap: 0.03 });
    expect(sequentialPaired.truth(params)).toBe(0.03);
    const data = allocateSequentialPaired(params);
    const rng = new SeededStream(9, 0);
    const diff = new RunningMoments();
    for (let r = 0; r < 5000; r++) {
      rng.reseed(9, r);
      generateSequentialPaired(params, rng, data);
      diff.add(data.onlyFirst[1] - data.onlySecond[1]);
    }
    expect(Math.abs(diff.mean - 800 * 0.03)).toBeLessThan(4 * (diff.sd() / Math.sqrt(5000)));
    const zero = parseSequentialPaired({ looks: 2, batchSize: 50, discordance: 0.3 });
    expect(zero.gap).toBe(0);
    const withGap = allocateSequentialPaired(zero);
    rng.reseed(3, 7);
    generateSequentialPaired(zero, rng, withGap);
    // The same two binomial draws per batch as the model without a gap: Bin(D, ½).
    rng.reseed(3, 7);
    const d1 = rng.binomial(50, 0.3);
    const b1 = rng.binomial(d1, 0.5);
    expect(withGap.onlyFirst[0]).toBe(b1);
    expect(withGap.onlySecond[0]).toBe(d1 - b1);
  });

  test('one question per look: one uniform each, E[b] = n(q + gap)/2, E[c] = n(q − gap)/2 (4·MCSE)', () => {
    const params = parseSequentialPaired({ looks: 500, batchSize: 1, discordance: 0.12, gap: 0.04 });
    const data = allocateSequentialPaired(params);
    const rng = new SeededStream(10, 0);
    const b = new RunningMoments();
    const c = new RunningMoments();
    // The largest growth of b + c from one look to the next, over every look of every
    // replication (one expect, not two million: the loop is the test's cost).
    let largestStep = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < 4000; r++) {
      rng.reseed(10, r);
      generateSequentialPaired(params, rng, data);
      for (let k = 1; k < 500; k++) {
        const step = data.onlyFirst[k] + data.onlySecond[k] - data.onlyFirst[k - 1] - data.onlySecond[k - 1];
        if (step > largestStep) largestStep = step;
      }
      b.add(data.onlyFirst[499]);
      c.add(data.onlySecond[499]);
    }
    expect(largestStep).toBeLessThanOrEqual(1);
    expect(Math.abs(b.mean - 40)).toBeLessThan(4 * (b.sd() / Math.sqrt(4000)));
    expect(Math.abs(c.mean - 20)).toBeLessThan(4 * (c.sd() / Math.sqrt(4000)));
  });

  test('bad parameters', () => {
    expect(() => parseSequentialPaired({ looks: 2, batchSize: 0, discordance: 0.3 })).toThrow(/batchSize/);
    expect(() => parseSequentialPaired({ looks: 2, batchSize: 10, discordance: 0 })).toThrow(/discordance/);
    expect(() => parseSequentialPaired({ looks: 2, batchSize: 10, discordance: 0.1, gap: 0.2 })).toThrow(
      /^gap: the accuracy gap 0\.2 cannot exceed the discordance 0\.1/,
    );
  });
});
