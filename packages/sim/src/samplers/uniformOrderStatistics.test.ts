import { betaCdf } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { continuousGof, GOF_REJECT_BELOW, MOMENT_Z, momentZScores } from './test-utils/goodnessOfFit.js';
import { sampleUniformOrderStatistics } from './uniformOrderStatistics.js';

const N = 50_000;

/** N joint draws of the order statistics at `ranks` of `count` uniforms, one column per rank. */
function drawColumns(count: number, ranks: number[], seed: number): Float64Array[] {
  const rng = new SeededStream(seed, count);
  const out = new Float64Array(ranks.length);
  const columns = ranks.map(() => new Float64Array(N));
  for (let r = 0; r < N; r++) {
    sampleUniformOrderStatistics(rng, count, ranks, ranks.length, out);
    for (let i = 0; i < ranks.length; i++) columns[i][r] = out[i];
  }
  return columns;
}

/** Beta(j, B − j + 1) moments of U_(j). */
function orderMoments(j: number, count: number) {
  const [a, b] = [j, count - j + 1];
  const s = a + b;
  const variance = (a * b) / (s * s * (s + 1));
  const third = ((2 * (b - a) * Math.sqrt(s + 1)) / ((s + 2) * Math.sqrt(a * b))) * variance ** 1.5;
  return { mean: a / s, variance, third };
}

describe('sampleUniformOrderStatistics (exponential spacings)', () => {
  // The ranks the 2,000-resample percentile bootstrap at 95% needs, and small/edge cases.
  const cases: [number, number[]][] = [
    [2000, [50, 51, 1950, 1951]],
    [10, [1, 10]],
    [1, [1]],
    [7, [2, 3, 4]],
  ];
  for (const [count, ranks] of cases) {
    describe(`B = ${count}, ranks ${ranks.join(', ')}`, () => {
      const columns = drawColumns(count, ranks, 99);
      ranks.forEach((j, i) => {
        it(`U_(${j}) fits Beta(${j}, ${count - j + 1}) (chi-square on 100 PIT bins) and its moments`, () => {
          const gof = continuousGof(columns[i], (x) => betaCdf(x, j, count - j + 1));
          expect(gof.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
          for (const z of momentZScores(columns[i], orderMoments(j, count))) expect(z).toBeLessThan(MOMENT_Z);
        });
      });
      if (ranks.length > 1) {
        it('spacings U_(j₂) − U_(j₁) fit Beta(j₂ − j₁, B − j₂ + j₁ + 1): the joint law, not only the marginals', () => {
          for (let i = 1; i < ranks.length; i++) {
            const gap = ranks[i] - ranks[i - 1];
            const spacing = columns[i].map((x, r) => x - columns[i - 1][r]);
            expect(spacing.every((x) => x > 0)).toBe(true);
            const gof = continuousGof(spacing, (x) => betaCdf(x, gap, count - gap + 1));
            expect(gof.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
          }
        });
      }
    });
  }

  it('the check has power: U_(50) of 2,000 is rejected against Beta(51, 1950)', () => {
    const [column] = drawColumns(2000, [50], 7);
    expect(continuousGof(column, (x) => betaCdf(x, 51, 1950)).pValue).toBeLessThan(GOF_REJECT_BELOW);
  });

  it('rejects ranks that are not strictly increasing in [1, count], and a bad count', () => {
    const rng = new SeededStream(1, 1);
    const out = new Float64Array(4);
    expect(() => sampleUniformOrderStatistics(rng, 10, [3, 3], 2, out)).toThrow(
      /ranks: must be strictly increasing/,
    );
    expect(() => sampleUniformOrderStatistics(rng, 10, [0], 1, out)).toThrow(/ranks/);
    expect(() => sampleUniformOrderStatistics(rng, 10, [11], 1, out)).toThrow(/ranks/);
    expect(() => sampleUniformOrderStatistics(rng, 0, [], 0, out)).toThrow(/count: must be an integer ≥ 1/);
  });
});
