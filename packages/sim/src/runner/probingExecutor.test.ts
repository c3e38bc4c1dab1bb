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
  LEND_AFTER_MS,
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
      const probing = createProbingExecutor(total, here.executor, () => threads.executor, { loaded });
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

  describe('lending the next chunk to the pool while the probe runs (speculate)', () => {
    /**
     * Like the in-process executor on the main thread: each chunk after this turn of the event
     * loop, `seconds` of CPU, letting the event loop run every 5 ms (simulateInSlices.ts).
     */
    const events: string[] = [];
    const deferred = (seconds: number, clock: 'cpu' | 'wall' = 'cpu') => {
      events.length = 0;
      const starts: number[] = [];
      const executor: ChunkExecutor = {
        workers: 0,
        mainThread: true,
        run: (task) =>
          new Promise((resolve) =>
            setImmediate(async () => {
              starts.push(task.start);
              const now = () => (clock === 'cpu' ? threadCpuSeconds() : performance.now() / 1000);
              const started = now();
              while (now() - started < seconds) {
                const slice = performance.now();
                while (performance.now() - slice < 5) {}
                await new Promise((yielded) => setImmediate(yielded));
              }
              events.push(`here ${task.start}`);
              resolve(new ArrayBuffer(task.start + 1));
            }),
          ),
        async close() {},
      };
      return { executor, starts };
    };
    /** A pool of one thread that takes tasks once `load()` is called; an aborted waiting task is rejected. */
    const lazyPool = () => {
      const starts: number[] = [];
      const queue: {
        task: ChunkTask;
        signal: AbortSignal | undefined;
        onStart: (() => void) | undefined;
        resolve: (b: ArrayBuffer) => void;
        reject: (e: unknown) => void;
      }[] = [];
      let loaded = false;
      const drain = () => {
        while (loaded && queue.length > 0) {
          const next = queue.shift()!;
          if (next.signal?.aborted) {
            next.reject(next.signal.reason);
            continue;
          }
          next.onStart?.();
          starts.push(next.task.start);
          events.push(`pool ${next.task.start}`);
          next.resolve(new ArrayBuffer(next.task.start + 1));
        }
      };
      const executor: ChunkExecutor = {
        workers: 1,
        mainThread: true,
        run: (task, signal, onStart) =>
          new Promise((resolve, reject) => {
            queue.push({ task, signal, onStart, resolve, reject });
            drain();
          }),
        async close() {},
      };
      return {
        executor,
        starts,
        load: () => {
          loaded = true;
          drain();
        },
      };
    };
    const blocks = [0, 100, 200, 300];

    test('a long first chunk here: the chunks asked for meanwhile run on the loaded thread, one at a time', async () => {
      const here = deferred(1.5 * PROBE_SECONDS);
      const threads = lazyPool();
      threads.load();
      const probing = createProbingExecutor(1_000_000, here.executor, () => threads.executor, {
        speculate: true,
      });
      const buffers = await Promise.all(blocks.map((start) => probing.run(task(start, 100))));
      expect(buffers.map((b) => b.byteLength)).toEqual([1, 101, 201, 301]);
      expect(here.starts).toEqual([0]);
      expect(threads.starts).toEqual([100, 200, 300]);
      // Lent one at a time, each after the last came back, all while the first chunk was here.
      expect(events).toEqual(['pool 100', 'pool 200', 'pool 300', 'here 0']);
      await probing.close();
    });

    test('without speculate nothing is lent', async () => {
      const here = deferred(1.5 * PROBE_SECONDS);
      const threads = lazyPool();
      threads.load();
      const probing = createProbingExecutor(1_000_000, here.executor, () => threads.executor);
      await Promise.all(blocks.map((start) => probing.run(task(start, 100))));
      expect(here.starts).toEqual([0]);
      expect(threads.starts).toEqual([100, 200, 300]);
      expect(events).toEqual(['here 0', 'pool 100', 'pool 200', 'pool 300']);
      await probing.close();
    });

    // Chunks here of 1.5 LEND_AFTER_MS: each lends; three of them end the probe.
    const long = (1.5 * LEND_AFTER_MS) / 1000;

    test('chunks shorter than the lend delay lend nothing, even to a loaded thread', async () => {
      // Six chunks of 25 ms of wall clock against a 100 ms delay: a timer left from an earlier
      // chunk would fire during the fourth, inside the probe (150 ms of CPU < PROBE_SECONDS),
      // and a chunk here would have to stall 75 ms to reach the delay on a busy machine.
      const lendAfterMs = 100;
      const six = [0, 100, 200, 300, 400, 500];
      expect(six.length * 25).toBeLessThan(1000 * PROBE_SECONDS);
      expect(4 * 25).toBeGreaterThanOrEqual(lendAfterMs);
      const here = deferred(0.025, 'wall');
      const threads = lazyPool();
      threads.load();
      const probing = createProbingExecutor(600, here.executor, () => threads.executor, {
        speculate: true,
        lendAfterMs,
        paysAfter: Number.POSITIVE_INFINITY,
      });
      await Promise.all(six.map((start) => probing.run(task(start, 100))));
      expect(here.starts).toEqual(six);
      expect(threads.starts).toEqual([]);
      expect(probing.workers).toBe(0);
      await probing.close();
    });

    test('a lent chunk its thread has not started is taken back and runs here, in order', async () => {
      expect(3 * long).toBeGreaterThan(PROBE_SECONDS);
      expect(workersPay(long, 100, 100)).toBe(false);
      const here = deferred(long);
      const threads = lazyPool();
      // A short run (the rest never pays): the thread never loads while it runs.
      const probing = createProbingExecutor(400, here.executor, () => threads.executor, { speculate: true });
      const buffers = await Promise.all(blocks.map((start) => probing.run(task(start, 100))));
      expect(buffers.map((b) => b.byteLength)).toEqual([1, 101, 201, 301]);
      expect(here.starts).toEqual(blocks);
      threads.load(); // the withdrawn loans are rejected now, and answer nobody
      expect(threads.starts).toEqual([]);
      expect(probing.workers).toBe(0);
      await probing.close();
    });

    test('a short run whose lent chunk a thread took: every buffer once, the thread counted', async () => {
      const here = deferred(long);
      const threads = lazyPool();
      threads.load();
      const probing = createProbingExecutor(400, here.executor, () => threads.executor, { speculate: true });
      const buffers = await Promise.all(blocks.map((start) => probing.run(task(start, 100))));
      expect(buffers.map((b) => b.byteLength)).toEqual([1, 101, 201, 301]);
      expect(here.starts.length + threads.starts.length).toBe(4);
      expect(threads.starts.length).toBeGreaterThan(0);
      expect([...here.starts, ...threads.starts].sort((a, b) => a - b)).toEqual(blocks);
      expect(probing.workers).toBe(1);
      await probing.close();
    });
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
