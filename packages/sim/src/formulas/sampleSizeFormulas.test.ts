import { describe, expect, it } from 'vitest';
import { ConfigError } from '../base/errors.js';
import { formulaRegistry } from './registry.js';

/** z_{0.975} + z_{0.8} (scipy.stats.norm.ppf). */
const Z_SUM = 1.959963984540054 + 0.8416212335729143;

const compute = (
  name: string,
  options: Record<string, unknown>,
  params: Record<string, number | string> = {},
) => formulaRegistry.get(name, 'formula').create(options, { level: 0.95 })(params);

describe('sample-size formulas', () => {
  it('binaryMde is zSum·√(p(1 − p)/n), arguments from options or cell parameters', () => {
    const expected = Z_SUM * Math.sqrt((0.7 * 0.3) / 300);
    expect(compute('binaryMde', { n: 300, p: 0.7 })).toBeCloseTo(expected, 12);
    expect(compute('binaryMde', {}, { n: 300, p: 0.7 })).toBeCloseTo(expected, 12);
    expect(compute('binaryMde', { n: 'items' }, { items: 300, p: 0.7 })).toBeCloseTo(expected, 12);
  });

  it('binarySampleSize rounds zSum²·p(1 − p)/δ² up to whole items', () => {
    expect(compute('binarySampleSize', { delta: 0.1, p: 0.5 })).toBe(Math.ceil((Z_SUM ** 2 * 0.25) / 0.01));
    expect(compute('binarySampleSize', { delta: 0.1, p: 0.5, power: 0.9 })).toBe(
      Math.ceil(((1.959963984540054 + 1.2815515655446004) ** 2 * 0.25) / 0.01),
    );
  });

  it('millerPairedSampleSize accepts K = "unlimited" as an option or a cell value', () => {
    const base = { delta: 0.03, omega2: 0.116, sigmaA2: 0.013, sigmaB2: 0.004 };
    const unlimited = Math.ceil((Z_SUM ** 2 * 0.116) / 0.0009);
    expect(compute('millerPairedSampleSize', { ...base, kA: 'unlimited', kB: 'unlimited' })).toBe(unlimited);
    expect(compute('millerPairedSampleSize', base, { kA: 'unlimited', kB: 'unlimited' })).toBe(unlimited);
    expect(compute('millerPairedSampleSize', base)).toBe(Math.ceil((Z_SUM ** 2 * 0.133) / 0.0009));
    expect(
      compute('millerPairedMde', { omega2: 0.116, sigmaA2: 0.013, sigmaB2: 0.004, n: 1140 }),
    ).toBeCloseTo(Z_SUM * Math.sqrt(0.133 / 1140), 12);
  });

  it('planningRuleSampleSize is 16·p(1 − p)/δ²', () => {
    expect(compute('planningRuleSampleSize', { p: 0.5, delta: 0.05 })).toBeCloseTo(1600, 9);
  });

  it('names the bad argument', () => {
    expect(() => compute('binaryMde', { n: 100, p: 1.5 })).toThrow(/p.*\[0, 1\]/);
    expect(() => compute('binaryMde', { n: 100 })).toThrow(ConfigError);
    expect(() => compute('binaryMde', { n: 100 })).toThrow(/reads cell parameter "p", which is not set/);
    expect(() => compute('binaryMde', { n: 100, p: 0.5, q: 1 })).toThrow(/q.*a known argument of binaryMde/);
    expect(() => compute('binarySampleSize', { delta: 0, p: 0.5 })).toThrow(/delta/);
    expect(() =>
      compute('millerPairedSampleSize', { delta: 0.03, omega2: 0.1, sigmaA2: 0, sigmaB2: 0, kA: 0.5 }),
    ).toThrow(/kA/);
  });
});
