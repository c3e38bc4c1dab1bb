/**
 * Independent-difference intervals against (1) packages/core/fixtures/differenceIntervals.json
 * (mpmath at 40 digits; Miettinen–Nurminen's limits by bisection with the constrained MLE
 * maximising the likelihood by bisection on its score equation, not statsmodels) at 1e-9
 * relative; (2) Fagerland, Lydersen & Laake's printed values (4 decimals); (3) edge cases.
 */
import { describe, expect, it } from 'vitest';
import { normalCritical } from '../distributions/index.js';
import { createMarkedBounds } from '../intervals/markedBounds.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  agrestiCaffoBounds,
  agrestiCaffoInterval,
  miettinenNurminenBounds,
  miettinenNurminenInterval,
  newcombeHybridBounds,
  newcombeHybridInterval,
} from './index.js';
import { miettinenNurminenConstrainedP2 } from './miettinenNurminen.js';

type Pair = [number, number];
interface Case {
  x1: number;
  n1: number;
  x2: number;
  n2: number;
  level: number;
  agrestiCaffo: Pair;
  newcombeHybrid: Pair;
  miettinenNurminen: Pair;
}
const { twoSample: cases } = loadFixture<{ twoSample: Case[] }>('differenceIntervals');
const METHODS = {
  agrestiCaffo: [agrestiCaffoInterval, agrestiCaffoBounds],
  newcombeHybrid: [newcombeHybridInterval, newcombeHybridBounds],
  miettinenNurminen: [miettinenNurminenInterval, miettinenNurminenBounds],
} as const;

describe('against the mpmath reference (1e-9 relative)', () => {
  it.each(Object.keys(METHODS) as (keyof typeof METHODS)[])('%s', (method) => {
    const [interval, bounds] = METHODS[method];
    const t = new ErrorTracker(1e-9, 1e-12);
    const out = createMarkedBounds();
    for (const c of cases) {
      const got = interval(c.x1, c.n1, c.x2, c.n2, c.level);
      const label = `${method} ${c.x1}/${c.n1} − ${c.x2}/${c.n2} level ${c.level}`;
      t.check(`${label} lower`, got.lower, c[method][0]);
      t.check(`${label} upper`, got.upper, c[method][1]);
      bounds(c.x1, c.n1, c.x2, c.n2, normalCritical(c.level), out);
      expect([out.lower, out.upper]).toEqual([got.lower, got.upper]);
    }
    expect(t.failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
  });
  it('the constrained MLE maximises the likelihood (score = 0 inside, pointing outward on the boundary)', () => {
    for (const [x1, n1, x2, n2] of [
      [7, 34, 1, 34],
      [0, 16, 15, 72],
      [3, 5, 2, 9],
    ]) {
      for (const d0 of [-0.6, -0.1, 0.05, 0.3, 0.7]) {
        const p2 = miettinenNurminenConstrainedP2(d0, x1, n1, x2, n2);
        const p1 = p2 + d0;
        const term = (count: number, p: number) => (count === 0 ? 0 : count / p);
        const parts = [term(x1, p1), -term(n1 - x1, 1 - p1), term(x2, p2), -term(n2 - x2, 1 - p2)];
        const score = parts.reduce((s, x) => s + x, 0);
        const scale = parts.reduce((s, x) => s + Math.abs(x), 0);
        if (p1 > 0 && p2 > 0 && p1 < 1 && p2 < 1) expect(Math.abs(score) / scale).toBeLessThan(1e-13);
        // On the boundary p₂ = max(0, −Δ₀) the likelihood must be decreasing into the interior.
        else expect(p2 === Math.max(0, -d0) && score <= 0).toBe(true);
      }
    }
  });
});

// contingencytables 3.0.0 tests/testthat/test-ch4.R and the brief's 7/34 vs 1/34 (95%).
describe('published values (Fagerland, Lydersen & Laake; 4 decimals)', () => {
  it.each([
    [
      'Miettinen–Nurminen, Perondi 2004 (7/34 vs 1/34)',
      miettinenNurminenInterval(7, 34, 1, 34),
      [0.027, 0.3453],
    ],
    ['Newcombe hybrid, Perondi 2004', newcombeHybridInterval(7, 34, 1, 34), [0.0189, 0.3404]],
    ['Agresti–Caffo, Perondi 2004', agrestiCaffoInterval(7, 34, 1, 34), [0.0116, 0.3217]],
    [
      'Miettinen–Nurminen, Ritland 2007 (0/16 vs 15/72)',
      miettinenNurminenInterval(0, 16, 15, 72),
      [-0.3164, -0.0056],
    ],
  ] as const)('%s', (_label, i, [lo, hi]) => {
    expect(i.lower.toFixed(4)).toBe(lo.toFixed(4));
    expect(i.upper.toFixed(4)).toBe(hi.toFixed(4));
  });
});

describe('edge cases', () => {
  it('all-zero, all-one and single-item samples give finite ordered limits', () => {
    for (const [x1, n1, x2, n2] of [
      [0, 10, 0, 10],
      [10, 10, 10, 10],
      [10, 10, 0, 10],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
    ]) {
      for (const m of Object.values(METHODS)) {
        const i = m[0](x1, n1, x2, n2);
        expect(Number.isFinite(i.lower) && Number.isFinite(i.upper)).toBe(true);
        expect(i.lower).toBeLessThanOrEqual(i.upper);
        expect(i.degenerate).toBe(false);
      }
    }
    // 10/10 vs 0/10: the MN upper limit is exactly 1, the lower limit below 1.
    const mn = miettinenNurminenInterval(10, 10, 0, 10);
    expect(mn.upper).toBe(1);
    expect(mn.lower).toBeLessThan(1);
  });
  it('rejects bad input by name', () => {
    expect(() => miettinenNurminenInterval(5, 4, 1, 4)).toThrow(/^x1:/);
    expect(() => agrestiCaffoInterval(1, 4, 1, 0)).toThrow(/^n2:/);
    expect(() => newcombeHybridInterval(1, 4, -1, 4)).toThrow(/^x2:/);
    expect(() => newcombeHybridInterval(1, 4, 1, 4, 1.5)).toThrow(/^level:/);
  });
});
