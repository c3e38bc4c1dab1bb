/**
 * `evalsim leaderboard` in process (runCli): the Arrow file opens with apache-arrow and
 * holds replications × models × questions answers, with the study's provenance; bad
 * options are named.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

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
  test('writes every simulated answer as Arrow and prints a summary', async () => {
    const out = join(tmp, 'lb.arrow');
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
      '--out',
      out,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/significant pairs of 10/);
    expect(run.stdout).toMatch(/2100 answers/);
    const table = await tableFromIPC(readFileSync(out));
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
      '--out',
      join(tmp, 'x.arrow'),
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--questions/);
    const system = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--system',
      'gpt',
      '--out',
      join(tmp, 'y.arrow'),
    );
    expect(system.code).not.toBe(0);
    expect(system.stderr).toMatch(/system.*haiku_off/);
  });
});
