/**
 * The first chunks run here, timed, and decide (probingExecutor.ts): a run whose estimated rest
 * exceeds WORKERS_PAY_AFTER_SECONDS goes to the pool, made when the run starts (its threads load
 * meanwhile); a small one stays here and closes the pool unused. The chunks asked for while the
 * probe runs wait for the decision and keep their order.
 */
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { ChunkExecutor } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import {
  createProbingExecutor,
  LOADED_PROBE_SECONDS,
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

  test('a long run: chunks here until the probe’s CPU time, the rest on the pool, made at once, in order', async () => {
    const here = fakeExecutor(0, 0.6 * PROBE_SECONDS);
    const threads = fakeExecutor(1, 0);
    let made = 0;
    const probing = createProbingExecutor(1_000_000, here.executor, () => {
      made++;
      return threads.executor;
    });
    expect(probing.workers).toBe(0);
    expect(made).toBe(1);
    const buffers = await Promise.all([0, 1, 2, 3].map((start) => probing.run(task(start, 1))));
    expect(buffers.map((b) => b.byteLength)).toEqual([1, 2, 3, 4]);
    expect(here.log.starts).toEqual([0, 1]);
    expect(threads.log.starts).toEqual([2, 3]);
    expect(made).toBe(1);
    expect(probing.workers).toBe(1);
    await probing.close();
    expect([here.log.closes, threads.log.closes]).toEqual([1, 1]);
  });

  test('the latest half probe decides: a cold start does not send a short run to workers', async () => {
    // A cold chunk of 100 replications (0.45 of the probe), then two warm ones of 1,000 (0.3 each):
    // with T = WORKERS_PAY_AFTER_SECONDS and 2,500·T/P replications left (P = PROBE_SECONDS), the
    // latest half probe's rate gives a rest of 0.6·P / 2,000 · 2,500·T/P = 0.75·T (stays here), where
    // the whole probe's mean would have given 1.05·P / 2,100 · 2,500·T/P = 1.25·T (workers).
    const P = PROBE_SECONDS;
    const T = WORKERS_PAY_AFTER_SECONDS;
    const left = Math.round((2500 * T) / P);
    expect(((1.05 * P) / 2100) * left).toBeGreaterThan(T);
    expect(((0.6 * P) / 2000) * left).toBeLessThan(T);
    const here = fakeExecutor(0, [0.45 * P, 0.3 * P, 0.3 * P, 0]);
    const threads = fakeExecutor(1, 0);
    const probing = createProbingExecutor(2100 + left, here.executor, () => threads.executor);
    const chunks: [number, number][] = [
      [0, 100],
      [100, 1000],
      [1100, 1000],
      [2100, 100],
    ];
    await Promise.all(chunks.map(([start, count]) => probing.run(task(start, count))));
    expect(threads.log.starts).toEqual([]);
    expect(here.log.starts).toEqual([0, 100, 1100, 2100]);
    expect(threads.log.closes).toBe(0);
    await probing.close();
    expect(threads.log.closes).toBe(1);
  });

  test('after the probe, dearer chunks send the rest to workers', async () => {
    // Ten cheap chunks of 1,000 (0.1·P each) make the probe and estimate the rest, 20,000
    // replications, at 0.1·P / 1,000 · 20,000 = 2·P (< T); then one dear chunk (P): the latest
    // half probe's rate, P / 1,000, puts the 19,000 left at 19·P (> T), and they go to the pool.
    const P = PROBE_SECONDS;
    const T = WORKERS_PAY_AFTER_SECONDS;
    expect(2 * P).toBeLessThan(T);
    expect(19 * P).toBeGreaterThan(T);
    const here = fakeExecutor(0, [...Array(10).fill(0.1 * P), P, 0]);
    const threads = fakeExecutor(1, 0);
    const probing = createProbingExecutor(30_000, here.executor, () => threads.executor);
    const chunks: [number, number][] = [...Array(11).keys()].map((i) => [i * 1000, 1000]);
    chunks.push([11_000, 19_000]);
    await Promise.all(chunks.map(([start, count]) => probing.run(task(start, count))));
    expect(here.log.starts).toEqual(chunks.slice(0, 11).map(([start]) => start));
    expect(threads.log.starts).toEqual([11_000]);
    await probing.close();
  });

  test('a thread that has loaded is used after LOADED_PROBE_SECONDS when the rest exceeds the started threshold', async () => {
    // Chunks of 1,000 at 0.6·L each (L = LOADED_PROBE_SECONDS): after two (1.2·L ≥ L, well
    // below the full probe), the rest of 2,000·S/L replications (S the started threshold) is
    // estimated at 0.6·L / 1,000 · (2,000·S/L − 2,000) > S, so the next chunks go to the pool;
    // without `loaded` the same run waits for the whole probe.
    const L = LOADED_PROBE_SECONDS;
    const S = STARTED_WORKERS_PAY_AFTER_SECONDS;
    expect(2 * 0.6 * L).toBeLessThan(PROBE_SECONDS);
    const total = Math.round((2000 * S) / L) + 4000;
    expect(((0.6 * L) / 1000) * (total - 2000)).toBeGreaterThan(S);
    const starts = [0, 1000, 2000, 3000];
    for (const loaded of [Promise.resolve(), undefined]) {
      const here = fakeExecutor(0, 0.6 * L);
      const threads = fakeExecutor(1, 0);
      const probing = createProbingExecutor(
        total,
        here.executor,
        () => threads.executor,
        WORKERS_PAY_AFTER_SECONDS,
        loaded,
      );
      await loaded;
      await Promise.all(starts.map((start) => probing.run(task(start, 1000))));
      if (loaded) expect(threads.log.starts).toEqual([2000, 3000]);
      else expect(threads.log.starts).toEqual([]);
      await probing.close();
    }
  });

  test('a short run stays here; the pool is closed unused', async () => {
    const here = fakeExecutor(0, 0.6 * PROBE_SECONDS);
    const threads = fakeExecutor(1, 0);
    const probing = createProbingExecutor(2001, here.executor, () => threads.executor);
    const counts = new Map([
      [0, 1000],
      [1000, 1000],
      [2000, 1],
    ]);
    await Promise.all([...counts].map(([start, count]) => probing.run(task(start, count))));
    expect(here.log.starts).toEqual([0, 1000, 2000]);
    expect(threads.log.starts).toEqual([]);
    expect(probing.workers).toBe(0);
    await probing.close();
    expect([here.log.closes, threads.log.closes]).toEqual([1, 1]);
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
