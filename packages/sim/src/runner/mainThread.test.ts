/**
 * This thread as a computing thread (chunkExecutor.ts, workerCount.ts): with built-in blocks,
 * `workers: n` computes on this thread and n − 1 worker threads, which share one queue; the
 * results are the bytes of a run in this thread for any thread count and chunk size, also on a
 * pool shared across studies. User code and time-limited chunks never run here.
 */
import { describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { createStudyPool } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { runStudy } from './runStudy.js';
import { LANE_TASKS_PER_THREAD } from './studyLanes.js';
import { recordingThread } from './test-utils/recordingThread.js';
import { runBytes } from './test-utils/runBytes.js';
import { BUILT_IN_STUDY as BUILT_IN, toyBaseDir } from './test-utils/toyStudy.js';
import { startWorkerThread, TASKS_PER_THREAD } from './workerThread.js';

describe('this thread computes too (built-in blocks)', () => {
  test('this thread and worker threads share the chunks; the bytes are those of a run in this thread', async () => {
    const study = await validateStudy(BUILT_IN, toyBaseDir);
    const alone = await runStudy(study, { workers: 0 });
    expect(alone).toMatchObject({ workers: 0, threads: 1 });
    const reference = runBytes(alone);
    const one = await runStudy(study, { workers: 1, chunkSize: 100 });
    expect(one).toMatchObject({ workers: 0, threads: 1 });
    expect(runBytes(one).equals(reference)).toBe(true);
    for (const chunkSize of [100, 300, 1000]) {
      const { thread, log } = recordingThread(startWorkerThread());
      const pool = createStudyPool({ workers: 1, mainThread: true, warm: thread });
      const two = await runStudy(study, { pool, chunkSize }).finally(() => pool.close());
      expect(two).toMatchObject({ workers: 1, threads: 2 });
      const chunks = 2 * Math.ceil(1000 / chunkSize);
      // The worker ran some chunks and this thread the others (its first chunk at least).
      expect(log.runs).toBeGreaterThan(0);
      expect(log.runs).toBeLessThan(chunks);
      // With this thread computing, a worker holds the chunk it runs and the next ones, up to TASKS_PER_THREAD.
      if (chunks > 2) {
        expect(log.mostRunning).toBeGreaterThan(1);
        expect(log.mostRunning).toBeLessThanOrEqual(TASKS_PER_THREAD);
      }
      expect(runBytes(two).equals(reference), `chunk size ${chunkSize}`).toBe(true);
    }
    const pool = createStudyPool({ workers: 2, mainThread: true });
    const three = await runStudy(study, { pool, chunkSize: 200 }).finally(() => pool.close());
    expect(three).toMatchObject({ workers: 2, threads: 3 });
    expect(runBytes(three).equals(reference)).toBe(true);
  });

  test("a pool for lanes holds up to tasksPerThread chunks on a worker (more than run's four), same bytes", async () => {
    const study = await validateStudy(BUILT_IN, toyBaseDir);
    const reference = runBytes(await runStudy(study, { workers: 0 }));
    const { thread, log } = recordingThread(startWorkerThread());
    const pool = createStudyPool({
      workers: 1,
      mainThread: true,
      warm: thread,
      tasksPerThread: LANE_TASKS_PER_THREAD,
    });
    // Through the worker threads' view (the worker lane), 20 chunks queue at once.
    const deep = await runStudy(study, {
      pool: pool.workerThreads!,
      chunkSize: 100,
    }).finally(() => pool.close());
    expect(log.mostRunning).toBeGreaterThan(TASKS_PER_THREAD);
    expect(log.mostRunning).toBeLessThanOrEqual(LANE_TASKS_PER_THREAD);
    expect(runBytes(deep).equals(reference)).toBe(true);
    for (const tasksPerThread of [0, 17, 2.5])
      expect(() => createStudyPool({ workers: 1, mainThread: true, tasksPerThread })).toThrow(
        /tasksPerThread: must be an integer in \[1, 16\]/,
      );
  });

  test('a run too small for workers to pay stays in this thread, the started thread unused', async () => {
    const study = await validateStudy({ ...BUILT_IN, replications: 300 }, toyBaseDir);
    const reference = runBytes(await runStudy(study, { workers: 0 }));
    const { thread, log } = recordingThread(startWorkerThread());
    const small = await runStudy(study, { workers: 2, chunkSize: 100, warm: thread });
    expect(small).toMatchObject({ workers: 0, threads: 1 });
    expect(log.runs).toBe(0);
    expect(runBytes(small).equals(reference)).toBe(true);
  });

  test('a pool shared across studies (as reproduce makes) computes here too, with the same bytes', async () => {
    const first = await validateStudy(BUILT_IN, toyBaseDir);
    const second = await validateStudy(
      { ...BUILT_IN, name: 'second', seed: 12, replications: 700 },
      toyBaseDir,
    );
    const references = [
      runBytes(await runStudy(first, { workers: 0 })),
      runBytes(await runStudy(second, { workers: 0 })),
    ];
    const { thread, log } = recordingThread(startWorkerThread());
    const pool = createStudyPool({ workers: 1, mainThread: true, warm: thread });
    try {
      for (const [i, study] of [first, second].entries()) {
        const run = await runStudy(study, { pool, chunkSize: 100 });
        expect(run).toMatchObject({ workers: 1, threads: 2 });
        expect(runBytes(run).equals(references[i])).toBe(true);
      }
    } finally {
      await pool.close();
    }
    expect(log.runs).toBeGreaterThan(0);
    expect(log.runs).toBeLessThan(20 + 14);
  });

  test('on a shared pool a study too small for the worker to pay stays in this thread', async () => {
    const study = await validateStudy({ ...BUILT_IN, replications: 300 }, toyBaseDir);
    const reference = runBytes(await runStudy(study, { workers: 0 }));
    const { thread, log } = recordingThread(startWorkerThread());
    const pool = createStudyPool({ workers: 1, mainThread: true, warm: thread });
    try {
      const run = await runStudy(study, { pool });
      expect(run).toMatchObject({ workers: 0, threads: 1 });
      expect(runBytes(run).equals(reference)).toBe(true);
    } finally {
      await pool.close();
    }
    expect(log.runs).toBe(0);
  });

  test('user code and time-limited chunks only go to worker threads, one at a time', async () => {
    const { thread, log } = recordingThread();
    const pool = createStudyPool({ workers: 1, mainThread: true, warm: thread });
    const userCode = { start: 0, inputs: [{ role: 'method' }] } as unknown as ChunkTask;
    const timed = { start: 0, inputs: [] } as unknown as ChunkTask;
    const limit = new AbortController();
    await Promise.all([
      ...[0, 1, 2, 3].map(() => pool.run(userCode)),
      ...[0, 1, 2].map(() => pool.run(timed, limit.signal)),
    ]);
    await pool.close();
    // Every task ran on the worker thread (this thread would have failed on these fake tasks).
    expect(log.runs).toBe(7);
    expect(log.mostRunning).toBe(1);
  });
});
