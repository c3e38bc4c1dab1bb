/**
 * `evalsim run --chunk-timeout`, and `--workers n ≥ 2`, start a worker thread before loading the
 * runner and validating the study (run.ts; built-in blocks still start in this thread, and a run
 * too small for workers closes it unused). The built CLI, as a process, gives the bytes of a run
 * in this thread either way, and a study refused by validation still ends the process (the
 * started thread is closed) with the usual one-line error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const bundle = join(root, 'packages/evalsim/dist/evalsim.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-warm-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const STUDY = {
  name: 'warm-thread',
  title: 'Two cells, a few replications',
  seed: 7,
  replications: 300,
  model: { name: 'betaBinomialClusters', params: { p: 0.7, items: 200, m: 10 } },
  grid: { rho: [0.05, 0.2] },
  methods: [
    { id: 'naive', method: 'wald' },
    { id: 'clustered', method: 'clustered' },
  ],
  metrics: ['coverage'],
};

function evalsim(...args: string[]) {
  // A timeout turns a process kept alive by a forgotten thread into a failure, not a hang.
  return spawnSync(process.execPath, [bundle, ...args], { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
}

describe('a thread started before validating', () => {
  test('the results are the bytes of a run in this thread', () => {
    writeFileSync(join(tmp, 'warm.json'), JSON.stringify(STUDY));
    const outputs = ['0', '1', '2'].map((workers) => {
      const out = join(tmp, `out-${workers}`);
      const run = evalsim('run', 'warm.json', '--workers', workers, '--out', out, '--quiet');
      expect(run.status, run.stderr).toBe(0);
      // Built-in blocks: n computing threads are this thread and n − 1 workers.
      expect(run.stdout).toContain(', this thread,'); // too small for a worker to pay (probingExecutor.ts)
      return readFileSync(join(out, 'warm-thread.arrow'));
    });
    // --chunk-timeout: the thread started early computes every chunk.
    const timed = evalsim(
      'run',
      'warm.json',
      '--workers',
      '1',
      '--chunk-timeout',
      '60',
      '--out',
      join(tmp, 'out-t'),
      '--quiet',
    );
    expect(timed.status, timed.stderr).toBe(0);
    expect(timed.stdout).toContain(', 1 worker,');
    outputs.push(readFileSync(join(tmp, 'out-t', 'warm-thread.arrow')));
    for (const output of outputs.slice(1)) expect(output.equals(outputs[0])).toBe(true);
  });

  test('a refused study ends the process with its error, the thread closed', () => {
    writeFileSync(join(tmp, 'bad.json'), JSON.stringify({ ...STUDY, replications: 0 }));
    for (const flags of [
      ['--chunk-timeout', '60'],
      ['--workers', '2'],
    ]) {
      const run = evalsim('run', 'bad.json', ...flags, '--out', join(tmp, 'out-bad'));
      expect(run.error).toBeUndefined(); // not killed by the timeout
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(
        'evalsim: bad.json: replications: got 0; allowed: an integer ≥ 1 and ≤ 100000000\n',
      );
    }
  });
});
