/**
 * A worker thread started before the study is validated (workerThread.ts): the pool takes it as
 * its first thread, a run that needs no thread closes it, the pool's queue gives each thread one
 * task at a time in the order given, and the results are the bytes of a run in this thread.
 */
import { describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { createStudyPool } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { runStudy } from './runStudy.js';
import { recordingThread } from './test-utils/recordingThread.js';
import { BUILT_IN_STUDY, toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';
import { startWorkerThread } from './workerThread.js';

const rowsOf = (rows: readonly object[]) => JSON.stringify(rows);

describe('a worker thread started before validation', () => {
  test('becomes the pool’s first thread; the results are those of a run in this thread', async () => {
    const study = await validateStudy({ ...toyStudyConfig(), replications: 600 }, toyBaseDir);
    const inProcess = await runStudy(study, { workers: 0, chunkSize: 100 });
    const { thread, log } = recordingThread(startWorkerThread());
    const threaded = await runStudy(study, { workers: 2, chunkSize: 100, warm: thread });
    expect(threaded.workers).toBe(2);
    expect(log.runs).toBeGreaterThan(0); // it ran chunks (the other thread the rest)
    expect(log.mostRunning).toBe(1);
    expect(log.closes).toBeGreaterThanOrEqual(1);
    expect(rowsOf(threaded.rows)).toBe(rowsOf(inProcess.rows));
  });

  test('a run that stays in this thread (or fails) closes it unused', async () => {
    // Built-in blocks only: with workers 0 they run in this thread (user modules would not).
    const builtIn = await validateStudy(
      {
        name: 'built-in',
        title: 'Built-in blocks only',
        seed: 3,
        replications: 50,
        model: { name: 'betaBinomialClusters', params: { p: 0.7, rho: 0.1, clusters: 5, m: 4 } },
        methods: [{ id: 'wald', method: 'wald' }],
        metrics: ['coverage'],
      },
      toyBaseDir,
    );
    const idle = recordingThread();
    await runStudy(builtIn, { workers: 0, warm: idle.thread });
    expect(idle.log).toMatchObject({ runs: 0 });
    expect(idle.log.closes).toBeGreaterThanOrEqual(1);
    const study = await validateStudy(toyStudyConfig(), toyBaseDir);
    const failing = recordingThread();
    await expect(runStudy(study, { workers: 1, seed: -1, warm: failing.thread })).rejects.toThrow(/seed/);
    expect(failing.log).toMatchObject({ runs: 0 });
    expect(failing.log.closes).toBeGreaterThanOrEqual(1);
  });

  test('a study of user modules with workers 0 runs on the started thread, with the same results', async () => {
    const study = await validateStudy({ ...toyStudyConfig(), replications: 300 }, toyBaseDir);
    const { thread, log } = recordingThread(startWorkerThread());
    const zero = await runStudy(study, { workers: 0, chunkSize: 100, warm: thread });
    expect(zero.workers).toBe(1);
    expect(log.runs).toBeGreaterThan(0);
    expect(log.closes).toBeGreaterThanOrEqual(1);
    const two = await runStudy(study, { workers: 2, chunkSize: 100 });
    expect(rowsOf(zero.rows)).toBe(rowsOf(two.rows));
  });

  test('the pool gives each thread one task at a time, in the order given', async () => {
    const { thread, log } = recordingThread();
    const pool = createStudyPool({ workers: 1, warm: thread });
    const starts = [0, 100, 200, 300, 400, 500];
    await Promise.all(starts.map((start) => pool.run({ start } as ChunkTask)));
    await pool.close();
    expect(log.order).toEqual(starts);
    expect(log.mostRunning).toBe(1);
    expect(log.closes).toBe(1);
  });

  test('a queued task whose signal is aborted never starts; a thread of another heap limit is refused', async () => {
    const { thread, log } = recordingThread();
    const pool = createStudyPool({ workers: 1, warm: thread });
    const stop = new AbortController();
    const first = pool.run({ start: 0 } as ChunkTask);
    const second = pool.run({ start: 100 } as ChunkTask, stop.signal);
    stop.abort(new Error('stopped'));
    await first;
    await expect(second).rejects.toThrow('stopped');
    await pool.close();
    expect(log.order).toEqual([0]);
    expect(() => createStudyPool({ workers: 1, workerMemoryMb: 64, warm: thread })).toThrow(
      /heap limit of 4096 MB, not the pool's 64 MB/,
    );
  });

  test('a thread gets tasks only once it has loaded; this thread computes them meanwhile', async () => {
    const study = await validateStudy(BUILT_IN_STUDY, toyBaseDir);
    const reference = rowsOf((await runStudy(study, { workers: 0, chunkSize: 100 })).rows);
    // A thread that never says it is ready: every chunk runs here.
    const { thread, log } = recordingThread();
    const never = { ...thread, ready: new Promise<void>(() => {}) };
    const pool = createStudyPool({ workers: 1, mainThread: true, warm: never });
    const run = await runStudy(study, { pool, chunkSize: 100 }).finally(() => pool.close());
    expect(log.runs).toBe(0);
    expect(rowsOf(run.rows)).toBe(reference);
    // A real thread answers its readiness once it has loaded the worker module.
    const started = startWorkerThread();
    await expect(started.ready).resolves.toBeUndefined();
    await started.close();
  });
});
