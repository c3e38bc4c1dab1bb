/**
 * `evalsim leaderboard --systems` in process (runCli), at reduced replications: the table of
 * ranks, the corrections and the gap; the generated study beside the answers reruns
 * byte-identically; P(first) sums to 1 over entries; bad flags are named.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-systems-lb-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const BASE = ['leaderboard', '--population', 'studies/data/mmlu-standin.csv', '--workers', '0'];

describe('evalsim leaderboard --systems', () => {
  test('ranks, corrections, gap; the study reruns byte-identically', async () => {
    const out = join(tmp, 'lb.arrow');
    const r = await evalsim(
      ...BASE,
      '--systems',
      'haiku_off,haiku_low,sonnet_off',
      '--questions',
      '100',
      '--replications',
      '200',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/P\(first\)/);
    expect(r.stdout).toMatch(/holm/);
    expect(r.stdout).toMatch(/3 of 3 pairs truly differ/);
    expect(readFileSync(join(tmp, 'lb.ranks.svg'), 'utf8')).toMatch(/^<svg/);
    const results = readFileSync(join(tmp, 'lb-leaderboard.arrow'));
    const again = await evalsim(
      'run',
      join(tmp, 'lb-leaderboard.json'),
      '--out',
      tmp,
      '--workers',
      '0',
      '--quiet',
    );
    expect(again.code).toBe(0);
    expect(readFileSync(join(tmp, 'lb-leaderboard.arrow')).equals(results)).toBe(true);
  });

  test('--json: P(first) sums to 1; copies of one system are a board of identical entries', async () => {
    const r = await evalsim(
      ...BASE,
      '--systems',
      'haiku_off',
      '--copies',
      '4',
      '--replications',
      '200',
      '--json',
      '--out',
      join(tmp, 'c.arrow'),
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.entries.map((e: { entry: string }) => e.entry)).toEqual([
      'haiku_off.1',
      'haiku_off.2',
      'haiku_off.3',
      'haiku_off.4',
    ]);
    // ties are broken per entry (marginally exact), so Σ P(first) = 1 in expectation: within 4·Σ MCSE
    type First = { first: { value: number; mcse: number } };
    const total = doc.entries.reduce((s: number, e: First) => s + e.first.value, 0);
    const mcse = doc.entries.reduce((s: number, e: First) => s + e.first.mcse, 0);
    expect(Math.abs(total - 1)).toBeLessThanOrEqual(4 * mcse);
    expect(doc.differentPairs).toBe(0);
  });

  test('bad flags are named', async () => {
    const bad = async (...args: string[]) => {
      const r = await evalsim(...BASE, ...args, '--out', join(tmp, 'bad.arrow'));
      expect(r.code).not.toBe(0);
      return r.stderr;
    };
    expect(await bad('--systems', 'nope,haiku_off')).toMatch(/--systems: no system "nope"/);
    expect(await bad('--systems', 'haiku_off')).toMatch(/at least 2 entries/);
    expect(await bad('--copies', '3')).toMatch(/--copies: goes with --systems/);
  });
});
