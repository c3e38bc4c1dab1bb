/**
 * Where chunks run: a pool of worker threads (workerThread.ts), or in this thread
 * (workers = 0, for debugging). Both run the same executeChunk, and the
 * runner consumes records in replication order, so results are identical.
 * A pool can be created once and passed to several runStudy calls (as
 * `evalsim reproduce` does), and can take a thread started before the study was validated.
 */
import { availableParallelism } from 'node:os';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';
import { DEFAULT_WORKER_MEMORY_MB, startWorkerThread, type WorkerThread } from './workerThread.js';

export { DEFAULT_WORKER_MEMORY_MB, workerFile } from './workerThread.js';

export interface ChunkExecutor {
  /** Worker threads (0 = in this thread). */
  readonly workers: number;
  /** The chunk's output buffer (chunkOutput.ts layout); aborting `signal` stops the thread running it. */
  run(task: ChunkTask, signal?: AbortSignal): Promise<ArrayBuffer>;
  close(): Promise<void>;
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

export interface StudyPoolOptions {
  readonly workers?: number | undefined;
  /** Old-generation heap limit of each worker thread, MB (default DEFAULT_WORKER_MEMORY_MB). */
  readonly workerMemoryMb?: number | undefined;
  /**
   * A thread started earlier (startWorkerThread, e.g. while the study was validated): the pool's
   * first thread, closed with the pool. Its heap limit must be `workerMemoryMb`.
   */
  readonly warm?: WorkerThread | undefined;
}

/** A task waiting for a free thread. */
interface Waiting {
  readonly task: ChunkTask;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (buffer: ArrayBuffer) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A pool of `workers` threads (≥ 1); `workers` 0 gives the in-process executor. Tasks wait in
 * one queue, in the order given, and each goes to the first thread that is free (one task per
 * thread at a time, as piscina's own pool did), so a slow chunk never holds others back.
 */
export function createStudyPool(options: StudyPoolOptions = {}): ChunkExecutor {
  const workers = options.workers ?? defaultWorkerCount();
  if (!Number.isInteger(workers) || workers < 0) {
    throw new RangeError(`workers: must be an integer ≥ 0, got ${workers}`);
  }
  const memoryMb = options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB;
  if (options.warm && options.warm.memoryMb !== memoryMb) {
    throw new RangeError(
      `warm: a thread with a heap limit of ${options.warm.memoryMb} MB, not the pool's ${memoryMb} MB`,
    );
  }
  if (workers === 0) {
    void options.warm?.close();
    return createInProcessExecutor();
  }
  const threads: WorkerThread[] = [];
  if (options.warm) threads.push(options.warm);
  while (threads.length < workers) threads.push(startWorkerThread(memoryMb));
  const busy = threads.map(() => false);
  const queue: Waiting[] = [];
  // robust: tasks still running when the pool closes (after another chunk failed) are awaited
  // first; destroying a thread under them makes piscina throw an uncaught "Unexpected message".
  const running = new Set<Promise<unknown>>();

  const dispatch = () => {
    for (let i = 0; i < threads.length && queue.length > 0; i++) {
      if (busy[i]) continue;
      const next = queue.shift()!;
      // A task aborted while it waited never starts (piscina's own queue did the same).
      if (next.signal?.aborted) {
        next.reject(next.signal.reason);
        i--;
        continue;
      }
      busy[i] = true;
      const result = threads[i].run(next.task, next.signal);
      const settled: Promise<unknown> = result.then(
        () => running.delete(settled),
        () => running.delete(settled),
      );
      running.add(settled);
      result.then(next.resolve, next.reject).finally(() => {
        busy[i] = false;
        dispatch();
      });
    }
  };

  return {
    workers,
    run(task, signal) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        queue.push({ task, signal, resolve, reject });
        dispatch();
      });
    },
    async close() {
      for (const waiting of queue.splice(0)) waiting.reject(new Error('the study pool was closed'));
      await Promise.allSettled([...running]);
      await Promise.all(threads.map((thread) => thread.close()));
    },
  };
}
