/**
 * gradedVarianceComponents against numpy on the per-answer scores (fixture
 * packages/core/fixtures/gradedVarianceComponents.json, script
 * fixtures/scripts/gradedVarianceComponents.py), 1e-12 relative; equal to
 * varianceComponents on 0/1 answers; bad input named.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { gradedVarianceComponents, varianceComponents } from './index.js';

interface Example {
  name: string;
  sums: number[];
  sumSquares: number[];
  asks: number[];
  meanScore: number;
  varianceOfMeans: number;
  withinVariance: number;
  betweenVarianceUnbiased: number;
}
const fx = loadFixture<{ examples: Example[] }>('gradedVarianceComponents');

describe('gradedVarianceComponents', () => {
  it.each(fx.examples.map((e) => [e.name, e] as const))('%s: against numpy', (_name, e) => {
    const t = new ErrorTracker(1e-12, 1e-15);
    const v = gradedVarianceComponents(e.sums, e.sumSquares, e.asks);
    t.check('meanScore', v.meanScore, e.meanScore);
    t.check('varianceOfMeans', v.varianceOfMeans, e.varianceOfMeans);
    t.check('withinVariance', v.withinVariance, e.withinVariance);
    t.check('betweenVarianceUnbiased', v.betweenVarianceUnbiased, e.betweenVarianceUnbiased);
    expect(t.failures).toEqual([]);
  });
  it('equals varianceComponents on 0/1 answers (Q_i = S_i)', () => {
    const e = fx.examples.find((x) => x.name.startsWith('0/1'))!;
    const a = gradedVarianceComponents(e.sums, e.sumSquares, e.asks);
    const b = varianceComponents(e.sums, e.asks);
    expect(Math.abs(a.betweenVarianceUnbiased - b.betweenVarianceUnbiased)).toBeLessThan(1e-15);
    expect(Math.abs(a.withinVariance - b.withinVariance)).toBeLessThan(1e-15);
  });
  it('names the argument', () => {
    expect(() => gradedVarianceComponents([1], [1], [2])).toThrow(/^sums:/);
    expect(() => gradedVarianceComponents([1, 1], [1, 1], [2, 1])).toThrow(/^asks: entry 1/);
    expect(() => gradedVarianceComponents([1, Number.NaN], [1, 1], [2, 2])).toThrow(/^sums: entry 1/);
    expect(() => gradedVarianceComponents([1, 1], [1, -1], [2, 2])).toThrow(/^sumSquares: entry 1/);
  });
});
