/**
 * Sharded runs: each shard writes its block partials; merging them gives the bytes of a
 * whole run for any N; check/merge list missing, duplicate and inconsistent shards.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { checkPartials, MergeRefusedError, mergePartials } from './mergePartials.js';
import { runStudy } from './runStudy.js';
import { toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-shards-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// 2 cells × 1000 replications = 20 blocks; boot capped at 300 (a cap inside a shard's piece).
const config = toyStudyConfig({ replications: 1000 });
const study = await validateStudy(config, toyBaseDir);

async function runShards(dir: string, count: number, only?: readonly number[]): Promise<string[]> {
  const files: string[] = [];
  for (let index = 0; index < count; index++) {
    if (only && !only.includes(index)) continue;
    const run = await runStudy(study, { workers: 0, outDir: dir, shard: { index, count }, chunkSize: 300 });
    files.push(run.files.partial!);
  }
  return files;
}

const partials = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.partial'))
    .map((f) => join(dir, f));

describe('shards merge to the bytes of a whole run', async () => {
  const whole = await runStudy(study, { workers: 0, outDir: join(tmp, 'whole') });
  const expected = readFileSync(whole.files.arrow!);

  test.each([1, 2, 3, 7, 64])('N = %i', async (count) => {
    const parts = join(tmp, `parts-${count}`);
    await runShards(parts, count);
    expect(partials(parts)).toHaveLength(count);
    expect(checkPartials(partials(parts)).problems).toEqual([]);
    const [merged] = await mergePartials(partials(parts), join(tmp, `merged-${count}`));
    expect(readFileSync(merged.path).equals(expected)).toBe(true);
  });

  test('a missing shard is listed and refused; rerunning it alone merges to the same bytes', async () => {
    const parts = join(tmp, 'failed');
    await runShards(parts, 4, [0, 1, 3]);
    const check = checkPartials(partials(parts));
    expect(check.problems).toEqual([
      expect.stringMatching(
        /study toy-study: 1 of 4 shards missing: 2 \(expected toy-study\.shard-2-of-4\.partial\)/,
      ),
    ]);
    await expect(mergePartials(partials(parts), join(tmp, 'failed-out'))).rejects.toThrow(MergeRefusedError);
    await runShards(parts, 4, [2]);
    const [merged] = await mergePartials(partials(parts), join(tmp, 'failed-out'));
    expect(readFileSync(merged.path).equals(expected)).toBe(true);
  });

  test('duplicate, inconsistent (seed, N, version) and unreadable files are each listed', async () => {
    const parts = join(tmp, 'bad');
    const files = await runShards(parts, 3);
    writeFileSync(join(parts, 'copy.partial'), readFileSync(files[1]));
    const edit = (file: string, change: (json: Record<string, unknown>) => void, name: string) => {
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      change(json);
      writeFileSync(join(parts, name), JSON.stringify(json));
    };
    edit(
      files[0],
      (j) => {
        j.seed = 1;
      },
      'seed.partial',
    );
    edit(
      files[0],
      (j) => {
        j.version = '0.0.1';
      },
      'version.partial',
    );
    edit(
      files[0],
      (j) => {
        j.shards = 5;
      },
      'count.partial',
    );
    writeFileSync(join(parts, 'junk.partial'), 'not json');
    const problems = checkPartials(partials(parts)).problems.join('\n');
    expect(problems).toMatch(/junk\.partial: not a partial result \(not JSON\)/);
    expect(problems).toMatch(/shard 1 of 3 is duplicated: copy\.partial, toy-study\.shard-1-of-3\.partial/);
    expect(problems).toMatch(
      /seed\.partial: study toy-study: inconsistent shard: seed 1 \(others: 20240601\)/,
    );
    expect(problems).toMatch(/version\.partial: study toy-study: inconsistent shard: version 0\.0\.1/);
    expect(problems).toMatch(/count\.partial: study toy-study: inconsistent shard: shards 5 \(others: 3\)/);
    await expect(mergePartials(partials(parts), join(tmp, 'bad-out'))).rejects.toThrow(/duplicated/);
    await expect(mergePartials([], join(tmp, 'bad-out'))).rejects.toThrow(/no partial-result files/);
  });

  test('a shard refuses keep (per-replication output is not sharded)', async () => {
    await expect(
      runStudy(study, {
        workers: 0,
        outDir: join(tmp, 'k'),
        shard: { index: 0, count: 2 },
        keep: ['replications'],
      }),
    ).rejects.toThrow(/nothing with --shard/);
  });
});
