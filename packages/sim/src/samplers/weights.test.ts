import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleBernoulli } from './bernoulli.js';
import { sampleRademacher } from './rademacher.js';
import {
  chiSquareTest,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
} from './test-utils/goodnessOfFit.js';
import { sampleWebb, WEBB_POINTS } from './webb.js';

const N = 600_000;

/** Counts of each value in `support` (anything else fails the test). */
function tally(draws: Float64Array, support: readonly number[]): Float64Array {
  const counts = new Float64Array(support.length);
  let other = 0;
  for (const x of draws) {
    const i = support.indexOf(x);
    if (i < 0) other++;
    else counts[i]++;
  }
  expect(other).toBe(0);
  return counts;
}

describe('sampleBernoulli', () => {
  for (const p of [0.02, 0.5, 0.7]) {
    it(`Bernoulli(${p}): frequencies fit (chi-square p > ${GOF_REJECT_BELOW}), mean and variance within ${MOMENT_Z} s.e.`, () => {
      const rng = new SeededStream(10, p * 100);
      const draws = drawMany(N, () => sampleBernoulli(rng, p));
      expect(chiSquareTest(tally(draws, [0, 1]), [1 - p, p]).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      for (const z of momentZScores(draws, { mean: p, variance: p * (1 - p) }))
        expect(z).toBeLessThan(MOMENT_Z);
    });
  }

  it('p = 0 never fires, p = 1 always does; bad p throws naming p', () => {
    const rng = new SeededStream(11, 0);
    for (let i = 0; i < 10_000; i++) {
      expect(sampleBernoulli(rng, 0)).toBe(0);
      expect(sampleBernoulli(rng, 1)).toBe(1);
    }
    expect(() => sampleBernoulli(rng, -0.1)).toThrow(/^p:/);
  });
});

describe('sampleRademacher', () => {
  it(`±1 with probability ½ (chi-square p > ${GOF_REJECT_BELOW}); mean 0, variance 1, third moment 0`, () => {
    const rng = new SeededStream(12, 0);
    const draws = drawMany(N, () => sampleRademacher(rng));
    expect(chiSquareTest(tally(draws, [-1, 1]), [0.5, 0.5]).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    for (const z of momentZScores(draws, { mean: 0, variance: 1, third: 0 }))
      expect(z).toBeLessThan(MOMENT_Z);
  });
});

describe('sampleWebb', () => {
  it('has the six points ±√½, ±1, ±√(3/2)', () => {
    expect([...WEBB_POINTS].sort((a, b) => a - b)).toEqual(
      [-Math.sqrt(3 / 2), -1, -Math.sqrt(1 / 2), Math.sqrt(1 / 2), 1, Math.sqrt(3 / 2)].sort((a, b) => a - b),
    );
  });

  it(`each point with probability 1/6 (chi-square p > ${GOF_REJECT_BELOW}); mean 0, variance 1, third moment 0`, () => {
    const rng = new SeededStream(13, 0);
    const draws = drawMany(N, () => sampleWebb(rng));
    expect(chiSquareTest(tally(draws, WEBB_POINTS), new Array(6).fill(1 / 6)).pValue).toBeGreaterThan(
      GOF_REJECT_BELOW,
    );
    for (const z of momentZScores(draws, { mean: 0, variance: 1, third: 0 }))
      expect(z).toBeLessThan(MOMENT_Z);
  });
});
