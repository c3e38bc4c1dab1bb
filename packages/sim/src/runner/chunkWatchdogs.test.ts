/**
 * The watchdogs over chunks that can be stopped (simulateCells.ts): the time limit counts from a
 * chunk's start on its thread — not while it waits in the pool's queue — and names the default
 * limit as such; the process's resident memory is held within its limit (memoryWatch.ts), every
 * running chunk stopped and named past it. A stand-in executor stands for the worker threads.
 */
import { describe, expect, test, vi } from 'vitest';
import type { SimulationStudy } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import type { ChunkExecutor } from './chunkExecutor.js';
import { packChunk } from './chunkOutput.js';
import type { ChunkTask } from './chunkTask.js';
import {
  MAIN_THREAD_SLACK_MB,
  processMemoryLimit,
  WORKER_THREAD_OVERHEAD_MB,
  watchProcessMemory,
} from './memoryWatch.js';
import { DEFAULT_CHUNK_TIMEOUT_SECONDS } from './runExecutor.js';
import { runStudy } from './runStudy.js';
import { type CellPiece, simulateCells } from './simulateCells.js';
import { BUILT_IN_STUDY, toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';

const study = {
  name: 'stand-in',
  inputDigest: 'toy',
  inputs: [],
  config: {},
  baseDir: '.',
  methods: [{ id: 'slow' }],
  diagnostics: [],
  cells: [{ index: 0, point: {} }],
  model: { definition: {}, label: 'toy' },
} as unknown as SimulationStudy;

/**
 * One thread: chunks wait in a queue and start one after the other; the chunk starting at
 * `stuck` never ends (until its signal aborts), the others take `ms` each.
 */
function oneThread(stuck: number, ms: number) {
  const signals: (AbortSignal | undefined)[] = [];
  let busy: Promise<unknown> = Promise.resolve();
  const executor: ChunkExecutor = {
    workers: 1,
    mainThread: false,
    run(task: ChunkTask, signal?: AbortSignal, onStart?: () => void) {
      signals.push(signal);
      const result = busy.then(
        () =>
          new Promise<ArrayBuffer>((resolve, reject) => {
            onStart?.();
            if (task.start === stuck)
              signal?.addEventListener('abort', () => reject(new Error('terminated')));
            else setTimeout(() => resolve(packChunk([], null, ms / 1000)), ms);
          }),
      );
      busy = result.catch(() => {});
      return result;
    },
    async close() {},
  };
  return { executor, signals };
}

function run(executor: ChunkExecutor, options: Partial<Parameters<typeof simulateCells>[0]>) {
  const pieces: CellPiece[] = [{ cell: 0, start: 0, end: 600 }];
  return simulateCells({
    study,
    executor,
    pieces,
    seed: 1,
    caps: [600],
    chunkSize: 100,
    maxInFlight: 6,
    keepRecords: false,
    keepAnswers: false,
    signal: undefined,
    workerMemoryMb: 64,
    onChunk: () => {},
    onPiece: () => {},
    ...options,
  });
}

describe('chunk time limits', () => {
  test('counted from the start on the thread: five 150 ms chunks queued behind each other pass a 0.3 s limit', async () => {
    const { executor } = oneThread(-1, 150);
    // Six chunks go out at once; the last waits 750 ms in the queue, and runs 150 ms.
    await expect(run(executor, { chunkTimeout: 0.3, stoppable: true })).resolves.toBeUndefined();
  });

  test('a stuck chunk is stopped by its signal; the default limit is named as the default', async () => {
    const { executor, signals } = oneThread(200, 5);
    await expect(
      run(executor, { chunkTimeout: 0.2, chunkTimeoutDefault: true, stoppable: true }),
    ).rejects.toThrow(
      /study stand-in, cell 0, replications 200–299: stopped after the default chunk time limit of 0\.2 s for user code before its first replication .*--chunk-timeout <seconds> raises the limit, --chunk-timeout 0 turns it off/,
    );
    expect(signals.every((s) => s !== undefined)).toBe(true);
    expect(signals[2]?.aborted).toBe(true);
  });

  test('the default is generous: ten minutes', () => {
    expect(DEFAULT_CHUNK_TIMEOUT_SECONDS).toBe(600);
  });

  test('built-in chunks that cannot be stopped get no signal (nothing about their run changes)', async () => {
    const { executor, signals } = oneThread(-1, 1);
    await run(executor, {});
    expect(signals.every((s) => s === undefined)).toBe(true);
  });
});

describe('the process memory watch', () => {
  test('the limit: the resident set now, this thread’s slack and every worker’s --worker-memory', () => {
    const perWorker = 512 + WORKER_THREAD_OVERHEAD_MB;
    expect(processMemoryLimit(100 * 2 ** 20, 3, 512)).toBe(
      (100 + MAIN_THREAD_SLACK_MB + 3 * perWorker) * 2 ** 20,
    );
    expect(processMemoryLimit(0, 0, 512)).toBe((MAIN_THREAD_SLACK_MB + perWorker) * 2 ** 20);
  });

  test('calls back once past the limit, and not after being stopped', async () => {
    let resident = 10;
    const seen: number[] = [];
    const stop = watchProcessMemory(
      100,
      (r) => seen.push(r),
      () => resident,
    );
    await new Promise((r) => setTimeout(r, 120));
    expect(seen).toEqual([]);
    resident = 150;
    await new Promise((r) => setTimeout(r, 120));
    resident = 200;
    await new Promise((r) => setTimeout(r, 120));
    expect(seen).toEqual([150]);
    stop();
    const quiet = watchProcessMemory(
      100,
      (r) => seen.push(r),
      () => resident,
    );
    quiet();
    await new Promise((r) => setTimeout(r, 120));
    expect(seen).toEqual([150]);
  });

  test('past the limit every running chunk is stopped and named', async () => {
    const { executor, signals } = oneThread(0, 5);
    // A limit already passed: workerMemoryMb far below what this process holds is not possible
    // (the limit adds to the resident set now), so the resident set is made to look larger.
    const rss = process.memoryUsage.rss;
    let calls = 0;
    process.memoryUsage.rss = () => (calls++ === 0 ? rss() : rss() + 2 ** 40);
    try {
      await expect(run(executor, { stoppable: true })).rejects.toThrow(
        /study stand-in: the process's memory reached [\d,]+ MB, above its limit of [\d,]+ MB \(1 worker thread × --worker-memory 64 MB, and this thread's\): memory outside the JavaScript heap .*stopped cell 0, replications 0–99 before its first replication .*--worker-memory raises the limit/,
      );
    } finally {
      process.memoryUsage.rss = rss;
    }
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('runStudy: the default time limit is a watchdog over user code only', () => {
  /** A pool whose chunks never end, recording the signal each got (the run is stopped by it, or the test by its time). */
  function stuckPool() {
    const signals: (AbortSignal | undefined)[] = [];
    const pool: ChunkExecutor = {
      workers: 1,
      mainThread: false,
      run(_task, signal, onStart) {
        signals.push(signal);
        onStart?.();
        return new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('terminated'))),
        );
      },
      async close() {},
    };
    return { pool, signals };
  }

  test('user code without --chunk-timeout: stopped after DEFAULT_CHUNK_TIMEOUT_SECONDS, named as the default', async () => {
    const study = await validateStudy(
      toyStudyConfig({ replications: 200, grid: { p: [0.5] }, formulas: [], expectations: [] }),
      toyBaseDir,
    );
    const { pool, signals } = stuckPool();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const run = runStudy(study, { pool });
      const failed = expect(run).rejects.toThrow(
        new RegExp(
          `stopped after the default chunk time limit of ${DEFAULT_CHUNK_TIMEOUT_SECONDS} s for user code`,
        ),
      );
      await vi.advanceTimersByTimeAsync((DEFAULT_CHUNK_TIMEOUT_SECONDS - 1) * 1000);
      expect(signals.some((s) => s?.aborted)).toBe(false);
      await vi.advanceTimersByTimeAsync(2000);
      await failed;
    } finally {
      vi.useRealTimers();
    }
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s !== undefined)).toBe(true);
  });

  test('--chunk-timeout 0: no limit (the chunks are still stoppable: the memory watch)', async () => {
    const study = await validateStudy(
      toyStudyConfig({ replications: 200, grid: { p: [0.5] }, formulas: [], expectations: [] }),
      toyBaseDir,
    );
    const { pool, signals } = stuckPool();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = new AbortController();
    try {
      const run = runStudy(study, { pool, chunkTimeout: 0, signal: stop.signal });
      const ended = run.catch((error: Error) => error);
      await vi.advanceTimersByTimeAsync(100 * DEFAULT_CHUNK_TIMEOUT_SECONDS * 1000);
      expect(signals.some((s) => s?.aborted)).toBe(false);
      stop.abort(new Error('stopped by the test'));
      for (const s of signals) s?.dispatchEvent(new Event('abort'));
      await vi.advanceTimersByTimeAsync(1000);
      expect(String(await ended)).toMatch(/stopped by the test|terminated/);
    } finally {
      vi.useRealTimers();
    }
    expect(signals.every((s) => s !== undefined)).toBe(true);
  });

  test('built-in blocks: no signal, no limit', async () => {
    const study = await validateStudy(BUILT_IN_STUDY, toyBaseDir);
    const signals: (AbortSignal | undefined)[] = [];
    const here = (await import('./chunkExecutor.js')).createInProcessExecutor();
    const pool: ChunkExecutor = {
      workers: 1,
      mainThread: false,
      run(task, signal, onStart) {
        signals.push(signal);
        return here.run(task, undefined, onStart);
      },
      async close() {},
    };
    await runStudy(study, { pool, replications: 200 });
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s === undefined)).toBe(true);
  });
});
