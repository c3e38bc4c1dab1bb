/**
 * Where chunks run: a piscina pool of worker threads, or in this thread
 * (workers = 0, for debugging). Both run the same executeChunk, and the
 * runner consumes records in replication order, so results are identical.
 * A pool can be created once and passed to several runStudy calls (as
 * `evalsim reproduce` does).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { simPackageFile } from '../base/packageRoot.js';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';

export interface ChunkExecutor {
  /** Worker threads (0 = in this thread). */
  readonly workers: number;
  /** The chunk's output buffer (chunkOutput.ts layout); aborting `signal` stops the thread running it. */
  run(task: ChunkTask, signal?: AbortSignal): Promise<ArrayBuffer>;
  close(): Promise<void>;
}

/**
 * The worker module in the package's dist/runner/: the single-file bundle made by
 * scripts/bundle.mjs when present (loads in ~0.1 s instead of ~0.9 s), else the plain
 * tsc output. Tests running from src use the built files too: build first.
 */
export function workerFile(): string {
  const bundle = simPackageFile('dist/runner/worker.bundle.mjs');
  const file = existsSync(bundle) ? bundle : simPackageFile('dist/runner/worker.js');
  if (!existsSync(file)) {
    throw new Error(`worker module ${file} not found: build @evalsim/sim first (npm run setup)`);
  }
  return file;
}

/** The default worker count: the machine's available parallelism. */
export function defaultWorkerCount(): number {
  return availableParallelism();
}

/** Runs chunks in this thread, yielding to the event loop between them (so progress still draws). */
export function createInProcessExecutor(): ChunkExecutor {
  return {
    workers: 0,
    async run(task) {
      await new Promise((resolve) => setImmediate(resolve));
      return executeChunk(task);
    },
    async close() {},
  };
}

/** Heap limit of a worker thread by default (MB of old generation): a runaway method fails alone, named. */
export const DEFAULT_WORKER_MEMORY_MB = 4096;

export interface StudyPoolOptions {
  readonly workers?: number | undefined;
  /** Old-generation heap limit of each worker thread, MB (default DEFAULT_WORKER_MEMORY_MB). */
  readonly workerMemoryMb?: number | undefined;
}

/** A pool of `workers` threads (≥ 1); `workers` 0 gives the in-process executor. */
export function createStudyPool(options: StudyPoolOptions = {}): ChunkExecutor {
  const workers = options.workers ?? defaultWorkerCount();
  if (!Number.isInteger(workers) || workers < 0) {
    throw new RangeError(`workers: must be an integer ≥ 0, got ${workers}`);
  }
  if (workers === 0) return createInProcessExecutor();
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB },
  });
  // robust: tasks still running when the pool closes (after another chunk failed) are awaited
  // first; destroying the pool under them makes piscina throw an uncaught "Unexpected message".
  const running = new Set<Promise<unknown>>();
  return {
    workers,
    run(task, signal) {
      const result = pool.run(task, signal ? { signal } : {}) as Promise<ArrayBuffer>;
      const settled: Promise<unknown> = result.then(
        () => running.delete(settled),
        () => running.delete(settled),
      );
      running.add(settled);
      return result;
    },
    async close() {
      await Promise.allSettled([...running]);
      return pool.destroy();
    },
  };
}
