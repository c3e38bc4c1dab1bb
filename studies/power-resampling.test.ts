/**
 * The committed power-resampling results against the exact McNemar power computed by
 * enumeration (formula rows exactPower, core mcnemarPower, itself checked against an
 * independent mpmath script): in the cells that resample the first-run table, the
 * simulated exact-test power must agree with the enumeration within Monte Carlo error
 * (|simulated − exact| ≤ 3 binomial MCSEs at the exact power, √(p(1 − p)/3000) ≤ 0.0074,
 * so ≤ 0.022; a false alarm once in 370 runs per cell).
 */
import { fileURLToPath } from 'node:url';
import { readResultsArrow } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';

const results = fileURLToPath(new URL('../results/power-resampling.arrow', import.meta.url));

describe('power-resampling: simulated exact McNemar power vs enumeration', () => {
  const { rows } = readResultsArrow(results);
  const exact = rows.filter((row) => row.method === 'exactPower');
  it('has the formula rows in the six first-answer paired Sonnet-vs-Haiku cells', () => {
    expect(exact.map((row) => row.params.n)).toEqual([202, 600, 800, 1165, 1400, 1804]);
  });
  for (const formula of exact) {
    it(`n = ${formula.params.n}`, () => {
      const simulated = rows.find((row) => row.cell === formula.cell && row.method === 'mcnemar');
      expect(simulated).toBeDefined();
      const mcse = Math.sqrt((formula.value * (1 - formula.value)) / simulated!.replications);
      expect(simulated!.replications).toBe(3000);
      expect(Math.abs(simulated!.value - formula.value)).toBeLessThanOrEqual(3 * Math.max(mcse, 1 / 3000));
    });
  }
  it('the published 82.9% is five Monte Carlo SEs from the exact power and within two of the mid-p power', () => {
    const at202 = (method: string) =>
      rows.find((row) => row.method === method && row.params.n === 202 && row.params.answer === 'first')!
        .value;
    const se = (p: number) => Math.sqrt((p * (1 - p)) / 3000);
    expect((0.829 - at202('exactPower')) / se(at202('exactPower'))).toBeGreaterThan(4.9);
    expect(Math.abs(0.829 - at202('midpPower')) / se(at202('midpPower'))).toBeLessThan(2);
  });
});
