/**
 * `evalsim import` in process (runCli, working directory the repository root, paths given
 * relative to it): the summary, the Arrow file and its provenance, and for every bad input
 * of issue 11 one stderr line naming file, line and field, exit code 2 and no output file.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEvalArrow } from '@evalsim/sim';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { captureSink } from '../io.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = 'packages/sim/src/evals/fixtures';
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-import-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

describe('evalsim import', async () => {
  it('writes the canonical table into --out DIR and prints a summary per format, task, system and metric', async () => {
    const out = join(tmp, 'first', 'eval.arrow');
    const run = await evalsim(
      'import',
      `${fixtures}/helm/runs/v1.0.0`,
      `${fixtures}/lm-eval/mmlu-stem`,
      '--out',
      join(tmp, 'first'),
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s+/)).toEqual([
      'format',
      'task',
      'system',
      'metric',
      'files',
      'questions',
      'epochs',
      'clusters',
      'rows',
    ]);
    // The table fits 100 columns: a long system name wraps onto the next line.
    expect(lines[2].split(/\s+/)).toEqual([
      'helm',
      'mmlu',
      'meta/llama-3.1-8b-instruc',
      'exact_match',
      '2',
      '6',
      '2',
      '2',
      '12',
    ]);
    expect(lines[3].trim()).toBe('t-turbo');
    expect(lines[6].split(/\s+/)).toEqual([
      'lm-eval',
      'mmlu_stem',
      'EleutherAI/pythia-160m',
      'acc,none',
      '2',
      '6',
      '1',
      '2',
      '6',
    ]);
    // The lm-eval fixture ran each task on 3 documents (--limit): said once per run.
    const stderr = run.stderr.trimEnd().split('\n');
    expect(stderr.filter((l) => /tasks were run on part of their split/.test(l))).toHaveLength(2);
    expect(stderr.at(-1)).toBe(`wrote ${out}: 36 scored samples from 14 files`);
    const back = readEvalArrow(out);
    expect(back.table.rowCount).toBe(36);
    expect(back.provenance.sources.map((s) => s.format)).toEqual([
      ...Array(8).fill('helm'),
      ...Array(6).fill('lm-eval'),
    ]);
    expect(back.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('tells what is missing, in the terminal and in --json warnings: a grouping without --cluster, a limited lm-eval run', async () => {
    const csv = join(tmp, 'subjects.csv');
    const lines = ['question,system,subject,score'];
    for (const system of ['gpt-x', 'openai/gpt-x'])
      for (let q = 0; q < 12; q++) lines.push(`q${q},${system},s${q % 3},${q % 2}`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const run = await evalsim('import', csv, `${fixtures}/lm-eval/mmlu-stem`);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'warning: subject looks like a grouping of the questions (3 values over 12 questions, 4.0 each) but no cluster is set',
    );
    expect(run.stderr).toMatch(
      /results_2024-06-03T14-21-07\.318592\.json: 2 tasks were run on part of their split/,
    );
    const json = JSON.parse((await evalsim('import', csv, `${fixtures}/lm-eval/mmlu-stem`, '--json')).stdout);
    expect(json.warnings.some((w: string) => w.startsWith('subject looks like a grouping'))).toBe(true);
    expect(json.warnings.filter((w: string) => /tasks were run on part of their split/.test(w))).toHaveLength(
      2,
    );
  });

  it('prints one JSON document with --json, and only checks without --out', async () => {
    const run = await evalsim(
      'import',
      `${fixtures}/inspect/2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json`,
      '--json',
    );
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.out).toBeNull();
    expect(doc.rows).toBe(6);
    expect(doc.summary[0]).toMatchObject({
      format: 'inspect-json',
      system: 'openai/gpt-4o-mini-2024-07-18',
      epochs: 2,
    });
    expect(doc.warnings).toHaveLength(2);
    expect(doc.sources[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes the same bytes with --threads 0 and --threads 2, and refuses another count naming the flag', async () => {
    const logs = [
      `${fixtures}/inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval`,
      `${fixtures}/inspect/zstd-members.eval`,
      `${fixtures}/inspect/thinned-metadata.eval`,
    ];
    const labels = logs.flatMap((l, k) => ['--system-label', `${l}=s${k}`]);
    const bytes = [];
    for (const threads of ['0', '2']) {
      const out = join(tmp, `threads-${threads}.arrow`);
      const run = await evalsim('import', ...logs, ...labels, '--threads', threads, '--out', out);
      expect(run.code, run.stderr).toBe(0);
      bytes.push(readFileSync(out));
    }
    expect(bytes[1].equals(bytes[0])).toBe(true);
    const bad = await evalsim('import', logs[0], '--threads', '9');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/threads/);
  });

  it('the long table columns are --system-column, --epoch-column, --task-column as in every command; the old names work with a warning', async () => {
    const csv = `${fixtures}/long/custom-columns.csv`;
    const base = ['import', csv, '--question', 'item_id', '--score', 'is_correct'];
    const current = await evalsim(...base, '--system-column', 'model', '--epoch-column', 'attempt', '--json');
    expect(current.code).toBe(0);
    expect(current.stderr).toBe('');
    const old = await evalsim(...base, '--system', 'model', '--epoch', 'attempt', '--json');
    expect(old.code).toBe(0);
    expect(old.stderr).toMatch(/warning: --epoch is deprecated here: use --epoch-column/);
    expect(old.stderr).toMatch(
      /warning: --system is deprecated here: use --system-column COL .* or --system-label LABEL/,
    );
    expect(old.stdout).toBe(current.stdout);
    const both = await evalsim(
      ...base,
      '--system-column',
      'model',
      '--epoch',
      'attempt',
      '--epoch-column',
      'attempt',
    );
    expect(both.code).not.toBe(0);
    expect(both.stderr).toMatch(/give --epoch-column only/);
    const mixed = await evalsim(...base, '--system', 'model', '--system-column', 'model');
    expect(mixed.code).not.toBe(0);
    expect(mixed.stderr).toMatch(/--system is the old form of --system-label and --system-column/);
  });

  it('labels files with --system-label FILE=LABEL (logs and long tables) and maps long-table columns', async () => {
    const csv = `${fixtures}/long/custom-columns.csv`;
    const run = await evalsim(
      'import',
      csv,
      '--question',
      'item_id',
      '--system-column',
      'model',
      '--score',
      'is_correct',
      '--epoch-column',
      'attempt',
      '--json',
    );
    expect(JSON.parse(run.stdout).summary.map((r: { system: string }) => r.system)).toEqual([
      'm-small',
      'm-large',
    ]);
    // A bare label on a long table replaces its system column (no --system-column needed).
    const single = join(tmp, 'one-system.csv');
    writeFileSync(single, 'question,model,score\nq1,m,1\nq2,m,0\n');
    const one = await evalsim('import', single, '--system-label', 'everyone', '--json');
    expect(one.stderr).toBe('');
    expect(JSON.parse(one.stdout).summary.map((r: { system: string }) => r.system)).toEqual(['everyone']);
    const gsm = `${fixtures}/lm-eval/gsm8k-filters`;
    const labelled = await evalsim(
      'import',
      gsm,
      '--filter',
      'strict-match',
      '--system-label',
      `${gsm}=llama-1b`,
      '--json',
    );
    expect(JSON.parse(labelled.stdout).summary[0].system).toBe('llama-1b');
    const two = await evalsim('import', gsm, '--system-label', 'a', '--system-label', 'b');
    expect(two.stderr).toMatch(/--system-label: two labels \("a", "b"\)/);
  });

  const bad: [string, string[], RegExp][] = [
    [
      'a malformed line',
      [`${fixtures}/lm-eval/bad/malformed-line`],
      /samples_arith_2024-08-01T12-00-00\.000000\.jsonl, line 2, column 176: malformed JSON/,
    ],
    [
      'a missing field',
      [`${fixtures}/lm-eval/bad/missing-field`],
      /samples_arith_.*\.jsonl, line 3, field "doc_id": is missing/,
    ],
    [
      'two scorers with none chosen',
      [`${fixtures}/inspect/bad/two-scorers.json`],
      /two-scorers\.json, field "scores": 2 scorers \(choice, model_graded_fact\) and none chosen/,
    ],
    [
      'a duplicate (question, epoch)',
      [`${fixtures}/long/bad/duplicate.csv`],
      /duplicate\.csv, line 5, field "question": .*question q2 epoch 1 is scored twice \(also at .*duplicate\.csv, line 3\)/,
    ],
    [
      'invalid UTF-8',
      [`${fixtures}/long/bad/invalid-utf8.csv`],
      /invalid-utf8\.csv, line 4, column 6: invalid UTF-8/,
    ],
    [
      'an id above 2^53',
      [`${fixtures}/lm-eval/bad/big-id`],
      /line 2, field "doc_id": integer id 9007199254740992 is above 2\^53/,
    ],
    [
      'a missing epoch',
      [`${fixtures}/inspect/bad/missing-epoch.json`],
      /missing-epoch\.json, field "samples\[2\]\.epoch": the epoch is missing/,
    ],
    ['an unknown file', ['package.json'], /package\.json: not a recognised eval log: a JSON file/],
  ];
  for (const [what, inputs, message] of bad) {
    it(`refuses ${what} with one line naming the place, exit 2, and no output file`, async () => {
      const out = join(tmp, what.replace(/\W+/g, '-'));
      const run = await evalsim('import', ...inputs, '--out', out);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out)).toBe(false);
    });
  }

  it("reads and writes relative to the command's working directory, showing paths as given", async () => {
    const cwd = join(tmp, 'elsewhere');
    cpSync(join(root, fixtures, 'lm-eval/gsm8k-filters'), join(cwd, 'logs'), { recursive: true });
    expect(process.cwd()).not.toBe(cwd);
    const result = await runCli(
      [
        'import',
        'logs',
        '--filter',
        'strict-match',
        '--system-label',
        'logs=llama-1b',
        '--out',
        'gsm',
        '--json',
      ],
      { cwd, env: {} },
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.out).toBe('gsm/eval.arrow');
    expect(doc.summary[0].system).toBe('llama-1b');
    const back = readEvalArrow(join(cwd, 'gsm', 'eval.arrow'));
    expect(back.provenance.sources.length).toBeGreaterThan(0);
    for (const source of back.provenance.sources) expect(source.path).toMatch(/^logs\//);
    expect(back.provenance.sources).toEqual(doc.sources);
  });

  it('refuses a missing path, an --out that is a file, and an --out whose eval.arrow is a directory', async () => {
    expect((await evalsim('import', 'no/such/logs')).stderr).toBe(
      'evalsim: no/such/logs: no such file or directory\n',
    );
    const csv = `${fixtures}/long/two-systems.csv`;
    writeFileSync(join(tmp, 'a-file'), 'x');
    expect((await evalsim('import', csv, '--out', join(tmp, 'a-file'))).stderr).toMatch(
      /--out .*a-file: .*a-file is a file, not a directory/,
    );
    mkdirSync(join(tmp, 'taken', 'eval.arrow'), { recursive: true });
    expect((await evalsim('import', csv, '--out', join(tmp, 'taken'))).stderr).toMatch(
      /--out .*taken: .*eval\.arrow is a directory, not a file/,
    );
  });

  it('--out is a folder, as everywhere; the old --out FILE.arrow still writes that file, with a warning; every command reads the folder back', async () => {
    const csv = `${fixtures}/long/two-systems.csv`;
    const legacy = join(tmp, 'old-form.arrow');
    const old = await evalsim('import', csv, '--out', legacy);
    expect(old.code).toBe(0);
    expect(old.stderr).toMatch(
      /warning: import --out .*old-form\.arrow: --out is a folder, as in every command \(--out DIR writes DIR\/eval\.arrow\)/,
    );
    const folder = join(tmp, 'new-form');
    const now = await evalsim('import', csv, '--out', folder);
    expect(now.code).toBe(0);
    expect(now.stderr).not.toMatch(/warning: import --out/);
    expect(readFileSync(join(folder, 'eval.arrow'))).toEqual(readFileSync(legacy));
    const fromFolder = await evalsim('analyze', folder, '--json');
    const fromFile = await evalsim('analyze', legacy, '--json');
    expect(fromFolder.code).toBe(0);
    expect(JSON.parse(fromFolder.stdout).systems).toEqual(JSON.parse(fromFile.stdout).systems);
  });

  it('draws a progress line of the logs read on a terminal, none with --quiet, --json or off a terminal', async () => {
    const args = ['import', `${fixtures}/helm/runs/v1.0.0`, `${fixtures}/lm-eval/mmlu-stem`];
    const terminal = Object.assign(captureSink(), { isTTY: true, columns: 100 });
    const shown = await runCli(args, { cwd: root, env: {}, stderr: terminal });
    expect(shown.exitCode).toBe(0);
    const done = terminal.text.match(/import: logs read (\d+)\/(\d+)/g) ?? [];
    expect(done.length).toBeGreaterThan(0);
    const [, last, total] = /(\d+)\/(\d+)$/.exec(done.at(-1)!)!;
    expect(last).toBe(total);
    for (const extra of ['--quiet', '--json']) {
      const sink = Object.assign(captureSink(), { isTTY: true, columns: 100 });
      await runCli([...args, extra], { cwd: root, env: {}, stderr: sink });
      expect(sink.text).not.toMatch(/import: logs read/);
    }
    expect((await runCli(args, { cwd: root, env: {} })).stderr).not.toMatch(/import: logs read/);
  });
});
