import { binomialCdf, binomialPmf, logGamma, normalCdf } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleBinomial } from './binomial.js';
import { stirlingCorrection } from './stirlingCorrection.js';
import {
  cdfBinnedGof,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
  windowGof,
} from './test-utils/goodnessOfFit.js';

const N = 300_000;

/**
 * Chi-square of draws against the exact pmf on mean ± 7 s.d. (tails pooled via the
 * cdf); beyond 5,000 support points, ~2,000 cells of equal width from cdf differences.
 */
function binomialGof(draws: Float64Array, n: number, p: number) {
  const mean = n * p;
  const sd = Math.sqrt(n * p * (1 - p));
  const lo = Math.max(0, Math.floor(mean - 7 * sd) - 1);
  const hi = Math.min(n, Math.ceil(mean + 7 * sd) + 1);
  if (hi - lo > 5000) {
    // core's binomialCdf is wrong near the centre for n ≥ 1e9 (betainc; e.g. it returns
    // −6.9 at n = 1e12, k = n/2). There the continuity-corrected normal cdf is used: for
    // p = ½ its error is O(1/n) (Edgeworth; no skewness term), ≈ 1e-12 at n = 1e12.
    const cdf =
      n >= 1e9 ? (k: number) => normalCdf((k + 0.5 - n * p) / sd) : (k: number) => binomialCdf(k, n, p);
    return cdfBinnedGof(draws, cdf, lo, hi, Math.ceil((hi - lo + 1) / 2000));
  }
  return windowGof(
    draws,
    (k) => binomialPmf(k, n, p),
    (k) => binomialCdf(k, n, p),
    lo,
    hi,
  );
}

describe('sampleBinomial (inversion for n·min(p, 1−p) < 10, BTRD otherwise)', () => {
  const cases: [number, number, string][] = [
    [1, 0.3, 'n = 1'],
    [10, 0.7, 'inversion, reflected p > ½'],
    [20, 0.5, 'inversion at p = ½'],
    [25, 0.4, 'BTRD at its smallest mean (10)'],
    [1000, 0.7, 'BTRD, reflected'],
    [1_000_000, 9e-6, 'inversion with large n (q^n through log1p)'],
    [1_000_000, 1e-5, 'BTRD, n = 1e6, p = 1e-5'],
    [1_000_000, 0.3, 'BTRD, n = 1e6, p = 0.3'],
    [1e12, 0.5, 'BTRD, n = 1e12 (checked against the normal cdf, see binomialGof)'],
  ];
  for (const [n, p, label] of cases) {
    describe(`Binomial(${n}, ${p}) — ${label}`, () => {
      const rng = new SeededStream(8675309, Math.round(n % 1e6) + Math.round(p * 1e6));
      const draws = drawMany(N, () => sampleBinomial(rng, n, p));

      it('returns integers in [0, n]', () => {
        expect(draws.every((k) => Number.isInteger(k) && k >= 0 && k <= n)).toBe(true);
      });

      it(`mean np, variance npq, third central moment npq(1 − 2p) within ${MOMENT_Z} s.e.`, () => {
        const npq = n * p * (1 - p);
        for (const z of momentZScores(draws, { mean: n * p, variance: npq, third: npq * (1 - 2 * p) })) {
          expect(z).toBeLessThan(MOMENT_Z);
        }
      });

      it(`fits binomialPmf (chi-square, cells pooled to expected ≥ 5, p > ${GOF_REJECT_BELOW})`, () => {
        expect(binomialGof(draws, n, p).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      });
    });
  }

  it('the chi-square test has power: Binomial(1000, 0.7) draws are rejected against p = 0.702', () => {
    const rng = new SeededStream(1, 1);
    const draws = drawMany(N, () => sampleBinomial(rng, 1000, 0.7));
    expect(binomialGof(draws, 1000, 0.702).pValue).toBeLessThan(GOF_REJECT_BELOW);
  });

  it('degenerate parameters: p = 0 gives 0, p = 1 gives n, n = 0 gives 0', () => {
    const rng = new SeededStream(2, 2);
    for (let i = 0; i < 1000; i++) {
      expect(sampleBinomial(rng, 50, 0)).toBe(0);
      expect(sampleBinomial(rng, 50, 1)).toBe(50);
      expect(sampleBinomial(rng, 1e6, 1)).toBe(1e6);
      expect(sampleBinomial(rng, 0, 0.4)).toBe(0);
    }
  });

  it('rejects bad n and p by name', () => {
    const rng = new SeededStream(3, 3);
    expect(() => sampleBinomial(rng, -1, 0.5)).toThrow(/^n:/);
    expect(() => sampleBinomial(rng, 2.5, 0.5)).toThrow(/^n:/);
    expect(() => sampleBinomial(rng, 10, 1.1)).toThrow(/^p:/);
    expect(() => sampleBinomial(rng, 10, Number.NaN)).toThrow(/^p:/);
  });
});

describe('stirlingCorrection (BTRD)', () => {
  it('equals ln k! − (k + ½) ln(k + 1) + (k + 1) − ½ ln 2π from logGamma (abs. error < 5e-11)', () => {
    let worst = 0;
    for (let k = 0; k <= 2000; k++) {
      const exact = logGamma(k + 1) - (k + 0.5) * Math.log(k + 1) + (k + 1) - 0.5 * Math.log(2 * Math.PI);
      worst = Math.max(worst, Math.abs(stirlingCorrection(k) - exact));
    }
    expect(worst).toBeLessThan(5e-11);
  });
});
