/**
 * `evalsim coverage --paired` as a user runs it (in process): JSON rows equal core's exact
 * paired coverage for every interval at every (n, p10, p01, p11) asked, p11 defaults to
 * half the concordant mass, the text table names the intervals, and bad flags exit 2 with
 * one line naming the flag.
 */
import { exactPairedCoverage } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: process.cwd(), env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const CORE = {
  pairedWald: 'pairedWald',
  tango: 'tangoScore',
  newcombePaired: 'newcombePaired',
  bonettPrice: 'bonettPrice',
  agrestiMin: 'agrestiMin',
} as const;

describe('evalsim coverage --paired', () => {
  it('gives every interval’s exact coverage at each n × p10 × p01 × p11, equal to core', async () => {
    const run = await evalsim(
      'coverage',
      '--paired',
      '--n',
      '20',
      '60',
      '--p10',
      '0.1,0.2',
      '--p01',
      '0.05',
      '--p11',
      '0.5',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Record<string, number>[];
    expect(rows.map((r) => [r.n, r.p10])).toEqual([
      [20, 0.1],
      [20, 0.2],
      [60, 0.1],
      [60, 0.2],
    ]);
    for (const row of rows) {
      expect(row.delta).toBe(row.p10 - row.p01);
      for (const [name, core] of Object.entries(CORE)) {
        expect(row[name], `${name} at n = ${row.n}, p10 = ${row.p10}`).toBe(
          exactPairedCoverage(core, row.n, 0.5, row.p10, 0.05, 0.95),
        );
      }
    }
  });
  it('defaults p11 to (1 − p10 − p01)/2, takes --method and --level, and prints a table', async () => {
    const run = await evalsim(
      'coverage',
      '--paired',
      '--n',
      '30',
      '--p10',
      '0.2',
      '--p01',
      '0.1',
      '--method',
      'tango',
      '--level',
      '0.9',
      '--json',
    );
    const [row] = JSON.parse(run.stdout) as Record<string, number>[];
    expect(row.p11).toBeCloseTo(0.35, 15);
    expect(Object.keys(row)).toEqual(['n', 'p11', 'p10', 'p01', 'delta', 'tango']);
    expect(row.tango).toBe(exactPairedCoverage('tangoScore', 30, row.p11, 0.2, 0.1, 0.9));
    const table = await evalsim('coverage', '--paired', '--n', '30', '--p10', '0.2', '--p01', '0.1');
    expect(table.stdout).toMatch(
      /^ *n +p11 +p10 +p01 +delta +pairedWald +tango +newcombePaired +bonettPrice +agrestiMin$/m,
    );
  });
  it.each([
    [['--paired', '--n', '20', '--p10', '0.1'], /--p01: required with --paired/],
    [['--paired', '--n', '20', '--p01', '0.1'], /--p10: required with --paired/],
    [
      ['--paired', '--n', '20', '--p10', '0.6', '--p01', '0.5'],
      /--p01: got 0.5; allowed: at most 1 − p10 = 0.4/,
    ],
    [
      ['--paired', '--n', '20', '--p10', '0.2', '--p01', '0.1', '--p11', '0.9'],
      /--p11: got 0.9; allowed: at most/,
    ],
    [['--paired', '--n', '20', '--p10', '0.1', '--p01', '0.1', '--p', '0.5'], /--p: not used with --paired/],
    [['--n', '20', '--p10', '0.1', '--p01', '0.1'], /--p10: only with --paired/],
    [['--n', '20'], /--p: required/],
    [
      ['--paired', '--n', '20', '--p10', '0.1', '--p01', '0.1', '--method', 'wald'],
      /--method: unknown value "wald"; allowed: pairedWald, tango/,
    ],
    [
      ['--paired', '--n', '0', '--p10', '0.1', '--p01', '0.1'],
      /--n: must be an integer in \[1, 1000000\], got 0/,
    ],
    [
      ['--paired', '--n', '100000', '--p10', '0.1', '--p01', '0.1'],
      /--n: gives 5000150001 tables for this method, more than the 5000000 allowed/,
    ],
    [['--paired', '--n', '20', '--p10', 'NaN', '--p01', '0.1'], /--p10: "NaN" is not a finite number/],
    [
      ['--paired', '--n', '20', '--p10', '0.1', '--p01', '0.1', '--level', '1'],
      /--level: must be a number in \(0, 1\)/,
    ],
  ])('rejects %j with one line naming the flag', async (args, message) => {
    const run = await evalsim('coverage', ...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
