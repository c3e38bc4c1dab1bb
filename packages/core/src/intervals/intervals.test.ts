/**
 * Proportion intervals against packages/core/fixtures/intervals.json (script
 * fixtures/scripts/intervals.py): statsmodels 0.13 proportion_confint, scipy.stats.beta
 * and R prop.test(correct = TRUE), on a grid of (k, n) with n from 1 to 100,000
 * (k = 0, 1, 2, n/3, n/2, n − 2, n − 1, n) at levels 0.8, 0.9, 0.95, 0.99.
 * Tolerance 1e-9 relative, 1e-12 absolute (the absolute one only matters near 0).
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import { InputError } from '../validate.js';
import {
  agrestiCoullInterval,
  type Bounds,
  betaPosteriorInterval,
  clopperPearsonInterval,
  isProportionIntervalMethod,
  jeffreysInterval,
  proportionBoundsFor,
  proportionIntervalMethodNames,
  proportionIntervalMethods,
  waldInterval,
  wilsonCCInterval,
  wilsonInterval,
} from './index.js';

type Pair = [number, number];
interface Case {
  k: number;
  n: number;
  level: number;
  wald: Pair;
  waldRaw: Pair;
  wilson: Pair;
  wilsonCC: Pair;
  agrestiCoull: Pair;
  agrestiCoullRaw: Pair;
  clopperPearson: Pair;
  jeffreysStatsmodels: Pair;
  betaPosterior: { a: number; b: number; lower: number; upper: number }[];
}
const { cases } = loadFixture<{ cases: Case[] }>('intervals');
const REL = 1e-9;
const ABS = 1e-12;
const clip = (x: number) => Math.min(1, Math.max(0, x));

function checkAll(
  name: string,
  build: (c: Case) => { lower: number; upper: number },
  ref: (c: Case) => Pair,
) {
  const t = new ErrorTracker(REL, ABS);
  for (const c of cases) {
    const got = build(c);
    const [lo, hi] = ref(c);
    t.check(`${name} lower k=${c.k} n=${c.n} level=${c.level}`, got.lower, lo);
    t.check(`${name} upper k=${c.k} n=${c.n} level=${c.level}`, got.upper, hi);
  }
  expect(t.failures).toEqual([]);
  return t;
}

describe('reference grid', () => {
  it('has the edge cases the brief asks for', () => {
    const ns = new Set(cases.map((c) => c.n));
    expect(ns.has(1) && ns.has(100_000)).toBe(true);
    for (const n of [15, 100_000]) {
      const ks = new Set(cases.filter((c) => c.n === n).map((c) => c.k));
      for (const k of [0, 1, n - 1, n]) expect(ks.has(k)).toBe(true);
    }
    expect(new Set(cases.map((c) => c.level))).toEqual(new Set([0.8, 0.9, 0.95, 0.99]));
  });
});

describe('Wald (not clipped)', () => {
  it('equals the raw formula, and statsmodels once clipped to [0, 1]', () => {
    checkAll(
      'wald',
      (c) => waldInterval(c.k, c.n, c.level),
      (c) => c.waldRaw,
    );
    checkAll(
      'wald clipped',
      (c) => {
        const i = waldInterval(c.k, c.n, c.level);
        return { lower: clip(i.lower), upper: clip(i.upper) };
      },
      (c) => c.wald,
    );
  });
  it('14/15 gives about (0.81, 1.06) as in seed 003, a point at k = 0 and k = n', () => {
    const i = waldInterval(14, 15);
    expect(i.lower).toBeCloseTo(0.81, 2);
    expect(i.upper).toBeCloseTo(1.06, 2);
    expect(waldInterval(0, 20)).toMatchObject({ lower: 0, upper: 0 });
    expect(waldInterval(20, 20)).toMatchObject({ lower: 1, upper: 1 });
  });
});

describe('Wilson', () => {
  it('matches statsmodels wilson', () => {
    checkAll(
      'wilson',
      (c) => wilsonInterval(c.k, c.n, c.level),
      (c) => c.wilson,
    );
  });
  it('is exactly 0 at k = 0 and 1 at k = n; 14/15 ≈ (0.70, 0.99) as in seed 003', () => {
    expect(wilsonInterval(0, 37, 0.9).lower).toBe(0);
    expect(wilsonInterval(37, 37, 0.9).upper).toBe(1);
    const i = wilsonInterval(14, 15);
    expect(i.lower).toBeCloseTo(0.7, 2);
    expect(i.upper).toBeCloseTo(0.99, 2);
  });
});

describe('Wilson with continuity correction (Newcombe 1998)', () => {
  it('matches R prop.test(correct = TRUE) with the full ½ correction', () => {
    checkAll(
      'wilsonCC',
      (c) => wilsonCCInterval(c.k, c.n, c.level),
      (c) => c.wilsonCC,
    );
  });
  it('is 0 at k = 0, 1 at k = n, and contains the Wilson interval', () => {
    expect(wilsonCCInterval(0, 9).lower).toBe(0);
    expect(wilsonCCInterval(9, 9).upper).toBe(1);
    for (const c of cases) {
      const cc = wilsonCCInterval(c.k, c.n, c.level);
      const w = wilsonInterval(c.k, c.n, c.level);
      expect(cc.lower).toBeLessThanOrEqual(w.lower);
      expect(cc.upper).toBeGreaterThanOrEqual(w.upper);
    }
  });
});

describe('Agresti–Coull (not clipped)', () => {
  it('equals the raw formula, and statsmodels once clipped', () => {
    checkAll(
      'ac',
      (c) => agrestiCoullInterval(c.k, c.n, c.level),
      (c) => c.agrestiCoullRaw,
    );
    checkAll(
      'ac clipped',
      (c) => {
        const i = agrestiCoullInterval(c.k, c.n, c.level);
        return { lower: clip(i.lower), upper: clip(i.upper) };
      },
      (c) => c.agrestiCoull,
    );
    expect(agrestiCoullInterval(0, 10).lower).toBeLessThan(0);
  });
});

describe('Clopper–Pearson', () => {
  it('matches statsmodels beta, with lower 0 at k = 0 and upper 1 at k = n', () => {
    checkAll(
      'cp',
      (c) => clopperPearsonInterval(c.k, c.n, c.level),
      (c) => c.clopperPearson,
    );
    expect(clopperPearsonInterval(0, 5).lower).toBe(0);
    expect(clopperPearsonInterval(5, 5).upper).toBe(1);
  });
});

describe('Jeffreys (Brown–Cai–DasGupta 2001: 0 at k = 0, 1 at k = n)', () => {
  it('matches statsmodels jeffreys except the modified end at k = 0 / k = n', () => {
    checkAll(
      'jeffreys',
      (c) => jeffreysInterval(c.k, c.n, c.level),
      (c) => [c.k === 0 ? 0 : c.jeffreysStatsmodels[0], c.k === c.n ? 1 : c.jeffreysStatsmodels[1]],
    );
  });
  it('statsmodels jeffreys is the untruncated Beta(½, ½) posterior interval', () => {
    checkAll(
      'jeffreys-sm',
      (c) => betaPosteriorInterval(c.k, c.n, c.level, 0.5, 0.5),
      (c) => c.jeffreysStatsmodels,
    );
    const sm = cases.find((c) => c.k === 0 && c.n === 1 && c.level === 0.8)!.jeffreysStatsmodels;
    expect(sm[0]).toBeGreaterThan(0); // statsmodels does not truncate
    expect(jeffreysInterval(0, 1, 0.8).lower).toBe(0);
  });
});

describe('Beta posterior', () => {
  it('matches scipy.stats.beta ppf/isf for priors (1,1), (½,½), (2,3), (0.1,10)', () => {
    const t = new ErrorTracker(REL, ABS);
    for (const c of cases) {
      for (const r of c.betaPosterior) {
        const i = betaPosteriorInterval(c.k, c.n, c.level, r.a, r.b);
        const label = `k=${c.k} n=${c.n} level=${c.level} prior=(${r.a},${r.b})`;
        t.check(`lower ${label}`, i.lower, r.lower);
        t.check(`upper ${label}`, i.upper, r.upper);
      }
    }
    expect(t.failures).toEqual([]);
  });
  it('defaults to the uniform prior', () => {
    expect(betaPosteriorInterval(14, 15)).toEqual(betaPosteriorInterval(14, 15, 0.95, 1, 1));
  });
});

describe('registry and allocation-free forms', () => {
  it('lists the seven methods and each Bounds form agrees with its Interval form', () => {
    expect([...proportionIntervalMethodNames].sort()).toEqual(
      ['agrestiCoull', 'betaPosterior', 'clopperPearson', 'jeffreys', 'wald', 'wilson', 'wilsonCC'].sort(),
    );
    const out: Bounds = { lower: Number.NaN, upper: Number.NaN };
    for (const name of proportionIntervalMethodNames) {
      expect(isProportionIntervalMethod(name)).toBe(true);
      for (const level of [0.8, 0.99]) {
        const bounds = proportionBoundsFor(name, level);
        for (const [k, n] of [
          [0, 7],
          [3, 7],
          [7, 7],
          [1, 1000],
        ]) {
          bounds(k, n, out);
          const i = proportionIntervalMethods[name](k, n, level);
          expect(out).toEqual({ lower: i.lower, upper: i.upper });
          expect(i).toMatchObject({ estimate: k / n, level, method: name });
        }
      }
    }
    expect(isProportionIntervalMethod('bogus')).toBe(false);
  });
});

describe('bad input', () => {
  it('names the argument', () => {
    expect(() => wilsonInterval(5, 4)).toThrow(InputError);
    expect(() => wilsonInterval(5, 4)).toThrow(/^k:/);
    expect(() => waldInterval(-1, 4)).toThrow(/^k:/);
    expect(() => clopperPearsonInterval(0, 0)).toThrow(/^n:/);
    expect(() => jeffreysInterval(1.5, 4)).toThrow(/^k:/);
    expect(() => agrestiCoullInterval(1, 4, 1)).toThrow(/^level:/);
    expect(() => wilsonCCInterval(1, 4, Number.NaN)).toThrow(/^level:/);
    expect(() => betaPosteriorInterval(1, 4, 0.95, 0)).toThrow(/^a:/);
    expect(() => proportionBoundsFor('nope' as never)).toThrow(/^method:/);
  });
});
