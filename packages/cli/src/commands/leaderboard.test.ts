/**
 * `evalsim leaderboard` in process (runCli): the Arrow file opens with apache-arrow and
 * holds replications × models × questions answers, with the study's provenance; bad
 * options are named.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { answersFileBytes } from '@evalsim/sim/internal';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';
import { captureSink } from '../io.js';
import { LARGE_OUTPUT_BYTES, warnLargeOutput } from './outputSize.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-leaderboard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The part of an apache-arrow Table this test reads. */
interface ArrowTable {
  readonly numRows: number;
  readonly schema: {
    readonly fields: readonly { readonly name: string }[];
    readonly metadata: ReadonlyMap<string, string>;
  };
  getChild(name: string): { toArray(): ArrayLike<number> } | null;
}

async function tableFromIPC(bytes: Uint8Array): Promise<ArrowTable> {
  const arrowPath = createRequire(join(root, 'packages/sim/package.json')).resolve('apache-arrow');
  const arrow = (await import(pathToFileURL(arrowPath).href)) as { tableFromIPC(b: Uint8Array): ArrowTable };
  return arrow.tableFromIPC(bytes);
}

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

describe('evalsim leaderboard', () => {
  test('P(first) with ties for first: the note says why the shares need not sum to 1, and what they sum to', async () => {
    const args = [
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--systems',
      'haiku_off,haiku_low,sonnet_off',
      '--replications',
      '200',
    ];
    const json = await evalsim(...args, '--json', '--out', join(tmp, 'ties-json'));
    expect(json.code).toBe(0);
    const sum = (JSON.parse(json.stdout).entries as { first: { value: number } }[]).reduce(
      (total, e) => total + e.first.value,
      0,
    );
    const text = await evalsim(...args, '--out', join(tmp, 'ties-text'));
    expect(text.code).toBe(0);
    // (Seed 1 at R = 200: on one board haiku_low and sonnet_off tie for first and both are placed first.)
    expect(sum).toBeGreaterThan(1);
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(
      `both or neither may be placed first and the shares sum to 1 only in expectation: here ${sum.toFixed(3)}`,
    );
  });

  test('writes every simulated answer as Arrow into the folder --out and prints a summary', async () => {
    const out = join(tmp, 'lb');
    const run = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--models',
      '5',
      '--replications',
      '7',
      '--seed',
      '3',
      '--questions',
      '60',
      '--workers',
      '0',
      '--keep',
      'answers',
      '--out',
      out,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/significant pairs of 10/);
    expect(run.stdout).toMatch(/2100 answers/);
    expect(readdirSync(out)).toEqual(['answers.arrow']);
    const table = await tableFromIPC(readFileSync(join(out, 'answers.arrow')));
    expect(table.numRows).toBe(7 * 5 * 60);
    expect(table.schema.fields.map((f) => f.name)).toEqual([
      'cell',
      'replication',
      'model',
      'question',
      'cluster',
      'correct',
    ]);
    const correct = Array.from(table.getChild('correct')?.toArray() ?? []);
    expect(correct.length).toBe(2100);
    expect(correct.every((y) => y === 0 || y === 1)).toBe(true);
    const metadata = table.schema.metadata;
    expect(metadata.get('evalsim.kind')).toBe('answers');
    expect(metadata.get('evalsim.seed')).toBe('3');
    const [source] = JSON.parse(metadata.get('evalsim.data') ?? '[]');
    expect(source.systems).toEqual(['haiku_off']);
    expect(source.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('bad options are named', async () => {
    const run = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--questions',
      'some',
      '--keep',
      'answers',
      '--out',
      join(tmp, 'x'),
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--questions/);
    const system = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--system',
      'gpt',
      '--keep',
      'answers',
      '--out',
      join(tmp, 'y'),
    );
    expect(system.code).not.toBe(0);
    expect(system.stderr).toMatch(/system.*haiku_off/);
    expect(existsSync(join(tmp, 'y'))).toBe(false);
  });

  test('--out is a folder: a file name is refused with the rule and the folder meant, before any work', async () => {
    for (const [out, folder] of [
      ['lb.arrow', 'lb'],
      ['runs/lb.json', 'runs/lb'],
    ] as const) {
      const r = await evalsim(
        'leaderboard',
        '--population',
        'studies/data/mmlu-standin.csv',
        '--systems',
        'haiku_off,sonnet_off',
        '--out',
        join(tmp, out),
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `--out ${join(tmp, out)}: --out is a folder (the command writes its files inside it, never beside it;`,
      );
      expect(r.stderr).toContain(`give --out ${join(tmp, folder)}\n`);
      expect(existsSync(join(tmp, out))).toBe(false);
    }
    const copies = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--keep',
      'answers',
      '--out',
      join(tmp, 'copies.arrow'),
    );
    expect(copies.stderr).toMatch(
      /--out is a folder .* answers\.arrow with --keep answers\), not a \.arrow file/,
    );
    // A trailing slash says a folder is meant.
    const slash = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--models',
      '2',
      '--replications',
      '2',
      '--workers',
      '0',
      '--keep',
      'answers',
      '--out',
      `${join(tmp, 'kept.arrow')}/`,
    );
    expect(slash.code, slash.stderr).toBe(0);
    expect(readdirSync(join(tmp, 'kept.arrow'))).toEqual(['answers.arrow']);
  });

  test('answers only with --keep answers; their size estimated before the run; nothing written outside --out', async () => {
    const summary = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--models',
      '3',
      '--replications',
      '4',
      '--workers',
      '0',
    );
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/significant pairs of 3/);
    expect(summary.stdout).not.toMatch(/wrote/);
    const noKeep = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--out',
      join(tmp, 'n'),
    );
    expect(noKeep.code).toBe(2);
    expect(noKeep.stderr).toMatch(/--out .*n: the answers are written only with --keep answers/);
    const noOut = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--keep',
      'answers',
    );
    expect(noOut.stderr).toMatch(/--keep answers: give --out DIR/);
    // The estimate is the file's size to within its dictionaries and metadata.
    const out = join(tmp, 'sized');
    const run = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--models',
      '4',
      '--replications',
      '30',
      '--workers',
      '0',
      '--keep',
      'answers',
      '--out',
      out,
    );
    expect(run.code).toBe(0);
    const sheet = {
      systems: 4,
      slots: 1140,
      questionIds: new Array(1140).fill(''),
      clusters: { names: new Array(57).fill(''), ofQuestion: new Int32Array(0) },
    };
    const estimate = answersFileBytes(sheet, 1, 30);
    expect(estimate).toBe(30 * 4 * 1140 * 9);
    const size = statSync(join(out, 'answers.arrow')).size;
    expect(size).toBeGreaterThan(estimate);
    expect(size).toBeLessThan(estimate * 1.02 + 20_000);
    const warned = captureSink();
    warnLargeOutput(
      { stderr: warned } as never,
      '--out x.arrow',
      205_240_000,
      'answers',
      'fewer --replications',
    );
    warnLargeOutput(
      { stderr: warned } as never,
      '--out y.arrow',
      LARGE_OUTPUT_BYTES,
      'answers',
      'never said',
    );
    expect(warned.text).toBe(
      'warning: --out x.arrow: about 205 MB of answers will be written; fewer --replications\n',
    );
  });

  test('--systems on an imported eval: its population in the folder --out, not in the working folder', async () => {
    const dir = join(tmp, 'imported');
    const evalFile = join(tmp, 'eval.arrow');
    expect(
      (await evalsim('import', 'packages/sim/src/evals/fixtures/long/two-systems.csv', '--out', evalFile))
        .code,
    ).toBe(0);
    const before = readdirSync(root);
    const r = await evalsim(
      'leaderboard',
      '--population',
      evalFile,
      '--systems',
      'alpha,beta',
      '--replications',
      '20',
      '--workers',
      '0',
      '--out',
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      '.runs',
      'leaderboard.arrow',
      'leaderboard.json',
      'population.csv',
      'ranks.svg',
    ]);
    expect(r.stdout).toContain(`rerun: evalsim run ${join(dir, 'leaderboard.json')} --out ${dir}\n`);
    // A board refused after the import leaves nothing behind, not even the population it wrote.
    const refused = join(tmp, 'refused');
    const bad = await evalsim(
      'leaderboard',
      '--population',
      evalFile,
      '--systems',
      'alpha,gamma',
      '--workers',
      '0',
      '--out',
      refused,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--systems: no system "gamma"/);
    expect(existsSync(join(refused, 'population.csv'))).toBe(false);
    expect(readdirSync(root)).toEqual(before);
  });
});
