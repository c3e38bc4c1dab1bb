/**
 * Where a run's chunks go and how they are cut: the executor (a caller's pool, a pool of this
 * run's own, or this thread probing whether workers pay: probingExecutor.ts) and the settings of
 * simulateCells that follow from it — chunk sizes by measured time or fixed, chunks in flight,
 * the per-chunk time limit (given, or the default watchdog over user code) and the memory watch
 * over chunks that can be stopped. User code never runs in this thread (workerCount.ts).
 */
import { BLOCK_SIZE } from './blocks.js';
import {
  type ChunkExecutor,
  createInProcessExecutor,
  createStudyPool,
  DEFAULT_WORKER_MEMORY_MB,
} from './chunkExecutor.js';
import { createProbingExecutor, STARTED_WORKERS_PAY_AFTER_SECONDS } from './probingExecutor.js';
import type { RunSettings } from './runOptions.js';
import type { PlannedSimulation, RunPlan } from './runPlan.js';
import type { CellPiece, CellsRun } from './simulateCells.js';
import { chunkCount, threadsForWork, USER_CODE_ROLES } from './workerCount.js';
import { TASKS_PER_THREAD } from './workerThread.js';

/**
 * The time limit of a chunk of a study with user code when none is given, seconds: a user method
 * or model in an endless loop stops the run, named, after this long instead of hanging it. It is
 * generous — a chunk is cut to take about 0.01 s, at least one block of 100 replications
 * (chunkSizer.ts), so only a method above 6 s per replication reaches it — and `chunkTimeout`
 * raises it or (0) turns it off.
 */
export const DEFAULT_CHUNK_TIMEOUT_SECONDS = 600;

/** The settings of simulateCells that do not depend on the sink. */
export type ExecutionSettings = Omit<
  CellsRun,
  'pieces' | 'signal' | 'keepRecords' | 'keepAnswers' | 'onChunk' | 'onPiece'
>;

export interface RunExecution {
  readonly settings: ExecutionSettings;
  /** Where the run computed, once it ended: worker threads, and whether this thread computed too. */
  threads(): { readonly workers: number; readonly mainThread: boolean };
  /** Stops the threads this run started (a caller's pool is left open). */
  close(): Promise<void>;
}

/** The executor and chunk settings of `plan`'s simulation, first simulating `pieces`. */
export function startExecution(
  plan: RunPlan,
  simulation: PlannedSimulation,
  pieces: readonly CellPiece[],
  options: RunSettings,
): RunExecution {
  const { study } = simulation;
  const { timeLimit, chunkSize } = plan;
  const chunks = chunkCount(
    pieces.map((p) => p.end - p.start),
    Math.ceil(chunkSize / BLOCK_SIZE) * BLOCK_SIZE,
  );
  // User code never runs in this thread (workerCount.ts): a shared in-process pool is set aside.
  const userCode = study.inputs.some((input) => USER_CODE_ROLES.has(input.role));
  const pool = options.pool && !(userCode && options.pool.workers === 0) ? options.pool : undefined;
  const replicationsToRun = pieces.reduce((n, p) => n + p.end - p.start, 0);
  const threadPlan = threadsForWork(
    plan.requestedThreads,
    chunks,
    options.workers !== undefined || timeLimit !== undefined || options.pool !== undefined,
    replicationsToRun * Math.max(1, study.methods.length),
    userCode || timeLimit !== undefined,
  );
  const threads = () =>
    createStudyPool({ ...threadPlan, workerMemoryMb: options.workerMemoryMb, warm: options.warm });
  // Built-in blocks: the first chunk runs here, timed, and workers are used only if they pay
  // (probingExecutor.ts) — also those of a shared pool this thread computes in (never closed
  // here), unless the chunks are fixed (--chunk-size, --chunk-timeout).
  const executor: ChunkExecutor = pool
    ? pool.workers > 0 &&
      pool.mainThread &&
      !userCode &&
      timeLimit === undefined &&
      options.chunkSize === undefined
      ? createProbingExecutor(
          replicationsToRun,
          createInProcessExecutor(),
          () => ({ ...pool, close: async () => {} }),
          { paysAfter: STARTED_WORKERS_PAY_AFTER_SECONDS },
        )
      : pool
    : threadPlan.workers > 0 && threadPlan.mainThread
      ? createProbingExecutor(replicationsToRun, createInProcessExecutor(), threads, {
          loaded: options.warm?.ready,
          speculate: true,
        })
      : threads();
  return {
    settings: {
      study,
      executor,
      seed: simulation.seed,
      caps: simulation.caps,
      chunkSize,
      // Sizes from measured time unless the user set them (or a per-chunk time limit did).
      sizeByTime: options.chunkSize === undefined && timeLimit === undefined,
      maxInFlight:
        options.maxInFlight ??
        Math.max(
          4,
          (pool?.tasksPerThread ?? TASKS_PER_THREAD) * (threadPlan.workers + (threadPlan.mainThread ? 1 : 0)),
        ),
      // Given: every chunk; not given: a watchdog over user code (0: none).
      chunkTimeout:
        timeLimit ??
        (options.chunkTimeout === undefined && userCode ? DEFAULT_CHUNK_TIMEOUT_SECONDS : undefined),
      chunkTimeoutDefault: timeLimit === undefined,
      // User code and time-limited chunks run on worker threads and can be stopped: their
      // process's memory is watched too (memoryWatch.ts).
      stoppable: userCode || timeLimit !== undefined,
      workerMemoryMb: options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB,
    },
    threads: () => ({
      workers: executor.workers,
      mainThread: executor.mainThread && !userCode && timeLimit === undefined,
    }),
    close: () => (pool ? Promise.resolve() : executor.close()),
  };
}
