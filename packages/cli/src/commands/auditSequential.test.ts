/**
 * `evalsim audit --looks` and `evalsim plan --looks`'s simulated check in process (runCli) on the
 * docs' worked example (studies/data/seed000-shuffled.jsonl): the same seed gives the same bytes
 * with 1 and 2 workers, the JSON carries every method's type-I error, power, expected questions
 * and coverage with MCSEs, --html writes a page, and plan --looks's JSON carries the check.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-seqaudit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const LOG = 'studies/data/seed000-shuffled.jsonl';

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

describe('evalsim audit --looks', () => {
  const audit = (out: string, ...more: string[]) =>
    evalsim(
      'audit',
      LOG,
      '--looks',
      '5',
      '--system',
      'sonnet_off',
      '--versus',
      'haiku_off',
      '--replications',
      '300',
      '--seed',
      '4',
      '--out',
      join(tmp, out),
      '--quiet',
      ...more,
    );

  test('same seed → the same JSON and results bytes with 1 and 2 workers; every method reported', async () => {
    const one = await audit('w1', '--json', '--workers', '1');
    const two = await audit('w2', '--json', '--workers', '2');
    expect(one.code).toBe(0);
    const strip = (s: string) =>
      s
        .replaceAll(join(tmp, 'w1'), 'OUT')
        .replaceAll(join(tmp, 'w2'), 'OUT')
        .replaceAll(/w[12]\//g, 'OUT/');
    expect(strip(two.stdout)).toBe(strip(one.stdout));
    expect(readFileSync(join(tmp, 'w2', 'audit-sequential.arrow'))).toEqual(
      readFileSync(join(tmp, 'w1', 'audit-sequential.arrow')),
    );
    const doc = JSON.parse(one.stdout);
    expect(doc.facts.resample).toBe('clusters');
    expect(doc.facts.sizes).toEqual([228, 456, 684, 912, 1140]);
    expect(doc.methods.map((m: { id: string }) => m.id)).toEqual([
      'gate',
      'naiveLooks',
      'naiveEvery',
      'betting',
      'msprt',
      'betaBinomial',
      'csBetting',
      'csNormalMixture',
    ]);
    const gate = doc.methods[0];
    expect(gate.typeI.mcse).toBeGreaterThan(0);
    expect(['at α', 'below α', 'too high']).toContain(gate.typeIVerdict);
    expect(gate.questionsObserved.value).toBeLessThan(gate.questionsNull.value);
    expect(doc.methods[6].coverageVerdict).toMatch(/holds|too low/);
    expect(doc.recommendation).toMatch(
      /^At 1,140 questions \(whole clusters of 57 resampled in random order\), the O'Brien–Fleming gate/,
    );
  });

  test('text and --html', async () => {
    const r = await audit('html', '--html', join(tmp, 'audit.html'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('type-I error %');
    expect(r.stdout).toContain('Confidence sequences, read after question 1,140');
    expect(existsSync(join(tmp, 'audit.html'))).toBe(true);
    expect(readFileSync(join(tmp, 'audit.html'), 'utf8')).toContain('csBetting');
  });

  test('plan --looks: the simulated check beside the closed form in the JSON', async () => {
    const r = await evalsim(
      'plan',
      'studies/data/mmlu-standin.csv',
      '--delta',
      '0.03',
      '--systems',
      'haiku_low,sonnet_off',
      '--resample',
      'questions',
      '--replications',
      '200',
      '--sequential-replications',
      '500',
      '--looks',
      '5',
      '--out',
      join(tmp, 'plan'),
      '--json',
      '--quiet',
    );
    expect(r.code).toBe(0);
    const sim = JSON.parse(r.stdout).sequential.simulated;
    expect(sim.replications).toBe(500);
    expect(sim.checks.map((c: { what: string }) => c.what)).toEqual([
      'power at δ',
      'expected questions at δ',
      'type-I error (no gap)',
      'expected questions, no gap',
    ]);
    for (const c of sim.checks) expect(c.simulated.mcse).toBeGreaterThan(0);
    expect(existsSync(join(tmp, 'plan', 'plan-sequential.arrow'))).toBe(true);
  });
});
