/**
 * One worker thread of the study runner: a single-thread piscina pool whose thread loads the
 * worker module (worker.ts; its bundle) as soon as it is started. A thread can be started
 * before anything else is known ({@link startWorkerThread}: `evalsim run --workers n` starts
 * one before it loads the runner and validates the study), so its start and bundle load
 * overlap the main thread's work instead of following it; chunkExecutor.ts makes its pools of these. Kept apart from the runner so that starting
 * a thread loads only piscina.
 */
import { existsSync } from 'node:fs';
import { Piscina } from 'piscina';
import { simPackageFile } from '../base/packageRoot.js';

/** Heap limit of a worker thread by default (MB of old generation): a runaway method fails alone, named. */
export const DEFAULT_WORKER_MEMORY_MB = 4096;

/**
 * Tasks a worker thread may hold at once (the pool sends more than one only when this thread
 * computes too, chunkExecutor.ts): the one it runs and the next ones, already in its message queue,
 * so it does not wait for a busy main thread (its own chunk, a formula slice, writing results) to
 * hand it more work: four chunks of ≈ CHUNK_SECONDS (chunkSizer.ts). Tasks still run one after the other.
 */
export const TASKS_PER_THREAD = 4;
/** The most tasks a pool may give a worker thread at once (StudyPoolOptions.tasksPerThread). */
export const MAX_TASKS_PER_THREAD = 16;

/**
 * The worker module in the package's dist/runner/: the bundle (one file instead of hundreds of
 * small modules; in @evalsim/sim made by scripts/bundle.mjs, in the published evalsim package by
 * scripts/package.mjs) when present, else the plain tsc output. Tests running from src use the
 * built files too: build first.
 */
export function workerFile(): string {
  const bundle = simPackageFile('dist/runner/worker.bundle.mjs');
  const file = existsSync(bundle) ? bundle : simPackageFile('dist/runner/worker.js');
  if (!existsSync(file)) {
    throw new Error(`worker module ${file} not found: build @evalsim/sim first (npm run setup)`);
  }
  return file;
}

/** The task a thread is sent first: answered at once by a thread that has loaded the worker module. */
export const READY_TASK = { ready: true } as const;

/** A started worker thread: runs one task at a time (its pool queues the rest). */
export interface WorkerThread {
  /** The thread's heap limit, MB. */
  readonly memoryMb: number;
  /**
   * Settles once the thread has loaded the worker module and can start a chunk at once (a pool
   * gives it chunks from then on, computing them elsewhere meanwhile: chunkExecutor.ts); absent:
   * ready now. It never rejects (a thread that fails to start fails its first chunk).
   */
  readonly ready?: Promise<void> | undefined;
  /** Runs a chunk task (chunkTask.ts) there; aborting `signal` terminates the thread (piscina starts a new one). */
  run(task: unknown, signal?: AbortSignal): Promise<ArrayBuffer>;
  /** Stops the thread (a task still running is abandoned); safe to call more than once. */
  close(): Promise<void>;
}

/** Starts a worker thread now, with a heap limit of `memoryMb` MB. */
export function startWorkerThread(memoryMb: number = DEFAULT_WORKER_MEMORY_MB): WorkerThread {
  if (!Number.isInteger(memoryMb) || memoryMb < 1) {
    throw new RangeError(`memoryMb: must be an integer ≥ 1, got ${memoryMb}`);
  }
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: 1,
    maxThreads: 1,
    idleTimeout: 60_000,
    // The runner bounds what it has in flight (simulateCells' maxInFlight); piscina's default
    // queue for one thread is a single task.
    maxQueue: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: MAX_TASKS_PER_THREAD,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });
  let closed: Promise<void> | undefined;
  const ready = pool.run(READY_TASK).then(
    () => {},
    () => {},
  );
  return {
    memoryMb,
    ready,
    run: (task, signal) => pool.run(task, signal ? { signal } : {}) as Promise<ArrayBuffer>,
    close: () => {
      closed ??= pool.destroy();
      return closed;
    },
  };
}
