/**
 * Bowyer et al.'s hierarchical beta-binomial interval against
 * packages/core/fixtures/hierarchicalBetaBinomial.json (script
 * fixtures/scripts/hierarchicalBetaBinomial.py): (1) scipy QUADPACK nested quadrature of
 * the same posterior at 1e-9 relative (the quadrature's own tolerance is 1e-12); (2) the
 * authors' importance sampler (6.4 million draws in 32 batches, batch standard errors) within 4 Monte
 * Carlo SEs (false-alarm rate ~6e-5 per check); (3) a closed form.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { hierarchicalBetaBinomialInterval } from './index.js';

interface Case {
  successes: number[];
  trials: number[];
  level: number;
  quadrature: [number, number];
  importance?: [number, number];
  importanceSe?: [number, number];
}
const { cases } = loadFixture<{ cases: Case[] }>('hierarchicalBetaBinomial');
const results = cases.map((c) => hierarchicalBetaBinomialInterval(c.successes, c.trials, c.level));

describe('against references', () => {
  it('matches nested adaptive quadrature (1e-9 relative) for 8 data sets at 2 levels', () => {
    const t = new ErrorTracker(1e-9, 1e-12);
    cases.forEach((c, i) => {
      const label = `k=${c.successes.slice(0, 6)} level ${c.level}`;
      t.check(`${label} lower`, results[i].lower, c.quadrature[0]);
      t.check(`${label} upper`, results[i].upper, c.quadrature[1]);
    });
    expect(t.failures).toEqual([]);
    expect(cases.length).toBe(16);
  });
  it("agrees with the authors' importance sampler within 4 Monte Carlo SEs", () => {
    let checked = 0;
    cases.forEach((c, i) => {
      if (!c.importance || !c.importanceSe) return;
      for (const j of [0, 1]) {
        const got = j === 0 ? results[i].lower : results[i].upper;
        expect(Math.abs(got - c.importance[j])).toBeLessThanOrEqual(4 * c.importanceSe[j]);
        checked++;
      }
    });
    expect(checked).toBe(16);
  });
  it('one cluster with 0 of 1 correct: the posterior is Beta(1, 2) (d drops out)', () => {
    const i = hierarchicalBetaBinomialInterval([0], [1], 0.95);
    expect(i.lower).toBeCloseTo(1 - Math.sqrt(0.975), 13);
    expect(i.upper).toBeCloseTo(1 - Math.sqrt(0.025), 13);
  });
});

describe('behaviour', () => {
  it('is wider than the pooled Beta posterior when clusters disagree, and contains the pooled rate', () => {
    const k = [1, 9, 2, 8, 1, 9];
    const n = [10, 10, 10, 10, 10, 10];
    const i = hierarchicalBetaBinomialInterval(k, n);
    expect(i.estimate).toBe(0.5);
    expect(i.lower).toBeLessThan(0.5);
    expect(i.upper).toBeGreaterThan(0.5);
    // Beta(31, 31) pooled 95% width is ≈ 0.245
    expect(i.upper - i.lower).toBeGreaterThan(0.3);
    expect(i.degenerate).toBe(false);
  });
  it('rejects bad input by name', () => {
    expect(() => hierarchicalBetaBinomialInterval([], [])).toThrow(/^successes:/);
    expect(() => hierarchicalBetaBinomialInterval([1, 2], [3])).toThrow(/^trials:/);
    expect(() => hierarchicalBetaBinomialInterval([4], [3])).toThrow(/^successes\[0\]:/);
    expect(() => hierarchicalBetaBinomialInterval([1], [0])).toThrow(/^trials\[0\]:/);
    expect(() => hierarchicalBetaBinomialInterval([1], [3], 1)).toThrow(/^level:/);
  });
});
