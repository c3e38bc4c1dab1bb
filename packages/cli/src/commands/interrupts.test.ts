/**
 * Issue 8 item 8 with a real process and a real signal: `evalsim run` (the built bundle)
 * gets SIGINT or SIGTERM once a cell is checkpointed; it stops, keeps the finished cells'
 * checkpoints, releases its lock, says how to continue and exits 130 / 143; `--resume`
 * then finishes with the bytes of an uninterrupted run. No timing is asserted: the signal is
 * sent when the first checkpoint file appears. Checkpoints are written at most every 0.5 s
 * (sim runner/checkpoint.ts), so the study runs ≈ 1.3 s: the first file appears with cells left.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';
import { SIGNAL_EXIT_CODES } from './interrupts.js';

const bundle = fileURLToPath(new URL('../../../evalsim/dist/evalsim.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evalsim-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CELLS = 12;
const studyFile = join(dir, 'slow.json');
writeFileSync(
  studyFile,
  JSON.stringify({
    name: 'slow',
    title: 'Slow enough to interrupt',
    seed: 5,
    replications: 12000,
    model: { name: 'betaBinomialClusters', params: { p: 0.6, rho: 0.1, clusters: 8 } },
    grid: { m: Array.from({ length: CELLS }, (_, i) => i + 2) },
    methods: [{ id: 'boot', method: 'clusterBootstrap', resamples: 200 }],
    metrics: ['coverage'],
  }),
);

function allFiles(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : [];
}

/** Runs the bundle into `out`, sends `signal` when the first cell's checkpoint exists; its exit code and stderr. */
function interruptedRun(
  out: string,
  signal: NodeJS.Signals,
  command: readonly string[] = ['run', studyFile, '--chunk-size', '50'],
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...command, '--out', out, '--workers', '1', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const poll = setInterval(() => {
      if (allFiles(join(out, '.checkpoints')).some((f) => /cell-\d+\.json$/.test(f))) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      resolve({ code, stderr });
    });
  });
}

/** How the resumed and the uninterrupted runs run, in process. */
const IN_PROCESS = ['--workers', '0', '--chunk-size', '1000', '--quiet', '--json'];

/** An uninterrupted run of the study (one for both signals: the same bytes every time). */
let freshRun: Promise<Buffer> | undefined;
function freshArrow(): Promise<Buffer> {
  freshRun ??= (async () => {
    const out = join(dir, 'fresh');
    const fresh = await runCli(['run', studyFile, '--out', out, ...IN_PROCESS], { cwd: dir, env: {} });
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    return readFileSync(join(out, 'slow.arrow'));
  })();
  return freshRun;
}

describe('interrupts (real process, real signal)', () => {
  test.each(['SIGINT', 'SIGTERM'] as const)(
    '%s: stops, keeps checkpoints, releases the lock, exits 128 + n; --resume completes',
    async (signal) => {
      const out = join(dir, `out-${signal}`);
      const { code, stderr } = await interruptedRun(out, signal);
      expect(code, stderr).toBe(SIGNAL_EXIT_CODES[signal]);
      const match = /^evalsim: interrupted after (\d+) of (\d+) cells; rerun with --resume$/m.exec(stderr);
      expect(match, stderr).not.toBeNull();
      const done = Number(match![1]);
      expect(Number(match![2])).toBe(CELLS);
      expect(done).toBeGreaterThanOrEqual(1);
      expect(done).toBeLessThan(CELLS);
      expect(stderr).not.toMatch(/^\s+at\s/m);
      const files = allFiles(out);
      expect(files.filter((f) => /cell-\d+\.json$/.test(f))).toHaveLength(done);
      expect(files.filter((f) => f.includes('.tmp-') || f.endsWith('.lock') || f.endsWith('.arrow'))).toEqual(
        [],
      );

      // --resume reuses the finished cells (fewer replications) and writes what a fresh run writes
      const env = { cwd: dir, env: {} };
      const resumed = await runCli(['run', studyFile, '--out', out, '--resume', ...IN_PROCESS], env);
      expect(resumed.exitCode, resumed.stderr).toBe(0);
      expect(readFileSync(join(out, 'slow.arrow')).equals(await freshArrow())).toBe(true);
      expect(JSON.parse(readFileSync(join(out, '.runs', 'slow.run.json'), 'utf8')).resumedCells).toBe(done);
    },
    180_000,
  );

  test('reproduce: SIGINT stops it, and reproduce --resume finishes with the bytes of an uninterrupted one', async () => {
    const studies = join(dir, 'studies');
    mkdirSync(studies, { recursive: true });
    writeFileSync(join(studies, 'slow.json'), readFileSync(studyFile));
    const out = join(dir, 'reproduce-out');
    const { code, stderr } = await interruptedRun(out, 'SIGINT', ['reproduce', '--studies', studies]);
    expect(code, stderr).toBe(SIGNAL_EXIT_CODES.SIGINT);
    const match = /^evalsim: interrupted after (\d+) of (\d+) cells; rerun with --resume$/m.exec(stderr);
    expect(match, stderr).not.toBeNull();
    const done = Number(match![1]);
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(CELLS);
    const env = { cwd: dir, env: {} };
    const resumed = await runCli(
      ['reproduce', '--studies', studies, '--out', out, '--resume', '--quiet'],
      env,
    );
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const freshOut = join(dir, 'reproduce-fresh');
    const fresh = await runCli(['reproduce', '--studies', studies, '--out', freshOut, '--quiet'], env);
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(readFileSync(join(out, 'slow.arrow')).equals(readFileSync(join(freshOut, 'slow.arrow')))).toBe(
      true,
    );
    expect(JSON.parse(readFileSync(join(out, '.runs', 'slow.run.json'), 'utf8')).resumedCells).toBe(done);
  }, 180_000);
});
