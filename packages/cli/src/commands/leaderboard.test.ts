/**
 * `evalsim leaderboard` as a user runs it (the built CLI in a child process): the Arrow file
 * opens with apache-arrow's tableFromIPC (resolved from @evalsim/sim, which depends on it)
 * and holds replications × models × questions rows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const main = join(root, 'packages/cli/dist/main.js');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-leaderboard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The part of an apache-arrow Table this test reads. */
interface ArrowTable {
  readonly numRows: number;
  readonly schema: { readonly fields: readonly { readonly name: string }[] };
  getChild(name: string): { toArray(): ArrayLike<number> } | null;
}

async function tableFromIPC(bytes: Uint8Array): Promise<ArrowTable> {
  const arrowPath = createRequire(join(root, 'packages/sim/package.json')).resolve('apache-arrow');
  const arrow = (await import(pathToFileURL(arrowPath).href)) as { tableFromIPC(b: Uint8Array): ArrowTable };
  return arrow.tableFromIPC(bytes);
}

function evalsim(...args: string[]) {
  const result = spawnSync(process.execPath, [main, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('evalsim leaderboard', () => {
  test('writes every simulated answer as Arrow and prints a summary', async () => {
    const out = join(tmp, 'lb.arrow');
    const run = evalsim(
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
      '--out',
      out,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/significant pairs of 10/);
    expect(run.stdout).toMatch(/2100 answers/);
    const table = await tableFromIPC(readFileSync(out));
    expect(table.numRows).toBe(7 * 5 * 60);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['replication', 'model', 'question', 'correct']);
    const correct = Array.from(table.getChild('correct')?.toArray() ?? []);
    expect(correct.length).toBe(2100);
    expect(correct.every((y) => y === 0 || y === 1)).toBe(true);
  });

  test('bad options are named', () => {
    const run = evalsim(
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
    const system = evalsim(
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
