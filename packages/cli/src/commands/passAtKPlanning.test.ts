/**
 * `evalsim audit --k` and `evalsim plan --samples` in process (runCli), at reduced replications:
 * the audit's generated study covers each design with every pass@k interval and says what holds;
 * the samples plan's fitted beta-binomial predicts the eval's own question-level SE, its
 * questions needed are Var(ĝ_n)/SE², and its simulated SEs land near the target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-passk-planning-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const evalsim = async (...args: string[]) => {
  const r = await runCli(args, { cwd: root, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
};

describe('audit --k and plan --samples', () => {
  test('audit --k: every design × interval, a verdict and a recommendation', async () => {
    const out = join(tmp, 'audit');
    const r = await evalsim(
      'audit',
      'packages/sim/src/evals/fixtures/tau2-bench/gpt-4.1_airline/results.json',
      '--k',
      '1,2',
      '--replications',
      '30',
      '--workers',
      '0',
      '--json',
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.facts.samples).toBe(4);
    expect(doc.facts.equalSamples).toBe(false); // one infrastructure error: one task has 3
    const designs = [...new Set(doc.rows.map((x: { design: string }) => x.design))];
    expect(designs).toEqual(['n=4, pass@1', 'n=4, pass@2', 'n=4, pass^2']);
    expect(doc.rows.filter((x: { method: string }) => x.method === 'wilson')).toHaveLength(3);
    expect(doc.recommendation).toMatch(/Wilson at the question-level effective size/);
  });
  test('plan --samples: Miller generalised, checked by simulation', async () => {
    const out = join(tmp, 'plan');
    const r = await evalsim(
      'plan',
      'studies/data/mmlu-standin.csv',
      '--samples',
      '1,5',
      '--k',
      '1,5',
      '--target-se',
      '0.02',
      '--systems',
      'haiku_off',
      '--replications',
      '100',
      '--workers',
      '0',
      '--json',
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const own = doc.eval.observedSe[0];
    expect(Math.abs(own.predicted / own.observed - 1)).toBeLessThan(0.05);
    expect(doc.rows.map((x: { k: number; samples: number }) => `${x.k}/${x.samples}`)).toEqual([
      '1/1',
      '1/5',
      '5/5',
    ]);
    for (const row of doc.rows) {
      expect(row.questions).toBe(Math.max(2, Math.ceil(row.perQuestionVariance / 0.02 ** 2)));
      // 100 replications: the SE's MCSE is about 7%; 4 of them.
      expect(Math.abs(row.simulatedSe.value - 0.02)).toBeLessThan(4 * row.simulatedSe.mcse + 0.001);
    }
  });
});
