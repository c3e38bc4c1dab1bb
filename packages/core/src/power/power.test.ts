/**
 * Power, sample size and MDE against closed forms evaluated with scipy
 * (packages/core/fixtures/scripts/power.py), and the seeds' printed tables and numbers.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { clusteredSampleSize } from './clusteredSampleSize.js';
import { familywiseErrorRate } from './familywiseErrorRate.js';
import { mdeFor } from './mdeFor.js';
import { millerPairedMde } from './millerPairedMde.js';
import { millerPairedSampleSize } from './millerPairedSampleSize.js';
import { multiplicityMdeFactor } from './multiplicityMdeFactor.js';
import { naiveCoverageUnderDesignEffect } from './naiveCoverageUnderDesignEffect.js';
import { naiveFalseWinRate } from './naiveFalseWinRate.js';
import { planningRuleSampleSize } from './planningRuleSampleSize.js';
import { powerZSum } from './powerZSum.js';
import { sampleSizeFor } from './sampleSizeFor.js';
import { unpairedMde } from './unpairedMde.js';
import { unpairedSampleSize } from './unpairedSampleSize.js';

type Row = Record<string, number | null>;
const fx =
  loadFixture<
    Record<'zSum' | 'miller' | 'unpaired' | 'naiveCoverage' | 'naiveFalseWin' | 'familywise', Row[]>
  >('power');
const REL = 1e-9;
const num = (row: Row, key: string): number => row[key] as number;
const k = (value: number | null): number => (value === null ? Number.POSITIVE_INFINITY : value);

describe('power vs scipy closed forms', () => {
  it.each(fx.zSum)('powerZSum alpha=$alpha power=$power', (row) => {
    expectRelative(powerZSum(num(row, 'alpha'), num(row, 'power')), num(row, 'zSum'), REL);
  });

  it.each(fx.miller)('Miller paired delta=$delta kA=$kA kB=$kB alpha=$alpha', (row) => {
    const params = {
      omega2: num(row, 'omega2'),
      sigmaA2: num(row, 'sigmaA2'),
      sigmaB2: num(row, 'sigmaB2'),
      kA: k(row.kA),
      kB: k(row.kB),
      alpha: num(row, 'alpha'),
      power: num(row, 'power'),
    };
    const size = millerPairedSampleSize({ ...params, delta: num(row, 'delta') });
    expectRelative(size.n, num(row, 'n'), REL, 0, 'n');
    expect(size.items).toBe(row.nCeil);
    expectRelative(millerPairedMde({ ...params, n: num(row, 'mdeN') }), num(row, 'mdeAtN'), REL, 0, 'mde');
    // MDE is the inverse of n.
    expectRelative(millerPairedMde({ ...params, n: size.n }), num(row, 'delta'), 1e-12, 0, 'inverse');
  });

  it.each(fx.unpaired)('unpaired delta=$delta', (row) => {
    const params = {
      varianceA: num(row, 'varianceA'),
      varianceB: num(row, 'varianceB'),
      sigmaA2: num(row, 'sigmaA2'),
      sigmaB2: num(row, 'sigmaB2'),
      kA: num(row, 'kA'),
      kB: num(row, 'kB'),
      alpha: num(row, 'alpha'),
      power: num(row, 'power'),
    };
    expectRelative(unpairedSampleSize({ ...params, delta: num(row, 'delta') }).n, num(row, 'n'), REL);
    expectRelative(unpairedMde({ ...params, n: 500 }), num(row, 'mdeAt500'), REL);
  });

  it.each(fx.naiveCoverage)('naive coverage deff=$deff level=$level', (row) => {
    expectRelative(
      naiveCoverageUnderDesignEffect(num(row, 'deff'), num(row, 'level')),
      num(row, 'coverage'),
      REL,
    );
  });

  it.each(fx.naiveFalseWin)('naive false-win rate deff=$deff alpha=$alpha', (row) => {
    expectRelative(naiveFalseWinRate(num(row, 'deff'), num(row, 'alpha')), num(row, 'rate'), REL);
  });

  it.each(fx.familywise)('family-wise error alpha=$alpha m=$m', (row) => {
    expectRelative(familywiseErrorRate(num(row, 'alpha'), num(row, 'm')), num(row, 'rate'), 1e-13);
  });
});

describe('power: the seeds', () => {
  // Seed 003's MDE table: 2.80·√(p(1 − p)/n) in points. It reproduces to the printed digit
  // with the exact z-sum 2.8016; with the rounded 2.80 the (300, 0.9) cell is 4.8497 → 4.8.
  const mdeTable: Array<[number, string[]]> = [
    [100, ['14.0', '12.8', '8.4']],
    [300, ['8.1', '7.4', '4.9']],
    [500, ['6.3', '5.7', '3.8']],
    [1000, ['4.4', '4.1', '2.7']],
    [2000, ['3.1', '2.9', '1.9']],
    [5000, ['2.0', '1.8', '1.2']],
  ];
  it.each(mdeTable)('seed 003 MDE table, n = %i', (n, printed) => {
    const cells = [0.5, 0.7, 0.9].map((p) => (100 * mdeFor(n, p * (1 - p))).toFixed(1));
    expect(cells).toEqual(printed);
  });

  // Seed 003's items-needed table at p = 0.5: ⌈(z + z)²·0.25/δ²⌉ with exact z's. With
  // "7.85" the 2-point and 1-point rows would be 4,907 and 19,625.
  it.each([
    [0.1, 197],
    [0.05, 785],
    [0.03, 2181],
    [0.02, 4906],
    [0.01, 19623],
  ])('seed 003 items needed, delta = %s → %i', (delta, items) => {
    expect(sampleSizeFor(delta, 0.25).items).toBe(items);
  });

  it('seed 000 Step 4: Miller n for K = 1, 5, ∞ from the printed inputs (the print says 1,165 / 1,041 / 1,010)', () => {
    const base = { delta: 0.03, omega2: 0.116, sigmaA2: 0.013, sigmaB2: 0.004 };
    // See millerPairedSampleSize.ts for why the formula's values differ from the print.
    expect(millerPairedSampleSize(base).items).toBe(1160);
    expect(millerPairedSampleSize({ ...base, kA: 5, kB: 5 }).items).toBe(1042);
    expect(millerPairedSampleSize({ ...base, kA: Infinity, kB: Infinity }).items).toBe(1012);
    expect(Math.abs(millerPairedSampleSize(base).n - 1165) / 1165).toBeLessThan(0.005);
    // "its MDE is 3.0 points paired" at 1,140 questions.
    expect((100 * millerPairedMde({ ...base, n: 1140 })).toFixed(1)).toBe('3.0');
    // "... and 3.8 unpaired": one answer each, Var(x) + σ² = p(1 − p) at 89.7% and 86.7%.
    const unpaired = { varianceA: 0.897 * 0.103, varianceB: 0.867 * 0.133 };
    expect((100 * unpairedMde({ ...unpaired, n: 1140 })).toFixed(1)).toBe('3.8');
  });

  it('seed 000 Step 5: Holm at 0.05/190 raises the MDE 1.6×, 3.0 → ≈ 4.9 points', () => {
    const factor = multiplicityMdeFactor(190);
    expect(factor.toFixed(1)).toBe('1.6');
    const single = millerPairedMde({ omega2: 0.116, sigmaA2: 0.013, sigmaB2: 0.004, n: 1140 });
    expect((100 * single * factor).toFixed(1)).toBe('4.9');
    const direct = millerPairedMde({
      omega2: 0.116,
      sigmaA2: 0.013,
      sigmaB2: 0.004,
      n: 1140,
      alpha: 0.05 / 190,
    });
    expectRelative(direct, single * factor, 1e-14, 0, 'factor = ratio of MDEs');
  });

  it('seed 002: 12 variants → 46% (0.4596); planning rule 2,500 (4 pts) and 1,600 (5 pts)', () => {
    expect(familywiseErrorRate(0.05, 12).toFixed(4)).toBe('0.4596');
    expectRelative(planningRuleSampleSize(0.5, 0.04), 2500, 1e-12);
    expectRelative(planningRuleSampleSize(0.5, 0.05), 1600, 1e-12);
  });

  it('seed 001: naive false wins 24% at DEFF_d = 2.8 (ρ_d 0.2, m 10) and 14% at ρ_d = 0.08', () => {
    expect(naiveFalseWinRate(1 + 9 * 0.2).toFixed(2)).toBe('0.24');
    expect(naiveFalseWinRate(1 + 9 * 0.08).toFixed(2)).toBe('0.14');
    expect(naiveFalseWinRate(1)).toBeCloseTo(0.05, 14);
    expect(naiveCoverageUnderDesignEffect(1)).toBeCloseTo(0.95, 14);
  });

  it('seed 003: clustered SE 1.9× naive needs 1.9² ≈ 3.6× the items', () => {
    expect((clusteredSampleSize(1000, 1.9 ** 2) / 1000).toFixed(1)).toBe('3.6');
  });

  it('bad input names the argument', () => {
    expect(() => sampleSizeFor(0, 0.25)).toThrow(/^delta:/);
    expect(() => sampleSizeFor(0.03, -1)).toThrow(/^variance:/);
    expect(() => powerZSum(0.05, 1)).toThrow(/^power:/);
    expect(() => powerZSum(0.5, 0.2)).toThrow(/^power: must exceed/);
    expect(() => millerPairedSampleSize({ delta: 0.03, omega2: 0.1, sigmaA2: 0, sigmaB2: 0, kA: 0 })).toThrow(
      /^kA:/,
    );
    expect(() => millerPairedSampleSize({ delta: 0.03, omega2: 0, sigmaA2: 0, sigmaB2: 0 })).toThrow(
      /omega2/,
    );
    expect(() => mdeFor(0, 0.25)).toThrow(/^n:/);
    expect(() => familywiseErrorRate(0.05, 0)).toThrow(/^m:/);
    expect(() => naiveCoverageUnderDesignEffect(0)).toThrow(/^deff:/);
    expect(() => naiveFalseWinRate(2, 0)).toThrow(/^alpha:/);
    expect(() => planningRuleSampleSize(1, 0.05)).toThrow(/^p:/);
    expect(() => multiplicityMdeFactor(0)).toThrow(/^m:/);
  });
});
