/**
 * Bootstrap endpoints from given replicates against R boot 1.3-28's boot.ci fed exactly the
 * same replicates (packages/core/fixtures/bootstrapEndpoints.json, script
 * fixtures/scripts/bootstrapEndpoints.R: a hand-built boot object, BCa's acceleration from
 * L = (n − 1)(mean(jack) − jack)), at 1e-9 relative; plus the quantile rule and edge cases.
 */
import { describe, expect, it } from 'vitest';
import { createMarkedBounds } from '../intervals/markedBounds.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  bootQuantile,
  bootstrapBasicInterval,
  bootstrapBcaBounds,
  bootstrapBcaInterval,
  bootstrapPercentileInterval,
  bootstrapStudentizedInterval,
  jackknifeAcceleration,
} from './index.js';

interface Case {
  name: string;
  level: number;
  t0: number;
  var0: number;
  t: string[];
  vart: string[];
  jack: string[];
  percentile: string[];
  basic: string[];
  bca: string[];
  studentized: string[];
}
const { cases } = loadFixture<{ cases: Case[] }>('bootstrapEndpoints');
const nums = (xs: string[]) => xs.map(Number);

describe('against R boot.ci on the same replicates (1e-9 relative)', () => {
  it('percentile, basic, studentized and BCa for 15 cases (R = 19..1000, ties, 3 levels)', () => {
    const tr = new ErrorTracker(1e-9, 1e-13);
    for (const c of cases) {
      const t = nums(c.t);
      const label = `${c.name} level ${c.level}`;
      const check = (kind: string, got: { lower: number; upper: number }, ref: string[]) => {
        tr.check(`${label} ${kind} lower`, got.lower, Number(ref[0]));
        tr.check(`${label} ${kind} upper`, got.upper, Number(ref[1]));
      };
      check('percentile', bootstrapPercentileInterval(c.t0, t, c.level), c.percentile);
      check('basic', bootstrapBasicInterval(c.t0, t, c.level), c.basic);
      check('bca', bootstrapBcaInterval(c.t0, t, nums(c.jack), c.level), c.bca);
      const ses = nums(c.vart).map(Math.sqrt);
      check(
        'studentized',
        bootstrapStudentizedInterval(c.t0, Math.sqrt(c.var0), t, ses, c.level),
        c.studentized,
      );
    }
    expect(tr.failures).toEqual([]);
    expect(cases.length).toBe(15);
  });
});

describe('quantile rule (boot norm.inter)', () => {
  const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  it('returns an order statistic when (R + 1)α is an integer, the extremes when k = 0 or R', () => {
    expect(bootQuantile(sorted, 9, 0.1)).toBe(1);
    expect(bootQuantile(sorted, 9, 0.5)).toBe(5);
    expect(bootQuantile(sorted, 9, 0.05)).toBe(1);
    expect(bootQuantile(sorted, 9, 0.99)).toBe(9);
  });
  it('interpolates on the normal-quantile scale between neighbours', () => {
    const q = bootQuantile(sorted, 9, 0.25);
    expect(q).toBeGreaterThan(2);
    expect(q).toBeLessThan(3);
    expect(q).not.toBeCloseTo(2.5, 3);
  });
});

describe('edge cases', () => {
  it('equal replicates give a point interval marked degenerate', () => {
    const t = new Float64Array(50).fill(0.4);
    expect(bootstrapPercentileInterval(0.4, t)).toMatchObject({ lower: 0.4, upper: 0.4, degenerate: true });
    expect(bootstrapBasicInterval(0.4, t)).toMatchObject({ lower: 0.4, upper: 0.4, degenerate: true });
  });
  it('BCa with no replicate below t0 or constant jackknife is marked and falls back to the percentile interval', () => {
    const t = Float64Array.from({ length: 99 }, (_, i) => 1 + i / 100);
    const bca = bootstrapBcaInterval(0.5, t, [1, 2, 3]);
    const perc = bootstrapPercentileInterval(0.5, t);
    expect(bca.degenerate).toBe(true);
    expect([bca.lower, bca.upper]).toEqual([perc.lower, perc.upper]);
    expect(Number.isNaN(jackknifeAcceleration([2, 2, 2]))).toBe(true);
    const out = createMarkedBounds();
    bootstrapBcaBounds(1.5, t, 99, Number.NaN, 0.95, out);
    expect(out.degenerate).toBe(true);
  });
  it('studentized: se* = 0 replicates are dropped, se0 = 0 gives a degenerate point', () => {
    const t = [0.1, 0.2, 0.3, 0.4, 0.5];
    const withZero = bootstrapStudentizedInterval(0.3, 0.1, [...t, 0.9], [0.1, 0.1, 0.1, 0.1, 0.1, 0]);
    const without = bootstrapStudentizedInterval(0.3, 0.1, t, [0.1, 0.1, 0.1, 0.1, 0.1]);
    expect([withZero.lower, withZero.upper]).toEqual([without.lower, without.upper]);
    expect(bootstrapStudentizedInterval(0.3, 0, t, [0.1, 0.1, 0.1, 0.1, 0.1])).toMatchObject({
      lower: 0.3,
      upper: 0.3,
      degenerate: true,
    });
  });
  it('rejects bad input by name', () => {
    expect(() => bootstrapPercentileInterval(0.3, [0.1])).toThrow(/^replicates:/);
    expect(() => bootstrapBasicInterval(Number.NaN, [0.1, 0.2])).toThrow(/^t0:/);
    expect(() => bootstrapBasicInterval(0.1, [0.1, Number.NaN])).toThrow(/^replicates:/);
    expect(() => bootstrapBcaInterval(0.1, [0.1, 0.2], [1])).toThrow(/^jackknife:/);
    expect(() => bootstrapStudentizedInterval(0.1, 0.1, [0.1, 0.2], [0.1])).toThrow(/^ses:/);
    expect(() => bootstrapStudentizedInterval(0.1, -1, [0.1, 0.2], [0.1, 0.1])).toThrow(/^se0:/);
    expect(() => bootstrapStudentizedInterval(0.1, 1, [0.1, 0.2, 0.3], [0.1, -0.1, 1])).toThrow(/^ses\[1\]:/);
    expect(() => bootstrapPercentileInterval(0.1, [0.1, 0.2], 0)).toThrow(/^level:/);
  });
});
