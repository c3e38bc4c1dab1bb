/**
 * `evalsim leaderboard --systems` in process (runCli), at reduced replications: the table of
 * ranks, the corrections and the gap; the generated study beside the answers reruns
 * byte-identically; P(first) sums to 1 over entries; bad flags are named.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  test('reruns of the eval by default: ranks, corrections, gap; observed never called true; the study reruns byte-identically', async () => {
    const out = join(tmp, 'lb');
    const r = await evalsim(
      ...BASE,
      '--systems',
      'haiku_off,haiku_low,sonnet_off',
      '--questions',
      '20',
      '--replications',
      '200',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('as reruns of the eval');
    expect(text).toContain(
      'each board draws 20 whole clusters from the eval with replacement and answers each',
    );
    expect(r.stdout).toMatch(/P\(first\)/);
    expect(r.stdout).toMatch(/observed score/);
    expect(r.stdout).not.toMatch(/true accuracy|truly differ/);
    expect(r.stdout).toMatch(/\d–\d \(MC ±\d\.\d, ±\d\.\d\)/);
    expect(r.stdout).toMatch(/holm/);
    // Everything inside the folder --out; answers only with --keep answers.
    expect(readdirSync(out).sort()).toEqual(['.runs', 'leaderboard.arrow', 'leaderboard.json', 'ranks.svg']);
    expect(readFileSync(join(out, 'ranks.svg'), 'utf8')).toMatch(/^<svg/);
    const results = readFileSync(join(out, 'leaderboard.arrow'));
    const again = await evalsim(
      'run',
      join(out, 'leaderboard.json'),
      '--out',
      out,
      '--workers',
      '0',
      '--quiet',
    );
    expect(again.code).toBe(0);
    expect(readFileSync(join(out, 'leaderboard.arrow')).equals(results)).toBe(true);
  });

  test('--json: P(first) sums to 1; --rerun answers is labelled, --keep answers writes them', async () => {
    const out = join(tmp, 'c');
    const r = await evalsim(
      ...BASE,
      '--systems',
      'haiku_off,haiku_low',
      '--rerun',
      'answers',
      '--keep',
      'answers',
      '--replications',
      '200',
      '--json',
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.rerun).toBe('answers');
    expect(doc.view).toMatch(/^answer noise only/);
    expect(doc.entries.map((e: { entry: string }) => e.entry)).toEqual(['haiku_off', 'haiku_low']);
    expect(doc.entries[0].observed).toBeGreaterThan(0);
    expect(doc.entries[0].rankInterval[0]).toHaveProperty('mcse');
    // ties are broken per entry (marginally exact), so Σ P(first) = 1 in expectation: within 4·Σ MCSE
    type First = { first: { value: number; mcse: number } };
    const total = doc.entries.reduce((s: number, e: First) => s + e.first.value, 0);
    const mcse = doc.entries.reduce((s: number, e: First) => s + e.first.mcse, 0);
    expect(Math.abs(total - 1)).toBeLessThanOrEqual(4 * mcse + 1e-12);
    expect(doc.answers).toBe(join(out, 'answers.arrow'));
    expect(doc.study).toBe(join(out, 'leaderboard.json'));
    expect(doc.plot).toBe(join(out, 'ranks.svg'));
    expect(existsSync(join(out, 'answers.arrow'))).toBe(true);
  });

  test('bad flags are named; answer noise alone is refused with one epoch', async () => {
    const bad = async (...args: string[]) => {
      const r = await evalsim(...BASE, ...args, '--out', join(tmp, 'bad'));
      expect(r.code).not.toBe(0);
      return r.stderr;
    };
    expect(await bad('--systems', 'nope,haiku_off')).toMatch(/--systems: no system "nope"/);
    expect(await bad('--systems', 'haiku_off')).toMatch(/at least 2 systems/);
    expect(await bad('--systems', 'haiku_off,haiku_low', '--copies', '3')).toMatch(
      /--copies: a board of copies/,
    );
    expect(await bad('--systems', 'haiku_off,haiku_low', '--rerun', 'maybe')).toMatch(/--rerun: got "maybe"/);
    expect(await bad('--systems', 'haiku_off,haiku_low', '--keep', 'results')).toMatch(
      /--keep: unknown value "results"; allowed: answers/,
    );
    const csv = join(tmp, 'one-epoch.csv');
    writeFileSync(
      csv,
      `question,system,score\n${Array.from({ length: 20 }, (_, q) => `q${q},a,${q % 2}\nq${q},b,${q % 3 ? 1 : 0}`).join('\n')}\n`,
    );
    const r = await evalsim(
      'leaderboard',
      '--population',
      csv,
      '--systems',
      'a,b',
      '--rerun',
      'answers',
      '--out',
      join(tmp, 'x'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--rerun answers: .*one answer per question, so every question's rate is 0 or 1 and every board would be the same/,
    );
  });
});
