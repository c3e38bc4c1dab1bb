/**
 * `evalsim plan --labels … --width` and `evalsim audit --labels …` in process on the judged
 * stand-in: the generated studies are written beside their results and rerun byte for byte by
 * `evalsim run`; the JSON documents carry the closed forms, the curves and the verdicts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-judged-plan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const standin = 'studies/data/judged-standin.csv';

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: root, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

describe('plan and audit of a judge-scored eval', () => {
  it('plan --labels --width: closed forms, simulated widths, the labels needed; rerun byte for byte', async () => {
    const out = join(tmp, 'plan');
    const args = [
      'plan',
      standin,
      '--labels',
      'human',
      '--width',
      '0.1',
      '--systems',
      'model_b',
      '--sizes',
      '100,250,400',
    ];
    const run = await evalsim(
      ...args,
      '--replications',
      '200',
      '--workers',
      '0',
      '--out',
      out,
      '--quiet',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.facts.system).toBe('model_b');
    expect(doc.closedForm.map((c: { method: string }) => c.method)).toEqual([
      'ppiPlusPlus',
      'roganGladenDelta',
      'labelledOnly',
    ]);
    const ppi = doc.curves.find((c: { method: string }) => c.method === 'ppiPlusPlus');
    expect(ppi.required.estimate.kind).toBe('at');
    expect(Math.abs(ppi.required.estimate.labels - doc.closedForm[0].labels)).toBeLessThan(
      0.1 * doc.closedForm[0].labels,
    );
    const text = await evalsim(...args, '--replications', '200', '--workers', '0', '--out', out, '--quiet');
    expect(text.stdout).toMatch(/ppiPlusPlus: a 10\.0-point interval needs \d+ labels \(±2 MCSE band/);
    const bytes = readFileSync(join(out, 'judged-plan.arrow'));
    const rerun = join(tmp, 'rerun');
    const again = await evalsim(
      'run',
      join(out, 'judged-plan.json'),
      '--out',
      rerun,
      '--workers',
      '0',
      '--quiet',
    );
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(rerun, 'judged-plan.arrow')).equals(bytes)).toBe(true);
  });

  it('audit --labels: every interval per system and for the pair, with Bradley’s verdict', async () => {
    const out = join(tmp, 'audit');
    const run = await evalsim(
      'audit',
      standin,
      '--labels',
      'human',
      '--replications',
      '200',
      '--out',
      out,
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.studies.map((s: { label: string }) => s.label)).toEqual([
      'model_a',
      'model_b',
      'model_b − model_a',
    ]);
    const judge = doc.studies[0].intervals.find((i: { method: string }) => i.method === 'judgeOnly');
    expect(judge.verdict).toBe('too low');
    expect(doc.files).toHaveLength(6);
  });

  it('refuses what it cannot plan, naming the flag', async () => {
    let r = await evalsim('plan', standin, '--labels', 'human', '--out', join(tmp, 'x'));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('missing --width');
    r = await evalsim('plan', standin, '--out', join(tmp, 'x'));
    expect(r.stderr).toContain('missing --delta');
    r = await evalsim(
      'plan',
      standin,
      '--labels',
      'human',
      '--width',
      '0.1',
      '--systems',
      'model_a,model_b',
      '--out',
      join(tmp, 'x'),
    );
    expect(r.stderr).toContain('--systems: with --labels, name one system');
    r = await evalsim('plan', standin, '--labels', 'human', '--width', '1.5', '--out', join(tmp, 'x'));
    expect(r.stderr).toContain('--width');
  });
});
