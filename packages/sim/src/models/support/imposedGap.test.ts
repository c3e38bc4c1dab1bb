import { describe, expect, test } from 'vitest';
import { reachableMeans, shiftRates } from './imposedGap.js';

const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / x.length;
const rates = Float64Array.from([0, 0.2, 0.4, 0.6, 0.8, 1, 1, 0.5]);

describe('shiftRates', () => {
  test('logit: the mean hits the target to 1e-12, 0 and 1 stay put, one shift s for all', () => {
    for (const target of [0.3, 0.55, 0.7, 0.85]) {
      const { rates: out, amount } = shiftRates(rates, target, 'logit');
      expect(Math.abs(mean(out) - target)).toBeLessThan(1e-12);
      expect(out[0]).toBe(0);
      expect(out[5]).toBe(1);
      // logit(p') − logit(p) = s for every interior question
      for (const i of [1, 2, 3, 4, 7]) {
        const logit = (p: number) => Math.log(p / (1 - p));
        expect(Math.abs(logit(out[i]) - logit(rates[i]) - amount)).toBeLessThan(1e-9);
      }
    }
  });

  test('logit: zero shift at the current mean; the reachable range is open and named', () => {
    expect(shiftRates(rates, mean(rates), 'logit').amount).toBe(0);
    expect(reachableMeans(rates, 'logit')).toEqual({ low: 2 / 8, high: 7 / 8 });
    expect(() => shiftRates(rates, 0.25, 'logit')).toThrow(/out of reach.*\(0\.25, 0\.875\).*mixture/);
    expect(() => shiftRates(Float64Array.from([0, 1, 1]), 0.5, 'logit')).toThrow(/out of reach/);
  });

  test('mixture: closed form up and down, defined on 0/1 rates', () => {
    const binary = Float64Array.from([0, 1, 1, 0, 1]);
    const up = shiftRates(binary, 0.8, 'mixture');
    expect(mean(up.rates)).toBeCloseTo(0.8, 14);
    expect(up.rates[0]).toBeCloseTo(0.5, 14); // t = (0.8 − 0.6)/0.4
    const down = shiftRates(binary, 0.3, 'mixture');
    expect(mean(down.rates)).toBeCloseTo(0.3, 14);
    expect(down.rates[1]).toBeCloseTo(0.5, 14);
    expect(down.amount).toBeCloseTo(-0.5, 14);
  });
});
