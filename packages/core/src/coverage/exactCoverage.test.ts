/**
 * Exact coverage against packages/core/fixtures/coverage.json (script
 * fixtures/scripts/coverage.py: statsmodels/scipy bounds + scipy.stats.binom.pmf) at
 * 1e-9 relative. (Seed 003's printed table is checked once, through the exact-coverage
 * study: studies/formula-studies.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { waldInterval } from '../intervals/index.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { exactCoverage, exactCoverageCurve } from './index.js';

interface Case {
  method: 'wald' | 'wilson' | 'betaPosterior' | 'clopperPearson' | 'agrestiCoull';
  n: number;
  p: number;
  level: number;
  coverage: number;
}

describe('against scipy (full precision)', () => {
  const { cases } = loadFixture<{ cases: Case[] }>('coverage');
  it('matches for five methods, n = 1..1000, two levels', () => {
    const t = new ErrorTracker(1e-9, 1e-12);
    for (const c of cases) {
      t.check(
        `${c.method} n=${c.n} p=${c.p} level=${c.level}`,
        exactCoverage(c.method, c.n, c.p, c.level),
        c.coverage,
      );
    }
    expect(t.failures).toEqual([]);
  });
  it('the curve form equals pointwise calls, and a custom function equals its name', () => {
    const ps = [0.01, 0.3, 0.5, 0.95];
    const curve = exactCoverageCurve('wilson', 30, ps, 0.9);
    ps.forEach((p, i) => {
      expect(curve[i]).toBe(exactCoverage('wilson', 30, p, 0.9));
    });
    expect(exactCoverage((k, n, level) => waldInterval(k, n, level), 100, 0.95)).toBe(
      exactCoverage('wald', 100, 0.95),
    );
  });
});

describe('conventions', () => {
  it('uses the closed interval: an interval equal to {p} covers p', () => {
    // [k/n, k/n] covers p = k/n only if the ends count.
    const point = (k: number, n: number) => ({ lower: k / n, upper: k / n });
    expect(exactCoverage(point, 4, 0.5)).toBeCloseTo(0.375, 15); // P(X = 2), X ~ Bin(4, ½)
  });
  it('is 1 for the trivial interval [0, 1] and 0 for an empty one', () => {
    expect(exactCoverage(() => ({ lower: 0, upper: 1 }), 50, 0.3)).toBeCloseTo(1, 14);
    expect(exactCoverage(() => ({ lower: 2, upper: 3 }), 50, 0.3)).toBe(0);
  });
  it('rejects bad arguments by name', () => {
    expect(() => exactCoverage('wilson', 10, 1.2)).toThrow(/^p:/);
    expect(() => exactCoverage('wilson', 0, 0.5)).toThrow(/^n:/);
    expect(() => exactCoverage('wilson', 10, 0.5, 0)).toThrow(/^level:/);
    expect(() => exactCoverage('nope' as never, 10, 0.5)).toThrow(/^method:/);
    expect(() => exactCoverage(() => ({ lower: Number.NaN, upper: 1 }), 10, 0.5)).toThrow(/^method:/);
    expect(() => exactCoverageCurve('wald', 10, [0.5, Number.NaN])).toThrow(/^ps\[1\]:/);
  });
});
