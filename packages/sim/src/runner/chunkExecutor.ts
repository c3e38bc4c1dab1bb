/**
 * Where chunks run: a pool of worker threads (workerThread.ts), or in this thread
 * (workers = 0, for debugging). Both run the same executeChunk, and the
 * runner consumes records in replication order, so results are identical.
 * A pool can be created once and passed to several runStudy calls (as
 * `evalsim reproduce` does), and can take a thread started before the study was validated.
 */
import { availableParallelism } from 'node:os';
import { sharePopulationFiles } from '../models/support/populationFile.js';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';
import { USER_CODE_ROLES } from './workerCount.js';
import {
  DEFAULT_WORKER_MEMORY_MB,
  MAX_TASKS_PER_THREAD,
  startWorkerThread,
  TASKS_PER_THREAD,
  type WorkerThread,
} from './workerThread.js';

export { DEFAULT_WORKER_MEMORY_MB, workerFile } from './workerThread.js';

export interface ChunkExecutor {
  /** Worker threads (0 = in this thread). */
  readonly workers: number;
  /** This thread computes too (built-in blocks): see createStudyPool. */
  readonly mainThread: boolean;
  /**
   * Tasks a worker thread of this executor holds at once, and so the chunks a run keeps in flight
   * per computing thread (runStudy); undefined: TASKS_PER_THREAD.
   */
  readonly tasksPerThread?: number | undefined;
  /**
   * The chunk's output buffer (chunkOutput.ts layout); aborting `signal` stops the thread running
   * it. `onStart` is called when the chunk is handed to the thread that runs it (not while it
   * waits in a queue): a per-chunk time limit counts from there.
   */
  run(task: ChunkTask, signal?: AbortSignal, onStart?: () => void): Promise<ArrayBuffer>;
  close(): Promise<void>;
}

/** The default worker count: the machine's available parallelism. */
export function defaultWorkerCount(): number {
  return availableParallelism();
}

/** Threads an executor computes on: its worker threads, and this thread when it computes too. */
export function computingThreads(executor: ChunkExecutor): number {
  return executor.workers === 0 ? 1 : executor.workers + (executor.mainThread ? 1 : 0);
}

/**
 * Runs chunks in this thread one at a time, each in a turn of the event loop of its own: between
 * two chunks progress draws and worker threads' messages are taken. (Chunks asked for together
 * used to run back to back in one turn, and a worker thread running another study,
 * studyLanes.ts, waited for them.)
 */
export function createInProcessExecutor(): ChunkExecutor {
  let last: Promise<unknown> = Promise.resolve();
  return {
    workers: 0,
    mainThread: true,
    run(task, _signal, onStart) {
      const result = last.then(
        () =>
          new Promise<ArrayBuffer>((resolve, reject) => {
            setImmediate(() => {
              onStart?.();
              executeChunk(task).then(resolve, reject);
            });
          }),
      );
      last = result.catch(() => {});
      return result;
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
  /**
   * This thread computes too, taking the tasks it may run (mayRunHere) from the same queue: with
   * `workers` threads the pool then has workers + 1 computing threads. Default false.
   */
  readonly mainThread?: boolean | undefined;
  /**
   * With `mainThread`, the tasks a worker thread holds at once: 1 … MAX_TASKS_PER_THREAD, default
   * TASKS_PER_THREAD (workerThread.ts). `evalsim reproduce` asks for more (studyLanes.ts).
   */
  readonly tasksPerThread?: number | undefined;
}

/**
 * Milliseconds above which a worker thread's chunks count as long: a thread whose last chunk took
 * longer holds one task at a time, not `tasksPerThread`. Queued tasks keep a thread fed while this
 * thread is busy, but a queued chunk cannot be taken back, and at a run's end this thread idled
 * while a worker thread ran the dear chunks it had queued (arena-small-votes, whose cells are a
 * few dear blocks each: the main thread idle for the last half of the run); a long chunk's hand-off waits
 * at most for this thread's next slice (simulateInSlices.ts SLICE_MS), a small part of it.
 */
export const LONG_CHUNK_MS = 100;

/** A task waiting for a free thread. */
interface Waiting {
  readonly task: ChunkTask;
  readonly signal: AbortSignal | undefined;
  /** This thread may run it (built-in blocks, no time limit, not sent to the worker threads only). */
  readonly here: boolean;
  /** It runs alone on a worker thread (user code or a time limit: !mayRunHere). */
  readonly alone: boolean;
  readonly onStart: (() => void) | undefined;
  readonly resolve: (buffer: ArrayBuffer) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Whether `task` may run in this thread: built-in blocks only (user code runs in worker threads
 * under their heap limit, workerCount.ts) and no time limit (a chunk in this thread cannot be stopped).
 */
export function mayRunHere(task: ChunkTask, signal: AbortSignal | undefined): boolean {
  return signal === undefined && !task.inputs.some((input) => USER_CODE_ROLES.has(input.role));
}

/**
 * A pool of threads (createStudyPool), with a view of it that runs nothing in this thread: a
 * second study can run on the worker threads while another computes here (`evalsim reproduce`).
 */
export interface StudyPool extends ChunkExecutor {
  /**
   * The same queue, sending every task to the worker threads only (closing it closes nothing);
   * undefined for a pool without worker threads.
   */
  readonly workerThreads: ChunkExecutor | undefined;
}

/**
 * `task` as a worker thread gets it: with every population file this thread has loaded, on shared
 * memory (models/support/populationFile.ts), which the worker adopts instead of parsing the files (a
 * large population then costs memory once). They are shared when a task first goes to a worker
 * thread: a run that stays in this thread shares none (sharing encodes and decodes the ids and
 * copies the columns, work a run without worker threads has no use for).
 */
function withPopulations(task: ChunkTask): ChunkTask {
  const populations = sharePopulationFiles();
  return populations.length > 0 ? { ...task, populations } : task;
}

/**
 * A pool of `workers` threads; `workers` 0 gives the in-process executor. Tasks wait in one
 * queue, in the order given, and each goes to the first thread that is free, so a slow chunk never
 * holds others back. With `mainThread`, this thread is one more computing thread: it takes the next
 * task it may run (mayRunHere) whenever it is free, between turns of the event loop; a worker thread
 * then holds up to `tasksPerThread` such tasks (a user-code or time-limited task runs alone).
 */
export function createStudyPool(options: StudyPoolOptions = {}): StudyPool {
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
    return { ...createInProcessExecutor(), workerThreads: undefined };
  }
  const mainThread = options.mainThread ?? false;
  const tasksPerThread = options.tasksPerThread ?? TASKS_PER_THREAD;
  if (!(Number.isInteger(tasksPerThread) && tasksPerThread >= 1 && tasksPerThread <= MAX_TASKS_PER_THREAD)) {
    throw new RangeError(
      `tasksPerThread: must be an integer in [1, ${MAX_TASKS_PER_THREAD}], got ${tasksPerThread}`,
    );
  }
  const depth = mainThread ? tasksPerThread : 1;
  const threads: WorkerThread[] = [];
  if (options.warm) threads.push(options.warm);
  while (threads.length < workers) threads.push(startWorkerThread(memoryMb));
  // Tasks each thread holds, and whether one of them must run alone (user code, a time limit).
  const held = threads.map(() => 0);
  // A thread gets tasks once it has loaded the worker module (WorkerThread.ready): until then its
  // tasks would wait in its port while this thread, computing too, could run them.
  const loaded = threads.map((thread) => thread.ready === undefined);
  const alone = threads.map(() => false);
  // Whether a thread's last chunk timed alone (handed to it while it held none) took over
  // LONG_CHUNK_MS: such a thread is given one task at a time (see LONG_CHUNK_MS).
  const slow = threads.map(() => false);
  let hereBusy = false;
  const queue: Waiting[] = [];
  // robust: tasks still running when the pool closes (after another chunk failed) are awaited
  // first; destroying a thread under them makes piscina throw an uncaught "Unexpected message".
  const running = new Set<Promise<unknown>>();

  const track = (result: Promise<unknown>) => {
    const settled: Promise<unknown> = result.then(
      () => running.delete(settled),
      () => running.delete(settled),
    );
    running.add(settled);
  };
  /** The next waiting task, rejected instead if it was aborted while it waited. */
  const take = (index: number): Waiting | undefined => {
    const [next] = queue.splice(index, 1);
    if (next?.signal?.aborted) {
      next.reject(next.signal.reason);
      return undefined;
    }
    return next;
  };
  const toThread = (i: number, next: Waiting) => {
    const timed = held[i] === 0;
    const handed = performance.now();
    held[i]++;
    alone[i] = next.alone;
    next.onStart?.();
    const result = threads[i].run(withPopulations(next.task), next.signal);
    track(result);
    result.then(next.resolve, next.reject).finally(() => {
      if (timed) slow[i] = performance.now() - handed > LONG_CHUNK_MS;
      held[i]--;
      if (held[i] === 0) alone[i] = false;
      dispatch();
    });
  };
  const toHere = (next: Waiting) => {
    hereBusy = true;
    const result = new Promise<ArrayBuffer>((resolve, reject) => {
      // After this turn of the event loop: the workers' finished chunks are taken in between.
      setImmediate(() => {
        next.onStart?.();
        executeChunk(next.task).then(resolve, reject);
      });
    });
    track(result);
    result.then(next.resolve, next.reject).finally(() => {
      hereBusy = false;
      dispatch();
    });
  };
  const dispatch = () => {
    // First every idle worker thread, then this thread, then a second task for each busy thread.
    for (let i = 0; i < threads.length && queue.length > 0; i++) {
      if (held[i] > 0 || !loaded[i]) continue;
      const next = take(0);
      if (next) toThread(i, next);
      else i--;
    }
    while (mainThread && !hereBusy) {
      const index = queue.findIndex((waiting) => waiting.here);
      if (index < 0) break;
      const next = take(index);
      if (next) toHere(next);
    }
    for (let i = 0; i < threads.length && queue.length > 0; i++) {
      if (held[i] === 0 || held[i] >= depth || slow[i] || alone[i] || queue[0].alone || !loaded[i]) continue;
      const next = take(0);
      if (next) toThread(i, next);
      else i--;
    }
  };

  for (const [i, thread] of threads.entries()) {
    thread.ready?.then(() => {
      loaded[i] = true;
      dispatch();
    });
  }

  const enqueue = (
    task: ChunkTask,
    signal: AbortSignal | undefined,
    onStart: (() => void) | undefined,
    here: boolean,
  ) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      // (A pool this thread does not compute in holds one task per thread: each runs alone.)
      const shareable = mainThread && mayRunHere(task, signal);
      queue.push({ task, signal, here: here && shareable, alone: !shareable, onStart, resolve, reject });
      dispatch();
    });
  return {
    workers,
    mainThread,
    tasksPerThread,
    run: (task, signal, onStart) => enqueue(task, signal, onStart, mainThread),
    workerThreads: {
      workers,
      mainThread: false,
      tasksPerThread,
      run: (task, signal, onStart) => enqueue(task, signal, onStart, false),
      async close() {},
    },
    async close() {
      for (const waiting of queue.splice(0)) waiting.reject(new Error('the study pool was closed'));
      await Promise.allSettled([...running]);
      await Promise.all(threads.map((thread) => thread.close()));
    },
  };
}
