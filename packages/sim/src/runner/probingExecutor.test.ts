/**
 * The first chunk runs here, timed, and decides (probingExecutor.ts): a run whose estimated rest
 * exceeds WORKERS_PAY_AFTER_SECONDS goes to the pool, made only then; a small one stays here. The
 * chunks asked for while the first runs wait for the decision and keep their order.
 */
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { ChunkExecutor } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import {
  createProbingExecutor,
  PROBE_SECONDS,
  STARTED_WORKERS_PAY_AFTER_SECONDS,
  WORKERS_PAY_AFTER_SECONDS,
  workersPay,
} from './probingExecutor.js';
import { threadCpuSeconds } from './threadCpuTime.js';

/**
 * An executor that records the tasks' starts and answers after `seconds` of this thread's CPU (a
 * list: the n-th task's, the last one for the rest).
 */
function fakeExecutor(workers: number, seconds: number | readonly number[]) {
  const log = { starts: [] as number[], closes: 0 };
  const times = typeof seconds === 'number' ? [seconds] : seconds;
  const executor: ChunkExecutor = {
    workers,
    mainThread: true,
    async run(task) {
      const busy = times[Math.min(log.starts.length, times.length - 1)];
      log.starts.push(task.start);
      const started = threadCpuSeconds();
      while (threadCpuSeconds() - started < busy) {}
      return new ArrayBuffer(task.start + 1);
    },
    async close() {
      log.closes++;
    },
  };
  return { executor, log };
}

const task = (start: number, count: number) => ({ start, count }) as ChunkTask;

describe('workers only when they pay', () => {
  test('the rule: the rest estimated from a chunk’s time per replication', () => {
    expect(workersPay(0.01, 100, 100 * (WORKERS_PAY_AFTER_SECONDS / 0.01) + 100)).toBe(true);
    expect(workersPay(0.01, 100, 100 * (WORKERS_PAY_AFTER_SECONDS / 0.01) - 100)).toBe(false);
    expect(workersPay(1, 1, 0)).toBe(false);
    // A started pool's threshold (reproduce's shared pool) is lower.
    const started = STARTED_WORKERS_PAY_AFTER_SECONDS;
    expect(started).toBeLessThan(WORKERS_PAY_AFTER_SECONDS);
    expect(workersPay(0.01, 100, 100 * (started / 0.01) + 100, started)).toBe(true);
    expect(workersPay(0.01, 100, 100 * (started / 0.01) - 100, started)).toBe(false);
  });

  test('a long run: chunks here until the probe’s CPU time, the rest on the pool, made then, in order', async () => {
    const here = fakeExecutor(0, 0.6 * PROBE_SECONDS);
    const threads = fakeExecutor(1, 0);
    let made = 0;
    const probing = createProbingExecutor(1_000_000, here.executor, () => {
      made++;
      return threads.executor;
    });
    expect(probing.workers).toBe(0);
    const buffers = await Promise.all([0, 1, 2, 3].map((start) => probing.run(task(start, 1))));
    expect(buffers.map((b) => b.byteLength)).toEqual([1, 2, 3, 4]);
    expect(here.log.starts).toEqual([0, 1]);
    expect(threads.log.starts).toEqual([2, 3]);
    expect(made).toBe(1);
    expect(probing.workers).toBe(1);
    await probing.close();
    expect([here.log.closes, threads.log.closes]).toEqual([1, 1]);
  });

  test('the last chunk of the probe decides: a cold start does not send a short run to workers', async () => {
    // Two cold chunks of 100 replications (0.45 of the probe each), then a warm one of 1,000 (0.1):
    // with T = WORKERS_PAY_AFTER_SECONDS and 20,000·T s of replications left, its rate gives a rest
    // of 0.1·P / 1,000 · 20,000·T = 0.4·T (P = 0.2 s: stays here), where the mean rate after the
    // first chunk would have given 0.55·P / 1,100 · 20,000·T = 2·T (workers).
    const P = PROBE_SECONDS;
    const T = WORKERS_PAY_AFTER_SECONDS;
    const left = Math.round(20_000 * T);
    expect((((0.45 + 0.1) * P) / 1100) * left).toBeGreaterThan(T);
    expect(((0.1 * P) / 1000) * left).toBeLessThan(T);
    const here = fakeExecutor(0, [0.45 * P, 0.45 * P, 0.1 * P, 0]);
    let made = 0;
    const probing = createProbingExecutor(1200 + left, here.executor, () => {
      made++;
      return fakeExecutor(1, 0).executor;
    });
    const chunks: [number, number][] = [
      [0, 100],
      [100, 100],
      [200, 1000],
      [1200, 100],
    ];
    await Promise.all(chunks.map(([start, count]) => probing.run(task(start, count))));
    expect(made).toBe(0);
    expect(here.log.starts).toEqual([0, 100, 200, 1200]);
    await probing.close();
  });

  test('a short run stays here; no pool is made', async () => {
    const here = fakeExecutor(0, 0.6 * PROBE_SECONDS);
    let made = 0;
    const probing = createProbingExecutor(2001, here.executor, () => {
      made++;
      return fakeExecutor(1, 0).executor;
    });
    const counts = new Map([
      [0, 1000],
      [1000, 1000],
      [2000, 1],
    ]);
    await Promise.all([...counts].map(([start, count]) => probing.run(task(start, count))));
    expect(here.log.starts).toEqual([0, 1000, 2000]);
    expect(made).toBe(0);
    expect(probing.workers).toBe(0);
    await probing.close();
    expect(here.log.closes).toBe(1);
  });

  test.skipIf(!existsSync('/proc/thread-self/schedstat'))(
    'this thread’s CPU time does not count time spent waiting',
    async () => {
      const started = threadCpuSeconds();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(threadCpuSeconds() - started).toBeLessThan(0.1);
    },
  );
});
