/**
 * The calculator commands as a user runs them (in process, through runCli): JSON output
 * equals the core estimators, the seeds' worked numbers come out, and bad arguments exit
 * non-zero with one line naming the argument.
 */
import { fileURLToPath } from 'node:url';
import {
  exactCoverage,
  mcnemarTest,
  millerPairedSampleSize,
  proportionIntervalMethods,
  wilsonInterval,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { seedCoverageTable } from '../../../../studies/test-utils/seedCoverageTable.js';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

async function json(...args: string[]): Promise<Record<string, number | string | boolean>[]> {
  const run = await evalsim(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe('evalsim interval', () => {
  it('prints every method for k = 14, n = 15 at full precision with --json', async () => {
    const rows = await json('interval', '--k', '14', '--n', '15');
    expect(rows.map((r) => r.method)).toEqual(Object.keys(proportionIntervalMethods));
    for (const row of rows) {
      const ref = proportionIntervalMethods[row.method as keyof typeof proportionIntervalMethods](
        14,
        15,
        0.95,
      );
      expect(row.lower).toBe(ref.lower);
      expect(row.upper).toBe(ref.upper);
    }
  });
  it('picks methods and a level, and prints a table by default', async () => {
    const rows = await json('interval', '--k', '3', '--n', '10', '--method', 'wilson', '--level', '0.9');
    expect(rows).toHaveLength(1);
    expect(rows[0].lower).toBe(wilsonInterval(3, 10, 0.9).lower);
    const table = await evalsim('interval', '--k', '14', '--n', '15', '--method', 'wald,wilson');
    expect(table.stdout.split('\n')[0]).toMatch(/^method\s+k\s+n\s+estimate\s+lower\s+upper/);
    expect(table.stdout).toContain('1.0596'); // seed 003: Wald upper bound above 1
  });
  it('marks bounds outside [0, 1] (Wald and Agresti–Coull are not clipped) and zero width', async () => {
    const rows = await json('interval', '--k', '14', '--n', '15');
    const outside = Object.fromEntries(rows.map((r) => [r.method, r.marks]));
    expect(outside).toMatchObject({
      wald: 'upper > 1',
      agrestiCoull: 'upper > 1',
      wilson: '',
      clopperPearson: '',
    });
    expect((await json('interval', '--k', '1', '--n', '15', '--method', 'wald'))[0].marks).toBe('lower < 0');
    expect((await json('interval', '--k', '3', '--n', '3', '--method', 'wald'))[0].marks).toBe('zero width');
    const table = await evalsim('interval', '--k', '14', '--n', '15', '--method', 'wald,wilson');
    expect(table.stdout).toMatch(/^wald .*upper > 1$/m);
    expect(table.stdout).toContain('marks: a bound outside [0, 1]');
    expect((await evalsim('interval', '--k', '7', '--n', '15')).stdout).not.toContain('marks: a bound');
  });
  it.each([
    [['interval', '--k', '16', '--n', '15'], /k: must be ≤ n \(15\), got 16/],
    [
      ['interval', '--k', '3', '--n', '10', '--level', '1.2'],
      /--level: must be a number in \(0, 1\), got 1.2/,
    ],
    [
      ['interval', '--k', '3', '--n', '10', '--method', 'waldo'],
      /--method: unknown value "waldo"; allowed: wald, wilson/,
    ],
    [['mcnemar', '--b', '-1', '--c', '3'], /b: must be an integer ≥ 0/],
    [['power', '--delta', '0.03'], /give --paired-variance or --omega2/],
  ])('rejects %j with one clear line', async (args, message) => {
    const run = await evalsim(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});

describe('evalsim coverage', () => {
  it('reproduces seed 003 exact coverage to the printed digit and equals core', async () => {
    const table = seedCoverageTable().filter((row) => row.n === 15 && row.method !== 'betaPosterior');
    const rows = await json('coverage', '--n', '15', '--p', ...new Set(table.map((row) => String(row.p))));
    expect(table.length).toBeGreaterThanOrEqual(4);
    for (const { p, method, published } of table) {
      const row = rows.find((r) => r.p === p);
      expect(row?.[method], `${method} at p = ${p}`).toBe(exactCoverage(method, 15, p, 0.95));
      expect((100 * (row?.[method] as number)).toFixed(1)).toBe((100 * published).toFixed(1));
    }
  });
});

describe('evalsim mcnemar, adjust, power, design-effect', () => {
  it('mcnemar: 28 vs 107 gives the exact p ≈ 4.4e-12 of seed 000', async () => {
    const rows = await json('mcnemar', '--b', '28', '--c', '107', '--method', 'exact');
    expect(rows[0].pValue).toBe(mcnemarTest(28, 107, { method: 'exact' }).pValue);
    expect((rows[0].pValue as number).toExponential(1)).toBe('4.4e-12');
  });
  it('adjust: Holm on four p-values', async () => {
    const rows = await json('adjust', '--p', '0.001', '0.006', '0.03', '0.2', '--method', 'holm');
    const expected = [0.004, 0.018, 0.06, 0.2]; // (m − j + 1)·p_(j), step-down maximum
    for (const [i, r] of rows.entries()) expect(r.holm).toBeCloseTo(expected[i], 14);
    expect(rows.map((r) => r['holm reject'])).toEqual([true, true, false, false]);
  });
  it("power: Miller's paired n for seed 000's inputs", async () => {
    const rows = await json(
      'power',
      '--delta',
      '0.03',
      '--omega2',
      '0.116',
      '--sigma-a2',
      '0.013',
      '--sigma-b2',
      '0.004',
    );
    const ref = millerPairedSampleSize({ delta: 0.03, omega2: 0.116, sigmaA2: 0.013, sigmaB2: 0.004 });
    expect(rows[0].n).toBe(ref.n);
    expect(rows[0].items).toBe(1160);
  });
  it('power --p states the variance it assumes and points to the measured paired variance', async () => {
    const rows = await json('power', '--delta', '0.03', '--p', '0.7');
    expect(rows[0]).toMatchObject({ design: 'paired, V = p(1−p)', assumes: 'ρ = 0.5 between systems' });
    expect(rows[0].variance).toBeCloseTo(0.21, 15);
    const table = await evalsim('power', '--delta', '0.03', '--p', '0.7');
    expect(table.stdout).toContain('between-system correlation ρ = 0.5');
    expect(table.stdout).toContain('--paired-variance');
    const measured = await json('power', '--delta', '0.03', '--paired-variance', '0.317');
    expect(measured[0]).toMatchObject({ design: 'paired', variance: 0.317, items: 2765 });
    expect((await evalsim('power', '--delta', '0.03', '--paired-variance', '0')).stderr).toContain(
      '--paired-variance: must be a variance > 0, got 0',
    );
    expect((await evalsim('power', '--delta', '0.03', '--omega2', '0.1')).stdout).not.toContain(
      '--paired-variance',
    );
  });
  it('design-effect: seed 001 worked example (DEFF 2.8, SE 1.45 → 2.42 points)', async () => {
    const rows = await json('design-effect', '--m', '10', '--rho', '0.2', '--n', '1000', '--p', '0.7');
    expect(rows[0].deff).toBeCloseTo(2.8, 12);
    expect((100 * (rows[0].naiveSE as number)).toFixed(2)).toBe('1.45');
    expect((100 * (rows[0].clusteredSE as number)).toFixed(2)).toBe('2.42');
  });
});

describe('--method and --methods name one flag in every command that takes methods', () => {
  it.each([
    ['interval', '--k', '14', '--n', '15'],
    ['coverage', '--n', '20', '--p', '0.3'],
    ['mcnemar', '--b', '28', '--c', '107'],
    ['adjust', '--p', '0.01', '0.04'],
  ])('%s', async (...args) => {
    const method = { interval: 'wilson', coverage: 'wilson', mcnemar: 'exact', adjust: 'holm' }[args[0]]!;
    const singular = await json(...args, '--method', method);
    const plural = await json(...args, '--methods', method);
    expect(plural).toEqual(singular);
    expect(singular.length).toBeGreaterThan(0);
    // The flag is obeyed (fewer rows than the default set), not ignored under either name.
    expect(JSON.stringify(singular)).not.toBe(JSON.stringify(await json(...args)));
  });
});
