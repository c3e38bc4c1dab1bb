/**
 * Scores with K answers per question: against numpy on per-answer data (fixture
 * packages/core/fixtures/repeated.json, script fixtures/scripts/repeated.py, 1e-12
 * relative), seed 000's printed table, and Miller's uniform example as closed forms.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { TestRng } from '../test-utils/testRng.js';
import { meanStandardError, perQuestionMeans, varianceComponents } from './index.js';

interface Example {
  name: string;
  correct: number[];
  asks: number[];
  means: number[];
  varianceOfMeans: number;
  withinVariance: number;
  betweenVarianceUnbiased: number;
  meanScore: number;
}
interface Seed {
  questions: number;
  K: number;
  alwaysRight: number;
  alwaysWrong: number;
  changedSplit: [number, number, number, number];
  maxPlugInShareOverAllSplits: number;
}
const fx = loadFixture<{ examples: Example[]; seed000: Seed }>('repeated');

describe('against numpy on per-answer data', () => {
  it.each(fx.examples.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    const t = new ErrorTracker(1e-12, 1e-15);
    const correct = Int32Array.from(e.correct);
    const asks = Int32Array.from(e.asks);
    perQuestionMeans(correct, asks).forEach((m, i) => {
      t.check(`mean ${i}`, m, e.means[i]);
    });
    const v = varianceComponents(correct, asks);
    t.check('varianceOfMeans', v.varianceOfMeans, e.varianceOfMeans);
    t.check('withinVariance', v.withinVariance, e.withinVariance);
    t.check('betweenVarianceUnbiased', v.betweenVarianceUnbiased, e.betweenVarianceUnbiased);
    t.check('meanScore', v.meanScore, e.meanScore);
    expect(t.failures).toEqual([]);
  });
});

describe("seed 000's Haiku table (K = 5, 1,140 questions)", () => {
  const s = fx.seed000;
  const correct = new Int32Array(s.questions);
  let i = 0;
  for (let q = 0; q < s.alwaysRight; q++) correct[i++] = 5;
  for (let q = 0; q < s.alwaysWrong; q++) correct[i++] = 0;
  s.changedSplit.forEach((count, j) => {
    for (let q = 0; q < count; q++) correct[i++] = j + 1;
  });
  const asks = new Int32Array(s.questions).fill(s.K);
  it('a split of the 48 changing questions consistent with the seed prints its numbers', () => {
    expect(i).toBe(1140);
    const v = varianceComponents(correct, asks);
    expect(v.betweenVariance.toFixed(3)).toBe('0.149');
    expect(v.withinVariance.toFixed(3)).toBe('0.010');
    expect((100 * v.samplingShare).toFixed(1)).toBe('6.4');
    const se = (K: number) =>
      (
        100 *
        meanStandardError({
          betweenVariance: v.betweenVariance,
          withinVariance: v.withinVariance,
          n: 1140,
          K,
        })
      ).toFixed(2);
    expect(se(1)).toBe('1.18');
    expect(se(5)).toBe('1.15');
  });
  it('the plug-in m(1 − m) within-variance could not print 6.4% (numpy search over all splits)', () => {
    expect((100 * s.maxPlugInShareOverAllSplits).toFixed(1)).toBe('6.3');
  });
});

describe("Miller's uniform example: p_i ~ U(0, 1), one 0/1 answer per draw", () => {
  // Var(x) = Var(U) = 1/12; E[σ²] = E[p(1 − p)] = 1/2 − 1/3 = 1/6; Var(s̄)·n = 1/12 + (1/6)/K.
  const between = 1 / 12;
  const within = 1 / 6;
  const v = (K: number) =>
    meanStandardError({ betweenVariance: between, withinVariance: within, n: 1, K }) ** 2;
  it('K = 1 gives 1/4 (the Bernoulli(½) variance), K = 2 cuts it by a third, K = 4 by half', () => {
    expect(v(1)).toBeCloseTo(1 / 4, 15);
    expect(1 - v(2) / v(1)).toBeCloseTo(1 / 3, 15);
    expect(1 - v(4) / v(1)).toBeCloseTo(1 / 2, 15);
  });
  it('K → ∞ floors at 1/12 (a two-thirds cut); temperature zero (round p) gives 1/4 with no sampling noise', () => {
    expect(v(Number.POSITIVE_INFINITY)).toBeCloseTo(1 / 12, 15);
    expect(1 - v(Number.POSITIVE_INFINITY) / v(1)).toBeCloseTo(2 / 3, 15);
    // round(p) ~ Bernoulli(½): Var(x) = 1/4, σ² = 0 for every question.
    const t0 = meanStandardError({ betweenVariance: 1 / 4, withinVariance: 0, n: 1, K: 1 }) ** 2;
    expect(t0).toBe(1 / 4);
    expect(t0 / v(Number.POSITIVE_INFINITY)).toBeCloseTo(3, 14); // "tripling the irreducible variance"
  });
  it('varianceComponents recovers 1/12 and 1/6 from simulated answers (within 4 MCSE)', () => {
    const rng = new TestRng(2024);
    const n = 20_000;
    const K = 4;
    const correct = new Int32Array(n);
    const asks = new Int32Array(n).fill(K);
    for (let q = 0; q < n; q++) correct[q] = rng.binomial(K, rng.uniform());
    const c = varianceComponents(correct, asks);
    // MCSE of the mean of s²_i ≈ sd(s²)/√n, sd(s²) ≤ 0.16 for K = 4; of Var(x) ≈ sd((m − m̄)²)/√n ≤ 0.13/√n
    // plus the within term / K. Use 0.2/√n for both.
    const mcse = 0.2 / Math.sqrt(n);
    expect(Math.abs(c.withinVariance - 1 / 6)).toBeLessThan(4 * mcse);
    expect(Math.abs(c.betweenVariance - 1 / 12)).toBeLessThan(4 * mcse);
  });
});

describe('edge cases and bad input', () => {
  it('flags a negative between-variance estimate instead of returning it silently', () => {
    // Every question 1 of 2: means identical, so Var(means) = 0 and the estimate is −E[σ²]/K.
    const v = varianceComponents([1, 1, 1], [2, 2, 2]);
    expect(v.betweenVarianceUnbiased).toBeCloseTo(-0.25, 15);
    expect(v.betweenVariance).toBe(0);
    expect(v.betweenTruncated).toBe(true);
  });
  it('names the argument', () => {
    expect(() => perQuestionMeans([1, 2], [2])).toThrow(/^asks:/);
    expect(() => perQuestionMeans([3], [2])).toThrow(/^correct:/);
    expect(() => perQuestionMeans([1], [0])).toThrow(/^asks:/);
    expect(() => varianceComponents([1, 1], [1, 2])).toThrow(/^asks:/);
    expect(() => varianceComponents([1], [2])).toThrow(/^correct:/);
    expect(() => meanStandardError({ betweenVariance: -1, withinVariance: 0, n: 1, K: 1 })).toThrow(
      /^betweenVariance:/,
    );
    expect(() => meanStandardError({ betweenVariance: 0, withinVariance: 0, n: 0, K: 1 })).toThrow(/^n:/);
    expect(() => meanStandardError({ betweenVariance: 0, withinVariance: 0, n: 1, K: 0.5 })).toThrow(/^K:/);
  });
});
