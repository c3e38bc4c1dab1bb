/**
 * Paired-difference intervals against (1) packages/core/fixtures/differenceIntervals.json
 * (script fixtures/scripts/differenceIntervals.py: mpmath at 40 digits from the papers'
 * definitions, Tango's limits by bisection with the constrained MLE found by bisection on
 * the likelihood score equation) at 1e-9 relative (1e-12 absolute near 0); (2) the values
 * printed by Fagerland, Lydersen & Laake (their `contingencytables` R package tests, 4
 * decimals: the printed digits must match our value rounded to 4 decimals); (3) edge cases.
 */
import { describe, expect, it } from 'vitest';
import { createMarkedBounds } from '../intervals/markedBounds.js';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  agrestiMinInterval,
  bonettPriceInterval,
  newcombePairedInterval,
  type PairedIntervalMethod,
  type PairedTable,
  pairedBoundsFor,
  pairedBoundsForN,
  pairedIntervalMethodNames,
  pairedIntervalMethods,
  pairedMethodUsesConcordant,
  pairedWaldInterval,
  tangoScoreInterval,
} from './index.js';
import { newcombePsi } from './newcombePaired.js';

type Pair = [number, number];
type Case = PairedTable & { level: number; newcombePsi: number } & Record<PairedIntervalMethod, Pair>;
const { paired: cases } = loadFixture<{ paired: Case[] }>('differenceIntervals');

describe('against the mpmath reference (1e-9 relative)', () => {
  it.each(pairedIntervalMethodNames)('%s', (method) => {
    const t = new ErrorTracker(1e-9, 1e-12);
    for (const c of cases) {
      const got = pairedIntervalMethods[method](c, c.level);
      const label = `${method} (${c.n11},${c.n10},${c.n01},${c.n00}) level ${c.level}`;
      t.check(`${label} lower`, got.lower, c[method][0]);
      t.check(`${label} upper`, got.upper, c[method][1]);
      expect(got.estimate).toBe((c.n10 - c.n01) / (c.n11 + c.n10 + c.n01 + c.n00));
    }
    expect(t.failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(150);
  });
  it('Newcombe ψ, including negative values kept uncorrected', () => {
    const t = new ErrorTracker(1e-12, 1e-15);
    let negatives = 0;
    for (const c of cases) {
      t.check(
        `psi (${c.n11},${c.n10},${c.n01},${c.n00})`,
        newcombePsi(c.n11, c.n10, c.n01, c.n00),
        c.newcombePsi,
      );
      if (c.newcombePsi < 0) negatives++;
    }
    expect(t.failures).toEqual([]);
    expect(negatives).toBeGreaterThan(0);
  });
  it('the allocation-free bounds equal the checked intervals', () => {
    const out = createMarkedBounds();
    for (const method of pairedIntervalMethodNames) {
      const bounds = pairedBoundsFor(method, 0.9);
      for (const c of cases.filter((x) => x.level === 0.9)) {
        bounds(c.n11, c.n10, c.n01, c.n00, out);
        const i = pairedIntervalMethods[method](c, 0.9);
        expect([out.lower, out.upper, out.degenerate]).toEqual([i.lower, i.upper, i.degenerate]);
      }
    }
  });
});

// contingencytables 3.0.0 tests/testthat/test-ch8.R (Fagerland, Lydersen & Laake), 95%.
// Their code truncates Wald-type limits to [−1, 1]; none of these rows is affected.
const CAVO = { n11: 59, n10: 6, n01: 16, n00: 80 };
const PUBLISHED: [string, PairedTable, (t: PairedTable) => { lower: number; upper: number }, Pair][] = [
  ['Wald, Cavo 2012', CAVO, (t) => pairedWaldInterval(t), [-0.1184, -0.0058]],
  ['Agresti–Min, Cavo 2012', CAVO, (t) => agrestiMinInterval(t), [-0.1182, -0.0045]],
  ['Bonett–Price, Cavo 2012', CAVO, (t) => bonettPriceInterval(t), [-0.1195, -0.0032]],
  ['Newcombe, Cavo 2012', CAVO, (t) => newcombePairedInterval(t), [-0.1186, -0.0046]],
  ['Tango, Cavo 2012', CAVO, (t) => tangoScoreInterval(t), [-0.124, -0.0054]],
  ['Tango, n10 = 3 only', { n11: 0, n10: 3, n01: 0, n00: 0 }, (t) => tangoScoreInterval(t), [-0.123, 1]],
  ['Tango, n01 = 3 only', { n11: 0, n10: 0, n01: 3, n00: 0 }, (t) => tangoScoreInterval(t), [-1, 0.123]],
  [
    'Newcombe, (1, 0, 0, 1)',
    { n11: 1, n10: 0, n01: 0, n00: 1 },
    (t) => newcombePairedInterval(t),
    [-0.5734, 0.5734],
  ],
];

describe('published values (Fagerland, Lydersen & Laake; 4 decimals)', () => {
  it.each(PUBLISHED)('%s', (_label, table, build, [lo, hi]) => {
    const i = build(table);
    expect(i.lower.toFixed(4)).toBe(lo.toFixed(4));
    expect(i.upper.toFixed(4)).toBe(hi.toFixed(4));
  });
  it('seed 002: B − A is positive with first = B (n10 = 7, n01 = 3)', () => {
    const i = pairedWaldInterval({ n11: 68, n10: 7, n01: 3, n00: 22 });
    expect(i.estimate).toBeCloseTo(0.04, 15);
    // Seed 002's [−2.2, +10.2] uses the n − 1 divisor; the ML SE here is √(99/100) of it.
    const seScale = Math.sqrt(99 / 100);
    expect((0.04 - i.lower) / (0.04 - -0.0218)).toBeCloseTo(seScale, 2);
  });
});

describe('edge cases', () => {
  const tables: PairedTable[] = [
    { n11: 0, n10: 0, n01: 0, n00: 1 },
    { n11: 1, n10: 0, n01: 0, n00: 0 },
    { n11: 0, n10: 1, n01: 0, n00: 0 },
    { n11: 0, n10: 0, n01: 0, n00: 50 },
    { n11: 50, n10: 0, n01: 0, n00: 0 },
    { n11: 0, n10: 7, n01: 7, n00: 0 },
  ];
  it('every method gives finite, ordered limits containing the estimate, inside [−1, 1] for score/Newcombe', () => {
    for (const method of pairedIntervalMethodNames) {
      for (const t of tables) {
        const i = pairedIntervalMethods[method](t);
        expect(Number.isFinite(i.lower) && Number.isFinite(i.upper)).toBe(true);
        expect(i.lower).toBeLessThanOrEqual(i.estimate);
        expect(i.upper).toBeGreaterThanOrEqual(i.estimate);
        if (method === 'tangoScore' || method === 'newcombePaired') {
          expect(i.lower).toBeGreaterThanOrEqual(-1);
          expect(i.upper).toBeLessThanOrEqual(1);
        }
      }
    }
  });
  it('Wald with no discordant pairs is the point {0}, marked degenerate; the others are proper', () => {
    const t = { n11: 30, n10: 0, n01: 0, n00: 20 };
    expect(pairedWaldInterval(t)).toMatchObject({ lower: 0, upper: 0, degenerate: true });
    expect(pairedWaldInterval({ n11: 0, n10: 4, n01: 0, n00: 0 })).toMatchObject({
      lower: 1,
      upper: 1,
      degenerate: true,
    });
    for (const m of ['tangoScore', 'newcombePaired', 'bonettPrice', 'agrestiMin'] as const) {
      const i = pairedIntervalMethods[m](t);
      expect(i.degenerate).toBe(false);
      expect(i.upper - i.lower).toBeGreaterThan(0);
    }
    // Tango with no discordant pairs has the closed form ±z²/(n + z²).
    const z2 = 1.959963984540054 ** 2;
    expect(tangoScoreInterval(t).upper).toBeCloseTo(z2 / (50 + z2), 14);
  });
  it('only Newcombe depends on how the concordant pairs split', () => {
    const a = { n11: 40, n10: 5, n01: 2, n00: 3 };
    const b = { n11: 3, n10: 5, n01: 2, n00: 40 };
    for (const m of pairedIntervalMethodNames) {
      const same = pairedIntervalMethods[m](a).lower === pairedIntervalMethods[m](b).lower;
      expect(same).toBe(!pairedMethodUsesConcordant(m));
    }
  });
  it('pairedBoundsForN gives the bits of pairedBoundsFor for every table of n, and for tables of another size', () => {
    const a = createMarkedBounds();
    const b = createMarkedBounds();
    let differing = 0;
    let compared = 0;
    for (const m of pairedIntervalMethodNames)
      for (const level of [0.95, 0.8]) {
        const general = pairedBoundsFor(m, level);
        for (const n of [1, 2, 9, 40]) {
          const ofN = pairedBoundsForN(m, n, level);
          // every table of n, then a few of n + 3 (the general path)
          for (const size of [n, n + 3])
            for (let n11 = 0; n11 <= size; n11++)
              for (let n10 = 0; n10 <= size - n11; n10++)
                for (let n01 = 0; n01 <= size - n11 - n10; n01++) {
                  const n00 = size - n11 - n10 - n01;
                  general(n11, n10, n01, n00, a);
                  ofN(n11, n10, n01, n00, b);
                  compared++;
                  const same =
                    Object.is(a.lower, b.lower) &&
                    Object.is(a.upper, b.upper) &&
                    a.degenerate === b.degenerate;
                  if (!same) differing++;
                }
        }
      }
    expect(differing).toBe(0);
    expect(compared).toBeGreaterThan(100_000);
    expect(() => pairedBoundsForN('newcombePaired', 10, 1)).toThrow(/^level:/);
  });
  it('rejects bad input by name', () => {
    expect(() => tangoScoreInterval({ n11: -1, n10: 0, n01: 0, n00: 1 })).toThrow(/^n11:/);
    expect(() => pairedWaldInterval({ n11: 0, n10: 1.5, n01: 0, n00: 1 })).toThrow(/^n10:/);
    expect(() => agrestiMinInterval({ n11: 0, n10: 0, n01: 0, n00: 0 })).toThrow(/^table:/);
    expect(() => bonettPriceInterval(CAVO, 1)).toThrow(/^level:/);
    expect(() => newcombePairedInterval(null as never)).toThrow(/^table:/);
    expect(() => pairedBoundsFor('nope' as never)).toThrow(/^method:/);
    expect(() => pairedBoundsFor('tangoScore', 0)).toThrow(/^level:/);
  });
});
