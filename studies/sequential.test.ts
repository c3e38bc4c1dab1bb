/**
 * The committed sequential studies keep the claims their descriptions make:
 * - peeking: at 5 and 20 looks the naive paired z is far above 5% (at least 10 MCSEs), while the
 *   alpha-spending designs and the anytime-valid tests checked after every question stay at or
 *   below 5% within 2 MCSEs;
 * - sequential-power: every method's false-positive rate is at most 5% within 2 MCSEs (the fixed
 *   paired z and the spending designs within 2 MCSEs plus the z test's own 0.3-point excess at this
 *   size); under the 3-point gap the simulated power and expected questions of the planned designs
 *   agree with the normal theory of core's recursion (boundaryCrossing at the drift δ√n/σ_d) within
 *   3 MCSEs plus 1 point of power / 1% of questions for the paired z's discreteness.
 */
import { fileURLToPath } from 'node:url';
import { boundaryCrossing, equalInformationRates, groupSequentialDesign } from '@evalsim/core';
import { type ResultRow, readResultsArrow } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';

const load = (name: string) =>
  readResultsArrow(fileURLToPath(new URL(`../results/${name}.arrow`, import.meta.url))).rows;
const find = (rows: readonly ResultRow[], method: string, metric: string, param: string, value: number) => {
  const row = rows.find((r) => r.method === method && r.metric === metric && r.params[param] === value);
  expect(row, `${method} ${metric} at ${param} = ${value}`).toBeDefined();
  return row as ResultRow;
};

describe('peeking: the remedies hold 5% where the naive test does not', () => {
  const rows = load('peeking');
  for (const looks of [5, 20]) {
    it(`${looks} looks`, () => {
      const naive = find(rows, 'pairedZ', 'falsePositive', 'looks', looks);
      expect(naive.value).toBeGreaterThan(0.05 + 10 * naive.mcse);
      for (const method of ['obf', 'pocock', 'betting', 'msprt', 'betaBinomial']) {
        const row = find(rows, method, 'falsePositive', 'looks', looks);
        expect(row.value, method).toBeLessThanOrEqual(0.05 + 2 * row.mcse);
      }
    });
  }
  it('the published pairedZ rows come from their 10,000 replications, the spending designs from 40,000', () => {
    expect(find(rows, 'pairedZ', 'falsePositive', 'looks', 20).replications).toBe(10000);
    expect(find(rows, 'obf', 'falsePositive', 'looks', 20).replications).toBe(40000);
    expect(find(rows, 'betting', 'falsePositive', 'looks', 20).replications).toBe(10000);
  });
});

describe('sequential-power: false positives, and power and expected questions against theory', () => {
  const rows = load('sequential-power');
  const discordance = 135 / 1140;
  it('no method exceeds 5% without a gap', () => {
    for (const method of [
      'betting',
      'msprt',
      'betaBinomial',
      'betting1051',
      'msprt1051',
      'betaBinomial1051',
    ]) {
      const row = find(rows, method, 'rejects', 'gap', 0);
      expect(row.value, method).toBeLessThanOrEqual(0.05 + 2 * row.mcse);
    }
    for (const method of ['fixed', 'obf5', 'pocock5', 'obf20', 'pocock20']) {
      const row = find(rows, method, 'rejects', 'gap', 0);
      expect(row.value, method).toBeLessThanOrEqual(0.053 + 2 * row.mcse);
    }
  });
  const designs = [
    ['fixed', 'obf', 1, 1025],
    ['obf5', 'obf', 5, 1051],
    ['pocock5', 'pocock', 5, 1243],
    ['obf20', 'obf', 20, 1073],
    ['pocock20', 'pocock', 20, 1298],
  ] as const;
  it.each(designs)('%s under the 3-point gap', (method, family, looks, max) => {
    const sizes = equalInformationRates(looks).map((t) => Math.round(t * max));
    const design = groupSequentialDesign({
      alpha: 0.05,
      spending: { family },
      informationRates: sizes.map((n) => n / max),
    });
    const sigma = Math.sqrt(discordance - 0.03 ** 2);
    const theory = boundaryCrossing(design, (0.03 / sigma) * Math.sqrt(max));
    const power = theory.upper.reduce((s, v) => s + v, 0);
    const rejects = find(rows, method, 'rejects', 'gap', 0.03);
    expect(Math.abs(rejects.value - power)).toBeLessThanOrEqual(3 * rejects.mcse + 0.01);
    const questions = find(rows, method, 'expectedQuestions', 'gap', 0.03);
    const expected = theory.expectedFraction * max;
    expect(Math.abs(questions.value - expected)).toBeLessThanOrEqual(3 * questions.mcse + 0.01 * expected);
  });
  it('given obf5’s budget the anytime-valid tests have less power; with 3,000 questions more, on more questions', () => {
    const obf = find(rows, 'obf5', 'rejects', 'gap', 0.03).value;
    for (const test of ['betting', 'msprt', 'betaBinomial']) {
      expect(find(rows, `${test}1051`, 'rejects', 'gap', 0.03).value).toBeLessThan(obf);
      expect(find(rows, test, 'expectedQuestions', 'gap', 0.03).value).toBeGreaterThan(
        find(rows, 'obf5', 'expectedQuestions', 'gap', 0.03).value,
      );
    }
  });
});
