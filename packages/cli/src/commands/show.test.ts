/**
 * `evalsim show` on every kind of Arrow file: a results file as the results table (and
 * `--wide`), anything else as a plain table of its columns, streamed; `--columns`, `--where`,
 * `--limit`, and `--json` the same as `--format json`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readResultsArrow } from '@evalsim/sim';
import { RecordBatchStreamWriter, tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const results = join(root, 'results/few-clusters.arrow');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-show-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

describe('a results file', () => {
  it('prints the results table; --json is --format json', async () => {
    const table = await evalsim('show', results);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^clusters\s+method\s+metric\s+value ± mcse/);
    const json = await evalsim('show', results, '--json');
    expect(json.stdout).toBe((await evalsim('show', results, '--format', 'json')).stdout);
    const rows = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(readResultsArrow(results).rows.length);
  });

  it('--where and --limit pick rows (a number matches numerically)', async () => {
    const rows = JSON.parse(
      (await evalsim('show', results, '--json', '--where', 'method=naive', '--where', 'clusters=5.0')).stdout,
    ) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatchObject({ method: 'naive', clusters: 5 });
    expect(JSON.parse((await evalsim('show', results, '--json', '--limit', '2')).stdout)).toHaveLength(2);
    expect((await evalsim('show', results, '--where', 'method=nobody')).stdout).toBe('(no rows)\n');
  });

  it('--wide puts the methods side by side, each cell value ± mcse, fitted to 100 columns', async () => {
    const wide = await evalsim('show', results, '--wide', '--where', 'metric=coverage');
    expect(wide.code).toBe(0);
    const lines = wide.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^clusters\s+metric\s+naive\s+clusteredZ/);
    expect(lines.find((line) => line.startsWith('clusters') && line.includes('wildWebb'))).toBeDefined();
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
    const json = JSON.parse(
      (await evalsim('show', results, '--wide', '--json', '--where', 'metric=coverage')).stdout,
    );
    const expected = readResultsArrow(results).rows.find(
      (r) => r.method === 'cr2' && r.metric === 'coverage' && r.params.clusters === 5,
    );
    expect(json[0]).toMatchObject({
      clusters: 5,
      metric: 'coverage',
      cr2: expected?.value,
      'cr2 mcse': expected?.mcse,
    });
  });

  it('--columns prints chosen columns as a plain table', async () => {
    const csv = await evalsim(
      'show',
      results,
      '--columns',
      'method,value',
      '--format',
      'csv',
      '--limit',
      '2',
    );
    expect(csv.stdout.split('\n')[0]).toBe('method,value');
    expect(csv.stdout.trim().split('\n')).toHaveLength(3);
  });
});

describe('any other Arrow file', () => {
  let answers: string;
  beforeAll(async () => {
    answers = join(tmp, 'lb', 'answers.arrow');
    const run = await evalsim(
      'leaderboard',
      '--population',
      'studies/data/mmlu-standin.csv',
      '--models',
      '3',
      '--replications',
      '2',
      '--keep',
      'answers',
      '--out',
      join(tmp, 'lb'),
      '--workers',
      '0',
    );
    expect(run.code, run.stderr).toBe(0);
  });

  it('prints its own columns (no method undefined, no −∞), numbers right-aligned', async () => {
    const table = await evalsim('show', answers, '--limit', '3');
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^cell\s+replication\s+model\s+question\s+cluster\s+correct$/);
    expect(lines).toHaveLength(5);
    expect(table.stdout).not.toMatch(/undefined|−∞/);
  });

  it('filters and picks columns, in every format', async () => {
    const rows = JSON.parse(
      (
        await evalsim(
          'show',
          answers,
          '--json',
          '--where',
          'model=2',
          '--where',
          'replication=1',
          '--columns',
          'question,correct',
        )
      ).stdout,
    ) as Record<string, unknown>[];
    expect(rows).toHaveLength(1140);
    expect(Object.keys(rows[0])).toEqual(['question', 'correct']);
    const csv = await evalsim('show', answers, '--format', 'csv', '--limit', '1');
    expect(csv.stdout).toMatch(/^cell,replication,model,question,cluster,correct\n0,0,0,[^,]+,[^,]+,[01]\n$/);
    const markdown = await evalsim('show', answers, '--format', 'markdown', '--limit', '1');
    expect(markdown.stdout.split('\n')[1]).toBe('| --- | --- | --- | --- | --- | --- |');
  });

  it('streams a file of many record batches and a million rows without overflowing the stack', async () => {
    const path = join(tmp, 'many.arrows');
    const writer = new RecordBatchStreamWriter();
    const chunks: Uint8Array[] = [];
    const done = (async () => {
      for await (const chunk of writer) chunks.push(chunk);
    })();
    for (let b = 0; b < 4; b++) {
      const x = Int32Array.from({ length: 250_000 }, (_, i) => b * 250_000 + i);
      writer.write(tableFromArrays({ x }).batches[0]);
    }
    writer.finish();
    await done;
    writeFileSync(path, Buffer.concat(chunks));
    const all = await evalsim('show', path);
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1_000_002);
    expect(lines.at(-1)?.trim()).toBe('999999');
    const tail = await evalsim('show', path, '--where', 'x=999999', '--json');
    expect(JSON.parse(tail.stdout)).toEqual([{ x: 999999 }]);
  });

  it('shows 64-bit integers beyond 2^53 exactly, as text', async () => {
    const path = join(tmp, 'big.arrow');
    writeFileSync(
      path,
      tableToIPC(tableFromArrays({ id: BigInt64Array.from([1n, 9007199254740993n]) }), 'file'),
    );
    const rows = JSON.parse((await evalsim('show', path, '--json')).stdout);
    expect(rows).toEqual([{ id: 1 }, { id: '9007199254740993' }]);
  });
});
