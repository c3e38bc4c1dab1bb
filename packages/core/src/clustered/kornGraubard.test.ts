/**
 * Korn–Graubard intervals against packages/core/fixtures/kornGraubard.json (script
 * fixtures/scripts/kornGraubard.py: mpmath at 40 digits from Korn & Graubard 1998 as
 * implemented in R survey 4.5's svyciprop; survey itself is not installed here) at 1e-9
 * relative, including survey's own Wilson formula for the 'normal' adjustment.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  type KornGraubardAdjustment,
  kornGraubardClopperPearsonInterval,
  kornGraubardDfFactor,
  kornGraubardEffectiveSize,
  kornGraubardWilsonInterval,
} from './index.js';

type Pair = [number, number];
interface Variant {
  effectiveN: number;
  clopperPearson: Pair;
  wilson: Pair;
}
interface Case {
  p: number;
  n: number;
  variance: number;
  df: number;
  level: number;
  degenerate: boolean;
  kornGraubard: Variant;
  normal: Variant;
  surveyWilson: Pair;
}
const { cases } = loadFixture<{ cases: Case[] }>('kornGraubard');

describe('against the mpmath reference (1e-9 relative)', () => {
  it.each(['kornGraubard', 'normal'] as KornGraubardAdjustment[])('adjustment %s', (adjustment) => {
    const t = new ErrorTracker(1e-9, 1e-13);
    for (const c of cases) {
      const label = `${adjustment} p=${c.p} n=${c.n} v=${c.variance} df=${c.df} level=${c.level}`;
      const ref = c[adjustment];
      const factor = kornGraubardDfFactor(c.n, c.df, c.level, adjustment);
      const size = kornGraubardEffectiveSize(c.p, c.n, c.variance, factor, {
        effectiveN: 0,
        degenerate: false,
      });
      t.check(`${label} n*_df`, size.effectiveN, ref.effectiveN);
      expect(size.degenerate).toBe(c.degenerate);
      const options = { level: c.level, adjustment };
      const cp = kornGraubardClopperPearsonInterval(c.p, c.n, c.variance, c.df, options);
      const w = kornGraubardWilsonInterval(c.p, c.n, c.variance, c.df, options);
      t.check(`${label} CP lower`, cp.lower, ref.clopperPearson[0]);
      t.check(`${label} CP upper`, cp.upper, ref.clopperPearson[1]);
      t.check(`${label} Wilson lower`, w.lower, ref.wilson[0]);
      t.check(`${label} Wilson upper`, w.upper, ref.wilson[1]);
      expect(cp.degenerate).toBe(c.degenerate);
      expect(w.degenerate).toBe(c.degenerate);
      if (adjustment === 'normal' && !c.degenerate) {
        t.check(`${label} survey wilson lower`, w.lower, c.surveyWilson[0]);
        t.check(`${label} survey wilson upper`, w.upper, c.surveyWilson[1]);
      }
    }
    expect(t.failures).toEqual([]);
  });
});

describe('behaviour', () => {
  it('the df factor shrinks n* more with fewer clusters, and is 1 when df = n − 1', () => {
    const few = kornGraubardDfFactor(1000, 4);
    const many = kornGraubardDfFactor(1000, 200);
    expect(few).toBeLessThan(many);
    expect(many).toBeLessThan(1);
    expect(kornGraubardDfFactor(30, 29)).toBeCloseTo(1, 14);
  });
  it('with design effect 1 and many clusters the intervals approach the plain binomial ones', () => {
    const p = 0.3;
    const n = 2000;
    const w = kornGraubardWilsonInterval(p, n, (p * (1 - p)) / n, n - 1);
    const z = 1.959963984540054;
    const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
    expect((w.lower + w.upper) / 2).toBeCloseTo(centre, 12);
  });
  it('p̂ = 0 and p̂ = 1 give one-sided intervals marked degenerate', () => {
    expect(kornGraubardClopperPearsonInterval(0, 100, 0, 9)).toMatchObject({ lower: 0, degenerate: true });
    expect(kornGraubardClopperPearsonInterval(1, 100, 0, 9)).toMatchObject({ upper: 1, degenerate: true });
  });
  it('rejects bad input by name', () => {
    expect(() => kornGraubardWilsonInterval(1.2, 100, 0.01, 9)).toThrow(/^p:/);
    expect(() => kornGraubardWilsonInterval(0.2, 1, 0.01, 9)).toThrow(/^n:/);
    expect(() => kornGraubardWilsonInterval(0.2, 100, -0.01, 9)).toThrow(/^variance:/);
    expect(() => kornGraubardWilsonInterval(0.2, 100, Number.NaN, 9)).toThrow(/^variance:/);
    expect(() => kornGraubardWilsonInterval(0.2, 100, 0.01, 0)).toThrow(/^df:/);
    expect(() => kornGraubardWilsonInterval(0.2, 100, 0.01, 9, { level: 1 })).toThrow(/^level:/);
    expect(() => kornGraubardWilsonInterval(0.2, 100, 0.01, 9, { adjustment: 'x' as never })).toThrow(
      /^adjustment:/,
    );
  });
});
