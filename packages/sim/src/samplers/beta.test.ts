import { betaCdf } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleBeta } from './beta.js';
import {
  continuousGof,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
} from './test-utils/goodnessOfFit.js';

const N = 400_000;

/** Mean, variance and third central moment of Beta(a, b). */
function betaMoments(a: number, b: number) {
  const s = a + b;
  const variance = (a * b) / (s * s * (s + 1));
  const skewness = (2 * (b - a) * Math.sqrt(s + 1)) / ((s + 2) * Math.sqrt(a * b));
  return { mean: a / s, variance, third: skewness * variance ** 1.5 };
}

describe('sampleBeta (ratio of Marsaglia–Tsang gammas)', () => {
  const cases: [number, number][] = [
    [0.5, 0.5],
    [2, 50],
    [1e4, 1e4],
    [2.33, 1],
    [0.3, 4],
  ];
  for (const [a, b] of cases) {
    describe(`Beta(${a}, ${b})`, () => {
      const rng = new SeededStream(4242, Math.round(a * 1000 + b));
      const draws = drawMany(N, () => sampleBeta(rng, a, b));

      it(`mean, variance and third central moment within ${MOMENT_Z} s.e.`, () => {
        for (const z of momentZScores(draws, betaMoments(a, b))) expect(z).toBeLessThan(MOMENT_Z);
      });

      it(`fits betaCdf (chi-square, 100 PIT bins, p > ${GOF_REJECT_BELOW})`, () => {
        expect(continuousGof(draws, (x) => betaCdf(x, a, b), 100).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      });
    });
  }

  it('tiny shapes (0.01, 0.05) and (0.01, 0.01): draws in [0, 1], mean and variance within 5 s.e.', () => {
    // Most mass sits within 1e-16 of 0 or 1, where doubles round to 0 or 1, so only
    // moments are checked here (the PIT of rounded draws is not uniform).
    for (const [a, b] of [
      [0.01, 0.05],
      [0.01, 0.01],
    ]) {
      const rng = new SeededStream(9, a * 1e4 + b * 1e2);
      const draws = drawMany(N, () => sampleBeta(rng, a, b));
      expect(draws.every((x) => x >= 0 && x <= 1)).toBe(true);
      const { mean, variance } = betaMoments(a, b);
      for (const z of momentZScores(draws, { mean, variance })) expect(z).toBeLessThan(MOMENT_Z);
    }
  });

  it('rejects bad shapes naming the argument', () => {
    const rng = new SeededStream(1, 0);
    expect(() => sampleBeta(rng, 0, 1)).toThrow(/^a:/);
    expect(() => sampleBeta(rng, 1, Number.NaN)).toThrow(/^b:/);
  });
});
