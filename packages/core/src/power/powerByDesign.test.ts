/**
 * The per-design table of `evalsim power` (powerByDesign.ts) against the scipy closed forms of
 * packages/core/fixtures/power.json (scripts/power.py): each design's n and MDE are those of its
 * variance, the design effect multiplies n and divides the effective items, and the p rules and
 * the planning rule assume the variance they say.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { mdeByDesign, powerDesigns, sampleSizeByDesign } from './powerByDesign.js';

type Row = Record<string, number | null>;
const fx = loadFixture<Record<'miller' | 'unpaired', Row[]>>('power');
const num = (row: Row, key: string): number => row[key] as number;
const k = (value: number | null): number => (value === null ? Number.POSITIVE_INFINITY : value);

describe('sampleSizeByDesign and mdeByDesign vs scipy', () => {
  it.each(fx.miller)("Miller's paired design delta=$delta kA=$kA kB=$kB alpha=$alpha", (row) => {
    const input = {
      omega2: num(row, 'omega2'),
      sigmaA2: num(row, 'sigmaA2'),
      sigmaB2: num(row, 'sigmaB2'),
      kA: k(row.kA),
      kB: k(row.kB),
      alpha: num(row, 'alpha'),
      power: num(row, 'power'),
    };
    const [size] = sampleSizeByDesign({ ...input, delta: num(row, 'delta') });
    expect(size.design).toBe('millerPaired');
    expectRelative(size.variance, num(row, 'variance'), 1e-12, 0, 'variance');
    expectRelative(size.n, num(row, 'n'), 1e-9, 0, 'n');
    expect(size.items).toBe(row.nCeil);
    expect(size.itemsClustered).toBeUndefined();
    const [mde] = mdeByDesign({ ...input, n: num(row, 'mdeN') });
    expectRelative(mde.mde, num(row, 'mdeAtN'), 1e-9, 0, 'mde');
  });

  it.each(fx.unpaired)('the unpaired design delta=$delta', (row) => {
    const input = {
      varianceA: num(row, 'varianceA'),
      varianceB: num(row, 'varianceB'),
      sigmaA2: num(row, 'sigmaA2'),
      sigmaB2: num(row, 'sigmaB2'),
      kA: num(row, 'kA'),
      kB: num(row, 'kB'),
      alpha: num(row, 'alpha'),
      power: num(row, 'power'),
    };
    const [size] = sampleSizeByDesign({ ...input, delta: num(row, 'delta') });
    expect(size.design).toBe('unpaired');
    expectRelative(size.n, num(row, 'n'), 1e-9);
    expectRelative(mdeByDesign({ ...input, n: 500 })[0].mde, num(row, 'mdeAt500'), 1e-9);
  });

  it('a design effect multiplies n (rounded up) and divides the effective items of the MDE', () => {
    const row = fx.miller[0];
    const input = { omega2: num(row, 'omega2'), sigmaA2: num(row, 'sigmaA2'), sigmaB2: num(row, 'sigmaB2') };
    const [size] = sampleSizeByDesign({ ...input, delta: num(row, 'delta'), deff: 2.5 });
    expect(size.itemsClustered).toBe(Math.ceil(2.5 * num(row, 'n')));
    const [plain] = mdeByDesign({ ...input, n: 2.5 * num(row, 'mdeN') });
    const [clustered] = mdeByDesign({ ...input, n: 2.5 * num(row, 'mdeN'), deff: 2.5 });
    expectRelative(clustered.mde, num(row, 'mdeAtN'), 1e-9);
    expectRelative(plain.mde * Math.sqrt(2.5), clustered.mde, 1e-12);
  });
});

describe('the designs the inputs give', () => {
  it('in a fixed order, the p rules assuming p(1−p) and 2p(1−p), the planning rule only at 5% and 80%', () => {
    const all = powerDesigns({ pairedVariance: 0.317, omega2: 0.1, varianceA: 0.2, varianceB: 0.3, p: 0.7 });
    expect(all.map((d) => d.design)).toEqual([
      'measuredPaired',
      'millerPaired',
      'unpaired',
      'pRulePaired',
      'pRuleUnpaired',
    ]);
    expectRelative(all[3].variance, 0.21, 1e-12);
    expectRelative(all[4].variance, 0.42, 1e-12);
    const rows = sampleSizeByDesign({ p: 0.7, delta: 0.03 });
    expect(rows.map((r) => r.design)).toEqual(['pRulePaired', 'pRuleUnpaired', 'planningRule']);
    // 16·0.21/0.03² = 3733.3…, the planning rule's items per group.
    expectRelative(rows[2].n, (16 * 0.21) / 0.0009, 1e-12);
    expect(rows[2].items).toBe(3734);
    expect(sampleSizeByDesign({ p: 0.7, delta: 0.03, alpha: 0.01 }).map((r) => r.design)).not.toContain(
      'planningRule',
    );
  });

  it('refuses missing or half inputs, a zero measured variance and a gap too small to count, naming the argument', () => {
    expect(() => powerDesigns({})).toThrow(/^variance: give/);
    expect(() => powerDesigns({ varianceA: 0.2 })).toThrow(/^varianceA: goes with varianceB/);
    expect(() => powerDesigns({ pairedVariance: 0 })).toThrow(/^pairedVariance: must be a variance > 0/);
    expect(() => sampleSizeByDesign({ p: 0.5, delta: 1e-9 })).toThrow(
      /^delta: a gap of 1e-9 needs more than/,
    );
    expect(() => sampleSizeByDesign({ p: 0.5, delta: 0.03, deff: 0 })).toThrow(/^deff: must be > 0/);
  });
});
