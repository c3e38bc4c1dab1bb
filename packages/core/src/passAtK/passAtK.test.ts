/**
 * The pass@k family against packages/core/fixtures/passAtK.json (script
 * fixtures/scripts/passAtK.py): brute-force enumeration of k-subsets in exact rationals
 * (1e-12 relative), the tools' own estimators transcribed from human-eval, inspect_ai,
 * tau-bench and tau2-bench, mpmath quadrature of the Beta-difficulty population values and the
 * design variance, scipy's beta-binomial ML fit, and a dense-grid beta-binomial posterior.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  betaBinomialPassAtKInterval,
  betaPassAtK,
  betaPassHatK,
  fitBetaBinomial,
  majorityAtK,
  nestedBetaPassAtK,
  passAtK,
  passAtKDesignVariance,
  passHatK,
  passPowerK,
  runToRunDifference,
} from './index.js';

interface Fixture {
  bruteForce: { n: number; c: number; k: number; passAtK: number; passHatK: number }[];
  majority: { sizes: number[]; passing: number[]; k: number; majority: number }[];
  tools: {
    n: number;
    c: number;
    k: number;
    humanEval: number;
    inspectPassAt: number;
    inspectPassK: number;
    tau2PassHatK: number;
  }[];
  tauBench: { trials: number; correct: number[]; passHatK: Record<string, number> };
  population: { a: number; b: number; k: number; passAtK: number; passHatK: number }[];
  designVariance: {
    a: number;
    b: number;
    n: number;
    k: number;
    estimand: 'passAtK' | 'passHatK';
    value: number;
    total: number;
    between: number;
  }[];
  fit: { correct: number[]; asks: number[]; a: number; b: number }[];
  nested: {
    mean: number;
    clusterConcentration: number;
    questionConcentration: number;
    k: number;
    estimand: 'passAtK' | 'passHatK';
    value: number;
  }[];
  posterior: {
    correct: number[];
    asks: number[];
    k: number;
    estimand: 'passAtK' | 'passHatK';
    lower: number;
    upper: number;
    mean: number;
  }[];
}
const fx = loadFixture<Fixture>('passAtK');

describe('pass@k and pass^k', () => {
  it('equal the brute-force enumeration of k-subsets to 1e-12 (n ≤ 12, every c and k)', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const r of fx.bruteForce) {
      t.check(`pass@${r.k} n=${r.n} c=${r.c}`, passAtK(r.n, r.c, r.k), r.passAtK);
      t.check(`pass^${r.k} n=${r.n} c=${r.c}`, passHatK(r.n, r.c, r.k), r.passHatK);
    }
    expect(fx.bruteForce.length).toBe(728);
    expect(t.failures).toEqual([]);
  });
  it("equal human-eval's, inspect_ai's and tau2-bench's estimators (transcribed from their source)", () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const r of fx.tools) {
      t.check(`human-eval n=${r.n} c=${r.c} k=${r.k}`, passAtK(r.n, r.c, r.k), r.humanEval);
      t.check(`inspect pass_at n=${r.n} c=${r.c} k=${r.k}`, passAtK(r.n, r.c, r.k), r.inspectPassAt);
      t.check(`inspect pass_k n=${r.n} c=${r.c} k=${r.k}`, passHatK(r.n, r.c, r.k), r.inspectPassK);
      t.check(`tau2 pass_hat_k n=${r.n} c=${r.c} k=${r.k}`, passHatK(r.n, r.c, r.k), r.tau2PassHatK);
    }
    expect(t.failures).toEqual([]);
  });
  it("average to tau-bench's display_metrics pass^k over its tasks", () => {
    const { trials, correct, passHatK: expected } = fx.tauBench;
    const t = new ErrorTracker(1e-13);
    for (const [k, value] of Object.entries(expected)) {
      const mean = correct.reduce((s, c) => s + passHatK(trials, c, Number(k)), 0) / correct.length;
      t.check(`pass^${k}`, mean, value);
    }
    expect(t.failures).toEqual([]);
  });
  it('keep their relative accuracy in the far tails (c = 1, large n)', () => {
    expect(passAtK(10_000, 1, 1)).toBeCloseTo(1e-4, 18);
    expect(Math.abs(passAtK(10_000, 1, 3) / 3e-4 - 1)).toBeLessThan(1e-12);
    expect(passHatK(10_000, 9_999, 1)).toBeCloseTo(0.9999, 15);
    expect(passAtK(5, 0, 5)).toBe(0);
    expect(passAtK(5, 1, 5)).toBe(1);
    expect(passHatK(5, 4, 5)).toBe(0);
    expect(passHatK(5, 5, 5)).toBe(1);
  });
  it('the plug-in (c/n)^k differs from the unbiased pass^k and is defined for k > n', () => {
    expect(passPowerK(10, 5, 2)).toBe(0.25);
    expect(passHatK(10, 5, 2)).toBeCloseTo((5 * 4) / (10 * 9), 15);
    expect(passPowerK(2, 1, 5)).toBe(1 / 32);
  });
  it('refuse bad counts, naming the argument', () => {
    expect(() => passAtK(4, 5, 1)).toThrow(/^c: must be ≤ n \(4\)/);
    expect(() => passAtK(4, 2, 5)).toThrow(/^k: pass@k needs k ≤ n samples; got k = 5 with n = 4/);
    expect(() => passHatK(4, 2, 0)).toThrow(/^k: must be an integer ≥ 1/);
    expect(() => passAtK(2.5, 1, 1)).toThrow(/^n:/);
  });
});

describe('maj@k', () => {
  it('equals the brute-force plurality vote over every k-subset (ties split)', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const r of fx.majority) {
      t.check(`${r.sizes}|${r.passing} k=${r.k}`, majorityAtK(r.sizes, r.passing, r.k), r.majority);
    }
    expect(t.failures).toEqual([]);
  });
  it('is pass@1 at k = 1 and refuses k > n', () => {
    expect(majorityAtK([3, 2, 5], [0, 1, 0], 1)).toBeCloseTo(0.2, 15);
    expect(() => majorityAtK([1, 1], [1, 0], 3)).toThrow(/^k: maj@k needs k ≤ n/);
    expect(() => majorityAtK([1, 1], [1, 2], 1)).toThrow(/^passing: entry 1/);
  });
});

describe('population values under Beta difficulty', () => {
  it('equal mpmath quadrature of E[1 − (1 − p)^k] and E[p^k]', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const r of fx.population) {
      t.check(`pass@${r.k} Beta(${r.a}, ${r.b})`, betaPassAtK(r.a, r.b, r.k), r.passAtK);
      t.check(`pass^${r.k} Beta(${r.a}, ${r.b})`, betaPassHatK(r.a, r.b, r.k), r.passHatK);
    }
    expect(t.failures).toEqual([]);
  });
  it('the clustered (two-level beta) values equal a double mpmath quadrature', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    for (const r of fx.nested) {
      const v = nestedBetaPassAtK(r.mean, r.clusterConcentration, r.questionConcentration, r.k, r.estimand);
      t.check(
        `${r.estimand} k=${r.k} μ=${r.mean} κc=${r.clusterConcentration} κq=${r.questionConcentration}`,
        v,
        r.value,
      );
    }
    expect(t.failures).toEqual([]);
  });
  it('the design variance equals quadrature over p, and reduces to Miller at k = 1', () => {
    const t = new ErrorTracker(1e-10, 1e-14);
    for (const r of fx.designVariance) {
      const v = passAtKDesignVariance(r.a, r.b, r.n, r.k, r.estimand);
      const label = `${r.estimand} k=${r.k} n=${r.n} Beta(${r.a}, ${r.b})`;
      t.check(`${label} value`, v.value, r.value);
      t.check(`${label} total`, v.total, r.total);
      t.check(`${label} between`, v.between, r.between);
    }
    expect(t.failures).toEqual([]);
    // k = 1: total = σ_x² + σ_ε²/n with σ_x² = μ(1−μ)/(d+1), σ_ε² = μ(1−μ)d/(d+1).
    const a = 2;
    const b = 3;
    const mu = a / (a + b);
    const d = a + b;
    const v = passAtKDesignVariance(a, b, 7, 1);
    expect(v.total).toBeCloseTo((mu * (1 - mu)) / (d + 1) + (mu * (1 - mu) * d) / (d + 1) / 7, 14);
  });
});

describe('beta-binomial fit and posterior', () => {
  it('the fit equals scipy betabinom maximum likelihood', () => {
    const t = new ErrorTracker(2e-4);
    for (const [i, r] of fx.fit.entries()) {
      const f = fitBetaBinomial(r.correct, r.asks);
      t.check(`case ${i} a`, f.a, r.a);
      t.check(`case ${i} b`, f.b, r.b);
    }
    expect(t.failures).toEqual([]);
  });
  it('the posterior interval is within 1.5e-3 of a dense 3000 × 1500 grid at G = 24, 1e-4 at G = 96', () => {
    for (const r of fx.posterior) {
      const iv = betaBinomialPassAtKInterval(r.correct, r.asks, r.k, { estimand: r.estimand });
      expect(Math.abs(iv.lower - r.lower)).toBeLessThan(1.5e-3);
      expect(Math.abs(iv.upper - r.upper)).toBeLessThan(1.5e-3);
      expect(Math.abs(iv.estimate - r.mean)).toBeLessThan(1.5e-3);
      expect(iv.degenerate).toBe(false);
      const fine = betaBinomialPassAtKInterval(r.correct, r.asks, r.k, { estimand: r.estimand, grid: 96 });
      expect(Math.abs(fine.lower - r.lower)).toBeLessThan(1e-4);
      expect(Math.abs(fine.upper - r.upper)).toBeLessThan(1e-4);
      expect(Math.abs(fine.estimate - r.mean)).toBeLessThan(1e-4);
    }
  });
});

describe('run-to-run difference', () => {
  it('is z·√(2 Σ s²)/Q', () => {
    const r = runToRunDifference(12.5, 500);
    expect(r.sd).toBeCloseTo(Math.sqrt(25) / 500, 15);
    expect(r.bound).toBeCloseTo(1.959963984540054 * 0.01, 12);
    expect(() => runToRunDifference(-1, 5)).toThrow(/^withinSum/);
  });
});
