/**
 * `evalsim analyze --labels` in process: the judged stand-in (two systems, a self-preferring
 * judge, 150 of 1,000 questions labelled), the --json and --out files (Markdown, JSON, Arrow with
 * its metadata; byte-identical on a rerun), inspect_ai logs with a gold scorer, `evalsim import
 * --labels` then analyze of the Arrow, and the warnings of labels for one system only and of a
 * slice that is not random.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-judged-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const standin = 'studies/data/judged-standin.csv';
const inspectLogs = 'packages/sim/src/evals/fixtures/inspect/judged';

async function evalsim(...args: string[]) {
  const r = await runCli(args, { cwd: root, env: {} });
  return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

describe('evalsim analyze --labels', () => {
  it('the stand-in: the recommended number first, then every estimate, agreement and the slice checks', async () => {
    const run = await evalsim('analyze', standin, '--labels', 'human');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const text = run.stdout.replace(/\s+/g, ' ');
    expect(text).toContain(
      'model_a: PPI++ 71.0%, 95% CI [63.2, 78.8] (150 of 1,000 rows labelled); the judge alone says 77.7% (biased: it disagrees with some labels).',
    );
    expect(text).toContain(
      'model_b − model_a: PPI++ difference −2.9 points, 95% CI [−9.7, +4.0] (includes 0); the judge alone says −11.2 [−14.2, −8.2].',
    );
    for (const heading of [
      'Recommended estimate per system',
      'Every estimate',
      'Judge agreement on the labelled rows',
      'Is the labelled slice a random sample?',
      'Pairs: first − second on the 1,000 shared questions',
    ])
      expect(text).toContain(heading);
    expect(run.stdout.indexOf('model_a: PPI++')).toBeLessThan(run.stdout.indexOf('Every estimate'));
  });

  it("docs/judged.md's worked example prints what the page shows", async () => {
    const page = readFileSync(join(root, 'docs/judged.md'), 'utf8');
    const block = page.slice(page.indexOf('```\nmodel_a') + 4).split('\n```')[0];
    expect(block).toMatch(/^model_a: PPI\+\+/);
    const run = await evalsim('analyze', standin, '--labels', 'human');
    const flat = (t: string) => t.replace(/\s+/g, ' ').trim();
    expect(flat(run.stdout)).toContain(flat(block));
  });

  it('--json and --out: the same numbers, Markdown, JSON and Arrow, byte-identical on a rerun', async () => {
    const json = await evalsim('analyze', standin, '--labels', 'human', '--json');
    const doc = JSON.parse(json.stdout);
    expect(doc.perSystem.map((s: { recommended: { method: string } }) => s.recommended.method)).toEqual([
      'ppiPlusPlus',
      'ppiPlusPlus',
    ]);
    expect(doc.conventions[0]).toMatch(/unlabelled rows: the judged rows without a label/);
    const skipped = doc.perSystem[0].estimates.find((e: { method: string }) => e.method === 'lee');
    expect(skipped.lambda).toBeNull();
    const out = join(tmp, 'report');
    const first = await evalsim('analyze', standin, '--labels', 'human', '--out', out);
    expect(first.stderr).toContain('wrote');
    const files = ['analysis.md', 'analysis.json', 'systems.arrow', 'pairs.arrow'];
    const bytes = files.map((f) => readFileSync(join(out, f)));
    await evalsim('analyze', standin, '--labels', 'human', '--out', out);
    for (const [k, f] of files.entries()) expect(readFileSync(join(out, f)).equals(bytes[k]), f).toBe(true);
    expect(JSON.parse(bytes[1].toString()).perSystem).toEqual(doc.perSystem);
    expect(bytes[0].toString()).toContain('## Conventions');
    const systems = tableFromIPC(bytes[2]);
    expect(systems.numRows).toBe(12);
    expect(JSON.parse(systems.schema.metadata.get('evalsim.analysis')!)).toMatchObject({
      metric: 'score',
      labels: 'label:human',
      questions: 1000,
      clusters: 25,
    });
    const row = systems.get(0)!.toJSON();
    expect([row.system, row.method, row.recommended]).toEqual(['model_a', 'ppiPlusPlus', true]);
    expect(row.estimate).toBe(doc.perSystem[0].estimates[0].estimate);
    const pairs = tableFromIPC(bytes[3]);
    expect(pairs.numRows).toBe(5);
  });

  it('says which analyze flags do not apply with --labels', async () => {
    const run = await evalsim('analyze', standin, '--labels', 'human', '--epoch', '1', '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('note: --epoch does not apply with --labels');
  });

  it('inspect_ai logs with a gold scorer, clustered by subject', async () => {
    const run = await evalsim(
      'analyze',
      inspectLogs,
      '--metric',
      'model_graded_qa',
      '--labels',
      'scorer:human_label',
      '--cluster',
      'metadata.subject',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect([doc.labelMetric, doc.clusters, doc.questions, doc.pairs[0].slice]).toEqual([
      'human_label',
      3,
      12,
      'shared',
    ]);
  });

  it('evalsim import --labels keeps the labels in the Arrow file; analyze reads them back', async () => {
    const arrow = join(tmp, 'judged.arrow');
    const imported = await evalsim('import', standin, '--labels', 'human', '--out', arrow);
    expect(imported.code, imported.stderr).toBe(0);
    const direct = JSON.parse((await evalsim('analyze', standin, '--labels', 'human', '--json')).stdout);
    const viaArrow = JSON.parse((await evalsim('analyze', arrow, '--labels', 'human', '--json')).stdout);
    expect(viaArrow.perSystem).toEqual(direct.perSystem);
  });

  it('labels for one system only, and a slice that is not random, are warned about', async () => {
    const lines = ['question,system,cluster,score,human'];
    for (let q = 1; q <= 60; q++) {
      const verdict = (q * 7) % 10 < 7 ? 1 : 0;
      lines.push(`q${q},a,c${q % 3},${verdict},${q % 3 === 0 ? verdict : ''}`);
      lines.push(`q${q},b,c${q % 3},${1 - verdict},`);
    }
    const path = join(tmp, 'one-system.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const run = await evalsim('analyze', path, '--labels', 'human');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('warning: labels for some systems only: b has no labelled row');
    expect(run.stderr).toMatch(
      /warning: a: the labelled share differs across clusters \(χ² = 60\.0, df 2, p = /,
    );
    expect(run.stdout.replace(/\s+/g, ' ')).toContain('b: judge only (uncorrected)');
  });
});
