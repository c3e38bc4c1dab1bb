/**
 * Accuracy of the distribution module against scipy 1.10 (fixture:
 * packages/core/fixtures/distributions.json, script fixtures/scripts/distributions.py).
 * Tolerance: 1e-12 relative everywhere unless a block states otherwise.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  betaCdf,
  betaQuantile,
  betaSf,
  binomialCdf,
  binomialLogPmf,
  binomialPmf,
  binomialUpperTail,
  chiSquareSf,
  normalCdf,
  normalQuantile,
  normalSf,
  tCdf,
  tQuantile,
  tSf,
} from './index.js';

interface Fixture {
  normal: { cdf: { x: number; cdf: number; sf: number }[]; ppf: { p: number; x: number }[] };
  t: {
    cdf: { x: number; df: number; cdf: number; sf: number }[];
    ppf: { p: number; df: number; x: number }[];
  };
  beta: {
    cdf: { x: number; a: number; b: number; cdf: number; sf: number }[];
    ppf: { p: number; a: number; b: number; x: number }[];
  };
  binomial: {
    pmf: { k: number; n: number; p: number; logpmf: number; pmf: number }[];
    tails: { k: number; n: number; p: number; cdf: number; upperTail: number }[];
  };
  chiSquare: { sf: { x: number; df: number; sf: number }[] };
}

const fx = loadFixture<Fixture>('distributions');
const REL = 1e-12;

function expectClean(t: ErrorTracker): void {
  expect(t.failures).toEqual([]);
  expect(t.worst).toBeLessThan(t.relTol);
}

describe('normal vs scipy.stats.norm', () => {
  it('cdf and sf, x from −37.5 to 30 (tails down to 1e-308)', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.normal.cdf) {
      t.check(`cdf(${r.x})`, normalCdf(r.x), r.cdf);
      t.check(`sf(${r.x})`, normalSf(r.x), r.sf);
    }
    expectClean(t);
  });
  it('ppf, p from 1e-300 to 1 − 1e-12', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.normal.ppf) t.check(`ppf(${r.p})`, normalQuantile(r.p), r.x);
    expectClean(t);
  });
});

describe('Student t vs scipy.stats.t (df 1, 2, 3, 4, 10, 30, 1000)', () => {
  it('cdf and sf', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.t.cdf) {
      t.check(`cdf(${r.x}; ${r.df})`, tCdf(r.x, r.df), r.cdf);
      t.check(`sf(${r.x}; ${r.df})`, tSf(r.x, r.df), r.sf);
    }
    expectClean(t);
  });
  it('ppf, p down to 1e-12', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.t.ppf) t.check(`ppf(${r.p}; ${r.df})`, tQuantile(r.p, r.df), r.x);
    expectClean(t);
  });
});

describe('beta vs scipy.stats.beta (a ≈ 0.5 with b up to 1e5, and the reverse)', () => {
  it('cdf and sf', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.beta.cdf) {
      t.check(`cdf(${r.x}; ${r.a}, ${r.b})`, betaCdf(r.x, r.a, r.b), r.cdf);
      t.check(`sf(${r.x}; ${r.a}, ${r.b})`, betaSf(r.x, r.a, r.b), r.sf);
    }
    expectClean(t);
  });
  it('ppf', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.beta.ppf) t.check(`ppf(${r.p}; ${r.a}, ${r.b})`, betaQuantile(r.p, r.a, r.b), r.x);
    expectClean(t);
  });
});

describe('binomial vs scipy.stats.binom', () => {
  it('log pmf at n = 100,000 and n = 2,000 (where the pmf itself underflows)', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.binomial.pmf) {
      t.check(`logpmf(${r.k}; ${r.n}, ${r.p})`, binomialLogPmf(r.k, r.n, r.p), r.logpmf);
      // The pmf: relative error ≈ |log pmf| · 1e-16, so compare only where it is representable.
      if (r.pmf > 1e-300) t.check(`pmf(${r.k}; ${r.n}, ${r.p})`, binomialPmf(r.k, r.n, r.p), r.pmf);
    }
    expectClean(t);
  });
  it('cdf and upper tail P(X ≥ k), down to 1e-301', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.binomial.tails) {
      t.check(`cdf(${r.k}; ${r.n}, ${r.p})`, binomialCdf(r.k, r.n, r.p), r.cdf);
      t.check(`upper(${r.k}; ${r.n}, ${r.p})`, binomialUpperTail(r.k, r.n, r.p), r.upperTail);
    }
    expectClean(t);
  });
});

describe('chi-square vs scipy.stats.chi2', () => {
  it('sf', () => {
    const t = new ErrorTracker(REL);
    for (const r of fx.chiSquare.sf) t.check(`sf(${r.x}; ${r.df})`, chiSquareSf(r.x, r.df), r.sf);
    expectClean(t);
  });
});
