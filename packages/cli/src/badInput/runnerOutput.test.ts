/**
 * Bad-input suite, the runner (issue 8 items 1, 3, 9): output directories a run cannot
 * write (a pseudo file system, a file in place of a folder or of an ancestor, a name too
 * long, a read-only folder), a folder in use by another run of the study, a study name
 * beyond its limit, and `--workers` beyond the machine — each refused before any work,
 * naming the path or field, with no stack trace and nothing written. And `--resume` after
 * an input was edited: not an error, but never a mix — every cell is recomputed.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { join } from 'node:path';
import { runStudy, validateStudy } from '@evalsim/sim';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { workersFlag } from '../commands/flagValues.js';
import { expectRefused, file, outDir, scratch, study } from './test-utils/harness.js';

describe('bad-input suite: output directories', () => {
  const cases: [string, () => { args: string[]; out?: string }, string | RegExp][] = [
    [
      '--out /proc/x',
      () => ({ args: ['run', study(), '--out', '/proc/x'], out: '/proc/x' }),
      'cannot use output directory /proc/x: it is under /proc, a pseudo file system',
    ],
    [
      '--out /sys/x',
      () => ({ args: ['run', study(), '--out', '/sys/x'], out: '/sys/x' }),
      'it is under /sys, a pseudo file system',
    ],
    [
      '--out /dev/x',
      () => ({ args: ['run', study(), '--out', '/dev/x'] }),
      'it is under /dev, a pseudo file system',
    ],
    [
      'a file in place of the output folder',
      () => ({ args: ['run', study(), '--out', file('plain-file', 'x')] }),
      /cannot use output directory .*plain-file: .*plain-file is a file, not a directory/,
    ],
    [
      'a file in place of an ancestor of the output folder',
      () => ({ args: ['run', study(), '--out', join(file('plain-file-2', 'x'), 'sub', 'dir')] }),
      /plain-file-2 is a file, not a directory/,
    ],
    [
      'an output folder name too long for the file system',
      () => ({ args: ['run', study(), '--out', join(scratch, 'o'.repeat(300))] }),
      /cannot use output directory .*o{300}: .*a file name is too long for its file system/,
    ],
    [
      'a reproduce into a pseudo file system',
      () => ({ args: ['reproduce', '--studies', join(scratch, 'one-study'), '--out', '/proc/y'] }),
      'it is under /proc, a pseudo file system',
    ],
  ];
  mkdirSync(join(scratch, 'one-study'), { recursive: true });
  writeFileSync(join(scratch, 'one-study', 'only.json'), readFileSync(study(), 'utf8'));

  it.each(cases)('%s is refused before any work', async (_name, make, names) => {
    const { args, out } = make();
    await expectRefused({ args, names }, out);
  });

  it.skipIf(process.getuid?.() === 0)('a read-only output folder is refused (not as root)', async () => {
    const { chmodSync } = await import('node:fs');
    const out = outDir();
    mkdirSync(out);
    chmodSync(out, 0o555);
    await expectRefused({ args: ['run', study(), '--out', out], names: 'permission denied' }, out);
    chmodSync(out, 0o755);
  });

  it('a study name beyond 100 characters is refused, naming the field', async () => {
    const long = study((s) => {
      s.name = 'n'.repeat(101);
    });
    await expectRefused({
      args: ['run', long, '--out', outDir()],
      names: /^evalsim: study-\d+\.json: name: must NOT have more than 100 characters/m,
    });
    await expectRefused({ args: ['validate', long], names: /name: .*100/ });
  });

  it('an output folder in use by a run of the same study is refused, naming the run and the lock', async () => {
    const out = outDir();
    mkdirSync(out);
    const lock = join(out, '.evalsim-bad-input.lock');
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-11-30T00:00:00Z' }),
    );
    await expectRefused({
      args: ['run', study(), '--out', out],
      names: `is in use by another run of study bad-input (pid ${process.pid} on ${hostname()}, started 2026-11-30T00:00:00Z)`,
    });
    expect(readdirSync(out)).toEqual(['.evalsim-bad-input.lock']);
  });

  it('a stale lock (a dead run) is taken over with a notice, and released after the run', async () => {
    const out = outDir();
    mkdirSync(out);
    writeFileSync(
      join(out, '.evalsim-bad-input.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), startedAt: '2026-11-30T00:00:00Z' }),
    );
    const result = await runCli(['run', study(), '--out', out, '--workers', '0', '--quiet'], {
      cwd: scratch,
      env: {},
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `took over the lock of a run of study bad-input that ended without releasing it (pid ${2 ** 22 + 1}`,
    );
    expect(readdirSync(out).sort()).toEqual(['.runs', 'bad-input.arrow']);
  });
});

describe('bad-input suite: --workers', () => {
  it('above the available parallelism: capped with a warning', async () => {
    const available = availableParallelism();
    expect(workersFlag(available + 3, available)).toEqual({
      workers: available,
      warning: `warning: --workers ${available + 3} is more than the ${available} available on this machine; using ${available}`,
    });
    expect(workersFlag(available, available)).toEqual({ workers: available });
    expect(workersFlag(undefined, available)).toEqual({ workers: undefined });
    const out = outDir();
    const result = await runCli(['run', study(), '--out', out, '--workers', '1000', '--quiet'], {
      cwd: scratch,
      env: {},
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `warning: --workers 1000 is more than the ${available} available on this machine; using ${available}`,
    );
    // At most `available` computing threads: this thread and workers (none when they do not pay).
    const info = JSON.parse(readFileSync(join(out, '.runs', 'bad-input.run.json'), 'utf8'));
    expect(info.threads).toBeGreaterThanOrEqual(1);
    expect(info.threads).toBeLessThanOrEqual(available);
    expect(info.workers).toBe(info.threads - 1);
  });
});

describe('bad-input suite: --resume after an input was edited', () => {
  const HEADER = 'question,cluster,correct_a,k_a';
  const ROWS = ['q1,c1,1,2', 'q2,c1,2,2', 'q3,c2,0,2', 'q4,c2,1,2'];

  /** A population study in its own folder, interrupted (abort) after one of three cells. */
  async function interrupted(name: string): Promise<{ studyPath: string; folder: string; out: string }> {
    const folder = join(scratch, name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'population.csv'), `${HEADER}\n${ROWS.join('\n')}\n`);
    writeFileSync(join(folder, 'helper.mjs'), 'export const Z = 1.959963984540054;\n');
    writeFileSync(
      join(folder, 'method.mjs'),
      `import { Z } from './helper.mjs';
export const method = { name: 'helped', kind: 'interval', accepts: ['clusteredScores'], create() {
  return (data, _rng, out) => { let s = 0; for (let k = 0; k < data.clusterCount; k++) s += data.totals[k];
    const p = s / data.itemCount, se = Math.sqrt(p * (1 - p) / data.itemCount);
    out.estimate = p; out.se = se; out.lower = p - Z * se; out.upper = p + Z * se; out.degenerate = se === 0; };
} };
`,
    );
    const config = {
      name: 'edited',
      title: 'Edited between runs',
      seed: 9,
      replications: 30,
      model: {
        name: 'itemPopulation',
        params: { population: './population.csv', systems: ['a'], replace: true },
      },
      grid: { n: [2, 3, 4] },
      methods: [
        { id: 'wald', method: 'wald' },
        { id: 'helped', module: './method.mjs' },
      ],
      metrics: ['coverage', 'meanWidth'],
    };
    const studyPath = join(folder, 'edited.json');
    writeFileSync(studyPath, JSON.stringify(config));
    const out = join(folder, 'out');
    const controller = new AbortController();
    await expect(
      runStudy(await validateStudy(config, folder), {
        outDir: out,
        workers: 0,
        chunkSize: 10,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.cellsDone >= 1) controller.abort(new Error('stop'));
        },
      }),
    ).rejects.toThrow('stop');
    return { studyPath, folder, out };
  }

  it.each([
    [
      'the population CSV',
      'population.csv',
      `${HEADER}\n${ROWS.join('\n').replace('q3,c2,0,2', 'q3,c2,2,2')}\n`,
      0,
    ],
    ['a helper the method imports', 'helper.mjs', 'export const Z = 1;\n', 1],
  ])(
    '%s edited: --resume reuses nothing and writes what a fresh run writes',
    async (_name, edited, content, workers) => {
      const { studyPath, folder, out } = await interrupted(`resume-${edited}`);
      writeFileSync(join(folder, edited), content);
      const flags = ['--workers', String(workers), '--quiet'];
      const resumed = await runCli(['run', studyPath, '--out', out, '--resume', ...flags], {
        cwd: scratch,
        env: {},
      });
      expect(resumed.exitCode, resumed.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(out, '.runs', 'edited.run.json'), 'utf8')).resumedCells).toBe(0);
      const fresh = join(folder, 'fresh');
      expect(
        (await runCli(['run', studyPath, '--out', fresh, ...flags], { cwd: scratch, env: {} })).exitCode,
      ).toBe(0);
      expect(readFileSync(join(out, 'edited.arrow')).equals(readFileSync(join(fresh, 'edited.arrow')))).toBe(
        true,
      );
    },
  );

  it('nothing edited: --resume reuses the finished cell', async () => {
    const { studyPath, out } = await interrupted('resume-unedited');
    const resumed = await runCli(['run', studyPath, '--out', out, '--resume', '--workers', '0', '--quiet'], {
      cwd: scratch,
      env: {},
    });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(
      JSON.parse(readFileSync(join(out, '.runs', 'edited.run.json'), 'utf8')).resumedCells,
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('a user method cannot fail silently (CLI)', () => {
  it('invalid intervals are counted as degenerate and reported on stderr with the first replication', async () => {
    const folder = join(scratch, 'swapped');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'swapped.mjs'),
      `export const method = { name: 'swapped', kind: 'interval', accepts: ['clusteredScores'], create() {
  return (_data, rng, out) => { const swap = rng.uniform() < 0.5; out.estimate = 0.5; out.lower = swap ? 0.9 : 0.1; out.upper = swap ? 0.1 : 0.9; out.degenerate = false; };
} };
`,
    );
    const path = join(folder, 'swapped.json');
    writeFileSync(
      path,
      JSON.stringify({
        name: 'swapped',
        title: 'Swapped bounds',
        seed: 2,
        replications: 40,
        model: { name: 'betaBinomialClusters', params: { p: 0.5, rho: 0.1, clusters: 4, m: 3 } },
        methods: [{ id: 'mine', module: './swapped.mjs' }],
        metrics: ['coverage'],
      }),
    );
    const result = await runCli(
      ['run', path, '--out', join(folder, 'out'), '--workers', '0', '--quiet', '--json'],
      {
        cwd: scratch,
        env: {},
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const row = (JSON.parse(result.stdout) as { method: string; degenerate: number }[]).find(
      (r) => r.method === 'mine',
    )!;
    const match =
      /^warning: study swapped, method mine, cell 0: (\d+) invalid intervals \(lower > upper, or one NaN bound\), counted as degenerate; first in replication (\d+)$/m.exec(
        result.stderr,
      );
    expect(match, result.stderr).not.toBeNull();
    expect(Number(match![1])).toBe(row.degenerate);
    expect(row.degenerate).toBeGreaterThan(0);
  });
});
