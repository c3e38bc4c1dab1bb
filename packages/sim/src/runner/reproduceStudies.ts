/**
 * Many studies on one worker pool — what `evalsim reproduce` runs: `workers` computing threads
 * (this thread and workers − 1 worker threads, runner/workerCount.ts) whose worker threads hold
 * more chunks than run's (LANE_TASKS_PER_THREAD), two studies at once when there are worker
 * threads — one in this thread, one on the worker threads, each with the whole pool once the other
 * lane has no study left (studyLanes.ts, runInLanes.ts) — and every study's formula values
 * computed in this thread between the chunks of whichever study runs (formulasBetweenChunks.ts; a
 * shard computes none: the merge does). Each study is an ordinary runStudy into `outDir`, so its
 * results are the bytes of running it alone. A study that fails stops the one on the other lane
 * and its error is thrown once every study started has settled; an aborted `signal` (an
 * interrupt) stops them all, keeps their checkpoints, and resolves.
 */
import type { Study } from '../config/study.js';
import { createStudyPool } from './chunkExecutor.js';
import { computeFormulasBetweenChunks } from './formulasBetweenChunks.js';
import { runInLanes } from './runInLanes.js';
import { runMode, type StudyRun } from './runOptions.js';
import type { RunProgress } from './runProgress.js';
import { runStudy } from './runStudy.js';
import { scaleStudy } from './scaleReplications.js';
import { createStudyLanes, LANE_TASKS_PER_THREAD } from './studyLanes.js';
import type { WorkerThread } from './workerThread.js';

/** One study to run, with the replications a scaled run uses (scaleReplications.ts). */
export interface ReproduceRun {
  readonly study: Study;
  readonly replications?: number;
}

/** The studies at `scale` × their replications, and the replications they run in all. */
export function reproduceRuns(
  studies: readonly Study[],
  scale = 1,
): { runs: ReproduceRun[]; totalReplications: number } {
  const runs = studies.map((study) => scaleStudy(study, scale));
  const totalReplications = runs.reduce(
    (sum, s) =>
      sum + (s.study.model ? (s.replications ?? s.study.replications ?? 0) * s.study.cells.length : 0),
    0,
  );
  return { runs, totalReplications };
}

export interface ReproduceOptions {
  readonly runs: readonly ReproduceRun[];
  readonly outDir: string;
  /** Computing threads, this one included (≥ 1). */
  readonly workers: number;
  /** A worker thread started early (startWorkerThread), given to the pool. */
  readonly warm?: WorkerThread | undefined;
  readonly resume?: boolean;
  readonly parquet?: boolean;
  /** Compute shard index of count of every study (partial results for the merge). */
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
  /** Aborted on an interrupt: every study stops, keeping its checkpoints. */
  readonly signal?: AbortSignal;
  onStudyStart?(index: number): void;
  onProgress?(index: number, progress: RunProgress): void;
  onNotice?(index: number, message: string): void;
  /** Study `index` ran (its results are written). */
  onStudyDone?(index: number, run: StudyRun): void;
  /** The error study `index` failed with, as thrown (default: as it is). */
  studyError?(index: number, error: unknown): unknown;
}

export async function reproduceStudies(options: ReproduceOptions): Promise<void> {
  const { runs } = options;
  const pool = createStudyPool({
    workers: Math.max(0, options.workers - 1),
    mainThread: true,
    warm: options.warm,
    tasksPerThread: LANE_TASKS_PER_THREAD,
  });
  const lanes = createStudyLanes(pool);
  // A formula's problem is thrown by the run of its own study, which computes what is left.
  const stopFormulas = new AbortController();
  const formulasAhead = (async () => {
    for (const { study } of options.shard ? [] : runs)
      await computeFormulasBetweenChunks(study, { signal: stopFormulas.signal });
  })();
  formulasAhead.catch(() => {});
  // A study that fails stops the one running on the other lane too; so does an interrupt.
  const stopped = new AbortController();
  const stop = () => stopped.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const runOne = async (i: number, lane: (typeof lanes)[number]) => {
    const { study, replications } = runs[i];
    options.onStudyStart?.(i);
    const run = await runStudy(study, {
      ...runMode({
        outDir: options.outDir,
        resume: options.resume,
        parquet: options.parquet,
        shard: options.shard ? { index: options.shard.index, count: options.shard.count } : undefined,
      }),
      pool: lane.executor,
      onProgress: (p) => options.onProgress?.(i, p),
      onNotice: (message) => options.onNotice?.(i, message),
      signal: stopped.signal,
      ...(replications !== undefined ? { replications } : {}),
    }).catch((error: unknown) => {
      stopped.abort(error);
      throw options.studyError ? options.studyError(i, error) : error;
    });
    options.onStudyDone?.(i, run);
  };
  try {
    await runInLanes(
      runs.length,
      lanes.map((lane) => async (i: number) => {
        lane.busy = true;
        try {
          await runOne(i, lane);
        } finally {
          lane.busy = false;
        }
      }),
    );
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    stopFormulas.abort();
    await pool.close();
  }
}
