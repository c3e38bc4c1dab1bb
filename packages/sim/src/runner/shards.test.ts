/**
 * Sharded runs: each shard writes its block partials; merging them gives the bytes of a
 * whole run for any N; check/merge list missing, duplicate and inconsistent shards.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { checkPartials, checkPartialsAndInputs, MergeRefusedError, mergePartials } from './mergePartials.js';
import { readPartialFile, writePartialFile } from './partialFile.js';
import { runMode } from './runOptions.js';
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

  test('duplicate, inconsistent (seed, N, version, inputs) and unreadable files are each listed', async () => {
    const parts = join(tmp, 'bad');
    const files = await runShards(parts, 3);
    writeFileSync(join(parts, 'copy.partial'), readFileSync(files[1]));
    // Genuine partials of other runs (valid digests): another seed, evalsim version, shard count, study inputs.
    const other = join(tmp, 'other');
    const seeded = await runStudy(study, {
      workers: 0,
      outDir: other,
      shard: { index: 0, count: 3 },
      seed: 1,
    });
    renameSync(seeded.files.partial!, join(parts, 'seed.partial'));
    const rewritten = (name: string, change: Partial<Parameters<typeof writePartialFile>[1]>) => {
      const read = readPartialFile(files[0]);
      writePartialFile(join(parts, name), {
        study,
        config: read.config,
        seed: read.seed,
        replications: read.replications,
        blockSize: read.blockSize,
        version: read.version,
        shard: { index: read.shard, count: read.shards },
        pieces: read.pieces,
        ...change,
      });
    };
    rewritten('version.partial', { version: '0.0.1' });
    rewritten('count.partial', { shard: { index: 0, count: 5 } });
    const foreign = await validateStudy({ ...config, title: 'Another study of the same name' }, toyBaseDir);
    const alien = await runStudy(foreign, { workers: 0, outDir: other, shard: { index: 2, count: 3 } });
    renameSync(alien.files.partial!, join(parts, 'foreign.partial'));
    writeFileSync(join(parts, 'junk.partial'), 'not json');
    const problems = checkPartials(partials(parts)).problems.join('\n');
    expect(problems).toMatch(/junk\.partial: not a partial result \(not JSON\)/);
    expect(problems).toMatch(/shard 1 of 3 is duplicated: copy\.partial, toy-study\.shard-1-of-3\.partial/);
    expect(problems).toMatch(
      /seed\.partial: shard 0\/3 of toy-study: inconsistent with the other shards: seed 1 \(others: 20240601\)/,
    );
    expect(problems).toMatch(
      /version\.partial: shard 0\/3 of toy-study: inconsistent with the other shards: evalsim version 0\.0\.1/,
    );
    expect(problems).toMatch(
      /count\.partial: shard 0\/5 of toy-study: inconsistent with the other shards: shard count 5 \(others: 3\)/,
    );
    expect(problems).toMatch(
      /foreign\.partial: shard 2\/3 of toy-study: inconsistent with the other shards: study inputs \(inputDigest\) \w+… \(others: \w+…\); it comes from another study of this name/,
    );
    await expect(mergePartials(partials(parts), join(tmp, 'bad-out'))).rejects.toThrow(/duplicated/);
    await expect(mergePartials([], join(tmp, 'bad-out'))).rejects.toThrow(/no partial-result files/);
    expect(existsSync(join(tmp, 'bad-out'))).toBe(false);
  });

  describe('a damaged or edited partial is refused by its digest, naming the file and the shard', async () => {
    const parts = join(tmp, 'damaged');
    const files = await runShards(parts, 3);
    const original = readFileSync(files[1], 'utf8');
    const damaged = (name: string, text: string) => {
      const dir = join(tmp, `damaged-${name}`);
      mkdirSync(dir, { recursive: true });
      for (const f of files) writeFileSync(join(dir, basename(f)), readFileSync(f));
      writeFileSync(join(dir, basename(files[1])), text);
      return dir;
    };
    const at = original.indexOf('"blocks":"') + 20;
    const flipped = original[at] === 'A' ? 'B' : 'A';
    const cases: [string, string, RegExp][] = [
      [
        'one base64 character changed',
        `${original.slice(0, at)}${flipped}${original.slice(at + 1)}`,
        /shard-1-of-3\.partial: shard 1\/3 of toy-study: payload digest does not match \(file damaged or edited\); rerun it with --shard 1\/3/,
      ],
      [
        'a header field edited (the seed)',
        original.replace('"seed":20240601', '"seed":20240602'),
        /shard-1-of-3\.partial: shard 1\/3 of toy-study: payload digest does not match \(file damaged or edited\)/,
      ],
      [
        'cut short',
        original.slice(0, Math.floor(original.length / 2)),
        /shard-1-of-3\.partial: shard 1\/3 of toy-study: truncated or damaged: not valid JSON \(\d+ bytes\); rerun it with --shard 1\/3/,
      ],
      [
        'its digest removed',
        original.replace(/,"digest":"[0-9a-f]+"/, ''),
        /shard-1-of-3\.partial: shard 1\/3 of toy-study: field "digest" missing/,
      ],
    ];
    test.each(cases)('%s', async (name, text, message) => {
      const dir = damaged(name.replace(/\W+/g, '-'), text);
      expect(checkPartials(partials(dir)).problems.join('\n')).toMatch(message);
      const out = join(dir, 'merged');
      await expect(mergePartials(partials(dir), out)).rejects.toThrow(message);
      expect(existsSync(out)).toBe(false);
    });

    test('the edit that the digest exists for: one character changes the merged numbers', async () => {
      // Without the digest check (decoding the edited text as the file holds it), a merge would differ.
      const text = `${original.slice(0, at)}${flipped}${original.slice(at + 1)}`;
      const blocks = (t: string) =>
        JSON.parse(t)
          .pieces.map((p: { blocks: string }) => p.blocks)
          .join('');
      expect(Buffer.from(blocks(text), 'base64').equals(Buffer.from(blocks(original), 'base64'))).toBe(false);
    });
  });

  test('check and merge refuse shards whose study inputs changed since they ran', async () => {
    const dir = join(tmp, 'changed');
    mkdirSync(dir, { recursive: true });
    const model = readFileSync(join(toyBaseDir, 'toy-model.mjs'));
    for (const name of ['toy-model.mjs', 'toy-wald.mjs', 'toy-bootstrap.mjs'])
      writeFileSync(join(dir, name), readFileSync(join(toyBaseDir, name)));
    const local = await validateStudy(config, dir);
    const parts = join(dir, 'parts');
    for (const index of [0, 1])
      await runStudy(local, { workers: 0, outDir: parts, shard: { index, count: 2 } });
    expect((await checkPartialsAndInputs(partials(parts))).problems).toEqual([]);
    writeFileSync(join(dir, 'toy-model.mjs'), `${model}\n// edited\n`);
    const problems = (await checkPartialsAndInputs(partials(parts))).problems;
    expect(problems).toEqual([
      expect.stringMatching(
        /study toy-study: its config, modules or data files changed since the shards ran/,
      ),
    ]);
    await expect(mergePartials(partials(parts), join(dir, 'out'))).rejects.toThrow(
      /changed since the shards ran/,
    );
  });

  test('a shard refuses keep (per-replication output is not sharded): by its type, and at run time', async () => {
    await expect(
      runStudy(study, {
        workers: 0,
        outDir: join(tmp, 'k'),
        shard: { index: 0, count: 2 },
        // @ts-expect-error: a ShardRun keeps nothing (runOptions.ts); an untyped caller is refused at run time
        keep: ['replications'],
      }),
    ).rejects.toThrow(/nothing with --shard/);
    expect(() =>
      runMode({ outDir: join(tmp, 'k'), shard: { index: 0, count: 2 }, keep: ['answers'] }),
    ).toThrow(/keep: got "answers"; allowed: nothing with --shard/);
    // @ts-expect-error: a ShardRun needs its outDir
    await expect(runStudy(study, { workers: 0, shard: { index: 0, count: 2 } })).rejects.toThrow(
      /shard: .*an outDir for the partial-result file/,
    );
  });
});
