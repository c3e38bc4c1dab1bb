/**
 * Worker faults: a stuck analyser is stopped by the per-chunk time limit, and a method that
 * exhausts its worker's heap fails alone — each with an error naming the method, the cell and
 * the replication, never a hang or a V8 abort of the run.
 */
import { describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { runStudy } from './runStudy.js';
import { toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';

function hogStudy(mode: 'loop' | 'memory') {
  return validateStudy(
    toyStudyConfig({
      replications: 200,
      grid: { p: [0.5] },
      methods: [
        { id: 'wald', module: './toy-wald.mjs' },
        { id: 'hog', module: './toy-hog.mjs', mode },
      ],
      formulas: [],
      expectations: [],
    }),
    toyBaseDir,
  );
}

describe('worker faults name the method', () => {
  test('--chunk-timeout terminates a stuck analyser and names it', async () => {
    const study = await hogStudy('loop');
    await expect(runStudy(study, { workers: 1, chunkTimeout: 1 })).rejects.toThrow(
      /study toy-study, cell 0 \(p=0\.5\), replications 0–199: stopped after the chunk time limit \(--chunk-timeout 1 s\) in method "hog" at replication 0; the worker was terminated/,
    );
  });

  test('a chunk time limit cannot be enforced in this thread: refused with workers 0', async () => {
    const study = await hogStudy('loop');
    await expect(runStudy(study, { workers: 0, chunkTimeout: 1 })).rejects.toThrow(
      /chunkTimeout: got 1; allowed: worker threads: a chunk running in this thread \(--workers 0\) cannot be stopped/,
    );
  });

  test('a worker out of memory names the method, the run fails cleanly', async () => {
    const study = await hogStudy('memory');
    await expect(runStudy(study, { workers: 1, workerMemoryMb: 64 })).rejects.toThrow(
      /replications 0–99: the worker ran out of memory \(heap limit 64 MB; --worker-memory raises it\) in method "hog" at replication 0/,
    );
  });

  test('with workers 0 a user method out of memory fails the same way (its chunks run in a thread)', async () => {
    const study = await hogStudy('memory');
    const run = runStudy(study, { workers: 0, workerMemoryMb: 64 });
    await expect(run).rejects.toThrow(
      /replications 0–99: the worker ran out of memory \(heap limit 64 MB; --worker-memory raises it\) in method "hog" at replication 0/,
    );
  });

  test('with workers 0 a study of user modules still runs, on one thread, with the same results', async () => {
    const study = await validateStudy(
      toyStudyConfig({ replications: 300, grid: { p: [0.3, 0.6] }, formulas: [], expectations: [] }),
      toyBaseDir,
    );
    const [zero, two] = [await runStudy(study, { workers: 0 }), await runStudy(study, { workers: 2 })];
    expect(zero.workers).toBe(1);
    expect(zero.rows).toEqual(two.rows);
  });
});
