import { describe, expect, test } from 'vitest';
import { formulaRegistry } from './registry.js';

describe('familywiseErrorRate and uniformDifficultyScoreVariance formulas', () => {
  test('1 − 0.95^12 = 0.4596 (seed 002), arguments as numbers or cell parameters', () => {
    const f = formulaRegistry.get('familywiseErrorRate', 'formula');
    expect(f.create({ alpha: 0.05, m: 12 }, { level: 0.95 })({})).toBeCloseTo(1 - 0.95 ** 12, 14);
    expect(f.create({}, { level: 0.95 })({ m: 12 })).toBeCloseTo(1 - 0.95 ** 12, 14);
    expect(f.create({ m: 'variants' }, { level: 0.9 })({ variants: 3 })).toBeCloseTo(1 - 0.9 ** 3, 14);
    expect(() => f.create({ m: 12, beta: 1 }, { level: 0.95 })).toThrow(/beta/);
  });

  test('1/12 + (1/6)/K, 1/4 at temperature zero', () => {
    const f = formulaRegistry.get('uniformDifficultyScoreVariance', 'formula').create({}, { level: 0.95 });
    expect(f({ K: 2, temperatureZero: false })).toBeCloseTo(1 / 6, 15);
    expect(f({ K: 4 })).toBeCloseTo(1 / 8, 15);
    expect(f({ K: 4, temperatureZero: true })).toBe(0.25);
    expect(() => f({ K: 2, temperatureZero: 'no' })).toThrow(/temperatureZero/);
  });
});
