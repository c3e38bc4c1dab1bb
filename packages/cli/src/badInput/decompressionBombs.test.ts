/**
 * Issue 27 item 1 with a real process: the decompression bombs of
 * packages/sim/src/evals/fixtures/inspect/hostile/ (made by make_hostile_fixtures.py) — a
 * zstandard member of oversized RLE blocks (≈ 9 GB to a decoder that does not check block
 * sizes), a valid zstandard frame of 564 MB, and a deflate member inflating to 640 MiB, each
 * declaring 1,000 bytes — are refused by `import`, `analyze` and the background-thread import,
 * naming the file and the member, within 0.4 CPU s of the same command on a small valid log
 * (zstd-members.eval: the same start-up and code, so the bound holds on a slow machine and
 * inflating even the smallest bomb, 564 MB, would exceed it) and under 200 MB of peak RSS (the
 * process's whole life, measured by /usr/bin/time -v, printed with the test). The bin runs on the Node.js
 * that runs the tests (.ci/run runs the suite on Node 20 and on the current LTS: fzstd and
 * node:zlib's zstd).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const bin = fileURLToPath(new URL('../../../evalsim/dist/evalsim.mjs', import.meta.url));
const hostile = fileURLToPath(new URL('../../../sim/src/evals/fixtures/inspect/hostile/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evalsim-bombs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TIME = '/usr/bin/time';

/** The bin on `args` under /usr/bin/time -v: exit code, stderr without time's lines, CPU s, peak RSS MB. */
function measured(args: string[]) {
  const run = spawnSync(TIME, ['-v', process.execPath, bin, ...args], { encoding: 'utf8', timeout: 30_000 });
  const field = (name: string) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(run.stderr)?.[1]);
  const stderr = run.stderr.split('\n\tCommand being timed')[0];
  return {
    code: run.status,
    stderr,
    cpu: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'),
    // "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:00.25"
    wall: (/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(run.stderr)?.[1] ?? 'NaN')
      .split(':')
      .reduce((seconds, part) => seconds * 60 + Number(part), 0),
    rssMb: field('Maximum resident set size \\(kbytes\\)') / 1024,
  };
}

const commands = (log: string, suffix: string) => [
  ['import', log, '--out', join(dir, `x${suffix}.arrow`)],
  ['import', log, '--background', 'on', '--out', join(dir, `y${suffix}.arrow`)],
  ['analyze', log],
];

/** Each command on a small valid log, measured once: the bombs' CPU baseline. */
const validRuns: ReturnType<typeof measured>[] = [];
function validRun(i: number): ReturnType<typeof measured> {
  if (!validRuns[i]) {
    validRuns[i] = measured(commands(join(hostile, '..', 'zstd-members.eval'), '-valid')[i]);
    expect(validRuns[i].code, validRuns[i].stderr).toBe(0);
  }
  return validRuns[i];
}

describe.skipIf(!existsSync(TIME))('decompression bombs are refused, bounded, named', () => {
  for (const [file, why] of [
    ['zstd-bomb.eval', /block at byte 6 is 2097151 bytes, more than the frame's block maximum of 131072/],
    ['zstd-bomb-valid.eval', /decodes to more than its declared size of 1000 bytes/],
    ['deflate-lies.eval', /decodes to more than its declared size of 1000 bytes/],
  ] as const) {
    test(file, () => {
      const log = join(hostile, file);
      for (const [i, args] of commands(log, '').entries()) {
        const baseline = validRun(i);
        const run = measured(args);
        process.stdout.write(
          `${file} ${args[0]}${args.includes('--background') ? ' --background on' : ''}: ${run.wall.toFixed(2)} s wall, ${run.cpu.toFixed(2)} CPU s, ${run.rssMb.toFixed(0)} MB peak RSS (a valid log: ${baseline.cpu.toFixed(2)} CPU s)\n`,
        );
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(`${log}!summaries.json: `);
        expect(run.stderr).toMatch(why);
        expect(run.cpu, `${run.cpu} CPU s against ${baseline.cpu} for a valid log`).toBeLessThan(
          baseline.cpu + 0.4,
        );
        expect(run.rssMb).toBeLessThan(200);
        expect(existsSync(join(dir, 'x.arrow')) || existsSync(join(dir, 'y.arrow'))).toBe(false);
      }
    });
  }
});
