import { chiSquareSf, logGamma } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleGamma, sampleLogGamma } from './gamma.js';
import {
  continuousGof,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
} from './test-utils/goodnessOfFit.js';

const N = 400_000;
/** Gamma(k, 1) cdf via the chi-square: P(G ≤ x) = P(χ²_{2k} ≤ 2x). */
const gammaCdf = (shape: number) => (x: number) => 1 - chiSquareSf(2 * x, 2 * shape);

describe('sampleGamma (Marsaglia–Tsang)', () => {
  for (const shape of [0.1, 1, 2.33, 5, 100]) {
    describe(`shape ${shape}`, () => {
      const rng = new SeededStream(31337, Math.round(shape * 100));
      const draws = drawMany(N, () => sampleGamma(rng, shape));

      it(`mean = variance = k, third central moment 2k, within ${MOMENT_Z} s.e.`, () => {
        for (const z of momentZScores(draws, { mean: shape, variance: shape, third: 2 * shape })) {
          expect(z).toBeLessThan(MOMENT_Z);
        }
      });

      it(`fits the gamma cdf (chi-square, 100 PIT bins, p > ${GOF_REJECT_BELOW})`, () => {
        expect(continuousGof(draws, gammaCdf(shape), 100).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      });
    });
  }

  it('sampleLogGamma(0.01) fits ln of Gamma(0.01) (no underflow; 50 PIT bins)', () => {
    const rng = new SeededStream(5, 5);
    const logs = drawMany(200_000, () => sampleLogGamma(rng, 0.01));
    expect(logs.every(Number.isFinite)).toBe(true);
    // P(ln G ≤ y) = P(G ≤ e^y); for y < −700 use P(G ≤ x) ≈ x^k / Γ(k+1) in logs.
    const cdf = (y: number) => (y > -700 ? gammaCdf(0.01)(Math.exp(y)) : Math.exp(0.01 * y - logGamma(1.01)));
    expect(continuousGof(logs, cdf, 50).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('rejects non-positive or non-finite shapes by name', () => {
    const rng = new SeededStream(1, 0);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => sampleGamma(rng, bad)).toThrow(/shape/);
    }
  });
});
