/**
 * The thread trace (threadTrace.ts): off unless started; with it, every chunk's interval on the
 * thread that ran it (worker threads' carried back in the chunk's header), the main thread's folds,
 * and nothing that changes a result.
 */
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { createStudyPool } from './chunkExecutor.js';
import { runStudy } from './runStudy.js';
import { runBytes } from './test-utils/runBytes.js';
import { BUILT_IN_STUDY, toyBaseDir } from './test-utils/toyStudy.js';
import { startThreadTrace, stopThreadTrace, traceBusy, traceClockMs, tracingThreads } from './threadTrace.js';
import { startWorkerThread } from './workerThread.js';

afterEach(() => {
  stopThreadTrace();
});

describe('thread trace', () => {
  test('records nothing unless started', () => {
    expect(tracingThreads()).toBe(false);
    traceBusy({ thread: 0, startMs: 1, endMs: 2, kind: 'fold', label: 'x' });
    expect(stopThreadTrace()).toEqual([]);
  });

  test("a run's chunks on both threads, folds on this one; the bytes of an untraced run", async () => {
    const study = await validateStudy(BUILT_IN_STUDY, toyBaseDir);
    const reference = runBytes(await runStudy(study, { workers: 0 }));
    const before = traceClockMs();
    startThreadTrace();
    // A thread that has loaded (a pool gives a loading thread no chunks).
    const warm = startWorkerThread();
    await warm.ready;
    const pool = createStudyPool({ workers: 1, mainThread: true, warm });
    const run = await runStudy(study, { pool, chunkSize: 100 }).finally(() => pool.close());
    const intervals = stopThreadTrace();
    const after = traceClockMs();
    expect(runBytes(run).equals(reference)).toBe(true);
    const chunks = intervals.filter((i) => i.kind === 'chunk');
    // 2 cells × 1,000 replications in chunks of 100.
    expect(chunks).toHaveLength(20);
    const threads = new Set(chunks.map((i) => i.thread));
    expect(threads.has(threadId)).toBe(true);
    expect(threads.size).toBe(2);
    for (const chunk of chunks) {
      expect(chunk.label).toBe(study.name);
      expect(chunk.startMs).toBeGreaterThanOrEqual(before);
      expect(chunk.endMs).toBeGreaterThanOrEqual(chunk.startMs);
      expect(chunk.endMs).toBeLessThanOrEqual(after);
      expect(chunk.cpuSeconds).toBeGreaterThanOrEqual(0);
    }
    // One thread's chunks never overlap (a chunk runs to its end without yielding).
    for (const thread of threads) {
      const own = chunks.filter((i) => i.thread === thread).sort((a, b) => a.startMs - b.startMs);
      for (let i = 1; i < own.length; i++) expect(own[i].startMs).toBeGreaterThanOrEqual(own[i - 1].endMs);
    }
    expect(intervals.filter((i) => i.kind === 'fold').length).toBe(20);
  });
});
