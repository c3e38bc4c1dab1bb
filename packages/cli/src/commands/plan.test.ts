/**
 * `evalsim plan` in process (runCli), at reduced replications: it writes the generated
 * study, its results and the power-curve SVG; `evalsim run` on the written study reproduces
 * the results byte for byte; JSON output carries the curves and Miller's closed form; bad
 * flags are named. (The MMLU figures at full replications: sim yourEval/planStudy.test.ts.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-plan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const STANDIN = 'studies/data/mmlu-standin.csv';

describe('evalsim plan', () => {
  test('writes study, results and plot; the study reruns byte-identically; output fits 100 columns', async () => {
    const out = join(tmp, 'a');
    // Seed 000 Step 4: one answer per question (--epochs 1; the stand-in has 5, 5 and 2).
    const flags = [
      '--systems',
      'haiku_low,sonnet_off',
      '--resample',
      'questions',
      '--sizes',
      '200,400',
      '--epochs',
      '1',
    ];
    const r = await evalsim(
      'plan',
      STANDIN,
      '--delta',
      '0.03',
      ...flags,
      '--replications',
      '200',
      '--workers',
      '0',
      '--quiet',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/exact McNemar/);
    expect(r.stdout).toMatch(/Miller's closed form: 1,16\d questions/);
    // (file paths print whole)
    for (const line of r.stdout.split('\n').filter((l) => !/^(wrote|rerun| {2})/.test(l)))
      expect(line.length).toBeLessThanOrEqual(100);
    expect(readFileSync(join(out, 'plan.svg'), 'utf8')).toMatch(/^<svg/);
    const first = readFileSync(join(out, 'plan.arrow'));
    const again = await evalsim('run', join(out, 'plan.json'), '--out', out, '--workers', '0', '--quiet');
    expect(again.code).toBe(0);
    expect(readFileSync(join(out, 'plan.arrow')).equals(first)).toBe(true);
  });

  test('--json: curves, closed form, clusters resampled by default with the clustered test', async () => {
    const r = await evalsim(
      'plan',
      STANDIN,
      '--delta',
      '0.05',
      '--systems',
      'haiku_off',
      '--sizes',
      '3,6',
      '--replications',
      '100',
      '--workers',
      '0',
      '--json',
      '--out',
      join(tmp, 'b'),
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.unit).toBe('clusters');
    // Haiku's 5 epochs: the estimated per-question truth has no rate of exactly 0 or 1, so the
    // logit shift reaches δ (on the observed rates, many 0/5 and 5/5, only the mixture could).
    expect(doc.epochs).toBe(5);
    expect(doc.truth.mode).toBe('shrunk');
    expect(doc.shift).toBe('logit');
    expect(doc.curves.map((c: { id: string }) => c.id)).toEqual(['pairedCr2', 'pairedClustered', 'pairedZ']);
    expect(doc.closedForm).toHaveLength(2);
    expect(doc.curves[0].points[1].power).toBeGreaterThan(doc.curves[0].points[0].power);
  });

  test('an imported eval (long CSV) is converted to a population file beside the study', async () => {
    const csv = join(tmp, 'long.csv');
    const lines = ['question,system,score,cluster'];
    for (let q = 0; q < 40; q++)
      for (const s of ['a', 'b'])
        lines.push(`q${q},${s},${(q * 7 + (s === 'a' ? 1 : 0)) % 3 === 0 ? 0 : 1},c${q % 8}`);
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const out = join(tmp, 'c');
    const r = await evalsim(
      'plan',
      csv,
      '--delta',
      '0.1',
      '--resample',
      'questions',
      '--sizes',
      '50',
      '--replications',
      '50',
      '--workers',
      '0',
      '--json',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'population.csv'), 'utf8')).toMatch(
      /^question,cluster,correct_a,k_a,first_a,answers_a/,
    );
    expect(JSON.parse(readFileSync(join(out, 'plan.json'), 'utf8')).model.params.population).toBe(
      'population.csv',
    );
  });

  test('bad flags are named', async () => {
    const bad = async (...args: string[]) => {
      const r = await evalsim('plan', STANDIN, ...args, '--out', join(tmp, 'bad'));
      expect(r.code).not.toBe(0);
      return r.stderr;
    };
    expect(await bad('--delta', '0')).toMatch(/--delta/);
    expect(await bad('--delta', '0.03')).toMatch(/--systems: the eval has 3 systems/);
    expect(await bad('--delta', '0.03', '--systems', 'x')).toMatch(/--systems: no system "x"/);
    expect(await bad('--delta', '0.03', '--systems', 'haiku_off', '--power', '1.5')).toMatch(/--power/);
    expect(
      await bad(
        '--delta',
        '0.03',
        '--systems',
        'haiku_off',
        '--design',
        'independent',
        '--resample',
        'clusters',
      ),
    ).toMatch(/--design independent/);
  });
});
