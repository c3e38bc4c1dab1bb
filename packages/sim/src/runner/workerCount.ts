/**
 * How many threads a run computes on, from its work — a documented rule; the output's bytes
 * never depend on it (blocks.ts). `--workers n` asks for n computing threads:
 *
 *   - for built-in blocks this thread is one of them: n threads are this thread and n − 1 worker
 *     threads (it would idle otherwise, and it is already warm); 0 is the same as 1 (in this thread);
 *   - never more threads than the run has chunks (a chunk runs on one thread; a thread that
 *     gets no chunk only costs its start);
 *   - with the default count (the machine's cores), a run with a single chunk, or with less than
 *     MIN_THREAD_WORK method-replications in all (replications × methods over its cells: a
 *     one-replication run, a small preview), runs in this thread alone, where it pays no thread start;
 *   - a study whose model or methods come from user modules never runs in this thread: its n
 *     threads are all worker threads (at least one, also with `--workers 0`), so a user method that
 *     exhausts memory fails with its name (stoppedChunk.ts) instead of aborting Node (V8's
 *     heap-limit abort cannot be caught in the thread that hits it). Built-in blocks size their
 *     arrays from validated parameters. A per-chunk time limit also keeps chunks off this thread
 *     (it cannot be stopped).
 */
import type { StudyInputRole } from '../config/inputs/studyInputs.js';

/** Inputs that are user code (a study naming one of these runs its chunks in worker threads only). */
export const USER_CODE_ROLES: ReadonlySet<StudyInputRole> = new Set(['model', 'method', 'import']);

/** Method-replications below which a run with the default worker count stays in this thread. */
export const MIN_THREAD_WORK = 2000;

/** Where a run computes: `workers` worker threads, and whether this thread computes too. */
export interface ThreadPlan {
  readonly workers: number;
  readonly mainThread: boolean;
}

/**
 * The threads of a run asking for `requested` computing threads (explicitly or by default) for
 * `chunks` chunks and `work` method-replications; `alone`: its chunks run in worker threads only
 * (user code, or a per-chunk time limit).
 */
export function threadsForWork(
  requested: number,
  chunks: number,
  explicit: boolean,
  work = Infinity,
  alone = false,
): ThreadPlan {
  const threads =
    requested === 0 || (!explicit && (chunks <= 1 || work < MIN_THREAD_WORK))
      ? 1
      : Math.max(1, Math.min(requested, chunks));
  return alone ? { workers: threads, mainThread: false } : { workers: threads - 1, mainThread: true };
}

/** Chunks of a run: each piece of `replications` replications cut into chunks of `chunkSize`. */
export function chunkCount(pieceLengths: readonly number[], chunkSize: number): number {
  return pieceLengths.reduce((sum, length) => sum + Math.ceil(length / chunkSize), 0);
}
