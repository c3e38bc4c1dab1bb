/**
 * Exact McNemar power against a multinomial double sum with exact rational p-values
 * (packages/core/fixtures/scripts/mcnemarPower.py, mpmath at 40 digits).
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { mcnemarPower } from './mcnemarPower.js';

interface Row {
  n: number;
  rateOnlyA: number;
  rateOnlyB: number;
  alpha: number;
  test: 'exact' | 'midp';
  power: number;
}
const fx = loadFixture<{ mcnemarPower: Row[] }>('mcnemarPower');

describe('mcnemarPower vs the multinomial enumeration', () => {
  it('has the fixture cases', () => {
    expect(fx.mcnemarPower.length).toBeGreaterThanOrEqual(18);
  });

  it.each(fx.mcnemarPower)('n=$n rA=$rateOnlyA rB=$rateOnlyB alpha=$alpha $test', (row) => {
    const power = mcnemarPower(row.n, row.rateOnlyA, row.rateOnlyB, { alpha: row.alpha, test: row.test });
    expectRelative(power, row.power, 1e-9, 1e-15);
  });

  it("seed 000's 202 questions on the first-run table: 79.2% exact, 83.9% mid-p", () => {
    expect(mcnemarPower(202, 28 / 1140, 107 / 1140).toFixed(3)).toBe('0.792');
    expect(mcnemarPower(202, 28 / 1140, 107 / 1140, { test: 'midp' }).toFixed(3)).toBe('0.839');
  });

  it('is symmetric in the two systems', () => {
    expect(mcnemarPower(150, 0.04, 0.09)).toBe(mcnemarPower(150, 0.09, 0.04));
  });

  it('rejects invalid arguments, naming them', () => {
    expect(() => mcnemarPower(0, 0.1, 0.1)).toThrow(/^n: /);
    expect(() => mcnemarPower(10.5, 0.1, 0.1)).toThrow(/^n: /);
    expect(() => mcnemarPower(10, -0.1, 0.1)).toThrow(/^rateOnlyA: /);
    expect(() => mcnemarPower(10, 0.6, 0.5)).toThrow(/^rateOnlyB: .*≤ 1/);
    expect(() => mcnemarPower(10, 0.1, 0.1, { alpha: 1 })).toThrow(/^alpha: /);
    expect(() => mcnemarPower(10, 0.1, 0.1, { test: 'chisq' as never })).toThrow(/^test: /);
  });

  it('is 0 without discordant pairs', () => {
    expect(mcnemarPower(100, 0, 0)).toBe(0);
  });
});
