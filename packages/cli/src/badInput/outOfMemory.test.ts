/**
 * Issue 8 item 7 with a real process: a user method that allocates until its heap is exhausted
 * fails the run with a message naming the method, exit 2, nothing published — with worker
 * threads and with `--workers 0` alike (user code never runs in the main thread, whose V8
 * heap-limit abort could not be caught: runner/workerCount.ts). Issue 27: one that fills typed
 * arrays — outside the heap, which V8's limit does not bound — is stopped by the process memory
 * watch (runner/memoryWatch.ts) near its limit, named the same way. The built bundle is spawned
 * so an abort could not take the test runner with it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const bundle = fileURLToPath(new URL('../../../evalsim/dist/evalsim.mjs', import.meta.url));
const toys = fileURLToPath(new URL('../../../sim/src/runner/test-utils/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evalsim-oom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const name of ['toy-model.mjs', 'toy-wald.mjs', 'toy-hog.mjs'])
  copyFileSync(join(toys, name), join(dir, name));
function hogStudy(mode: 'memory' | 'buffers'): string {
  const file = join(dir, `hog-${mode}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name: 'hog',
      title: 'A method that exhausts its heap, or fills buffers',
      seed: 1,
      replications: 200,
      model: { module: './toy-model.mjs', params: { clusters: 20, m: 5 } },
      grid: { p: [0.5] },
      methods: [
        { id: 'wald', module: './toy-wald.mjs' },
        { id: 'hog', module: './toy-hog.mjs', mode },
      ],
      metrics: ['coverage'],
    }),
  );
  return file;
}
const studyFile = hogStudy('memory');

describe('a user method out of memory fails the run cleanly, named', () => {
  test.each(['0', '1'])('--workers %s', (workers) => {
    const out = join(dir, `out-${workers}`);
    const result = spawnSync(
      process.execPath,
      [bundle, 'run', studyFile, '--workers', workers, '--worker-memory', '64', '--out', out, '--quiet'],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.signal).toBeNull();
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /study hog, cell 0 \(p=0\.5\), replications 0–99: the worker ran out of memory \(heap limit 64 MB; --worker-memory raises it\) in method "hog" at replication 0/,
    );
    expect(result.stderr).not.toMatch(/FATAL ERROR|\n\s+at /);
    expect(existsSync(out) ? readdirSync(out, { recursive: true }).map(String) : []).toEqual([]);
  });
});

describe('a user method filling ArrayBuffers is stopped near --worker-memory, named', () => {
  test.each(['0', '1'])('--workers %s', (workers) => {
    const out = join(dir, `buffers-${workers}`);
    const result = spawnSync(
      process.execPath,
      [
        bundle,
        'run',
        hogStudy('buffers'),
        '--workers',
        workers,
        '--worker-memory',
        '64',
        '--out',
        out,
        '--quiet',
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.signal, 'timed out: the memory watch did not stop it').toBeNull();
    expect(result.status, result.stderr).toBe(2);
    const match =
      /study hog: the process's memory reached ([\d,]+) MB, above its limit of ([\d,]+) MB \(1 worker thread × --worker-memory 64 MB, and this thread's\): memory outside the JavaScript heap .*stopped cell 0 \(p=0\.5\), replications 0–99 in method "hog" at replication 0 \(the worker was terminated\); --worker-memory raises the limit/.exec(
        result.stderr,
      );
    expect(match, result.stderr).not.toBeNull();
    const [reached, limit] = [match![1], match![2]].map((x) => Number(x.replaceAll(',', '')));
    // Stopped within what two intervals of filling can add (the hog holds 3 GB when unwatched).
    expect(reached).toBeLessThan(limit + 1024);
    expect(result.stderr).not.toMatch(/FATAL ERROR|\n\s+at /);
    expect(existsSync(out) ? readdirSync(out, { recursive: true }).map(String) : []).toEqual([]);
  });
});
