/**
 * How many worker threads a run starts, from its work — a documented rule; the output's bytes
 * never depend on it (blocks.ts):
 *
 *   - never more threads than the run has chunks (a chunk runs on one thread; a thread that
 *     gets no chunk only costs its start, about 0.1 s of CPU and 30 MB);
 *   - with the default count (the machine's cores), a run with a single chunk, or with less than
 *     MIN_THREAD_WORK method-replications in all (replications × methods over its cells: a
 *     one-replication run, a small preview), runs in this thread, where it pays no thread start;
 *   - an explicit `--workers n ≥ 1` keeps at least one worker thread;
 *   - a study whose model or methods come from user modules never runs in this thread: with
 *     `--workers 0`, or when the rules above would choose this thread, its chunks run in order on
 *     one worker thread under the heap limit, so a user method that exhausts memory fails with its
 *     name (stoppedChunk.ts) instead of aborting Node (V8's heap-limit abort cannot be caught in the
 *     thread that hits it). Built-in blocks size their arrays from validated parameters.
 */
import type { StudyInputRole } from '../config/inputs/studyInputs.js';

/** Inputs that are user code (a study naming one of these runs its chunks in worker threads only). */
export const USER_CODE_ROLES: ReadonlySet<StudyInputRole> = new Set(['model', 'method', 'import']);

/** Method-replications below which a run with the default worker count stays in this thread. */
export const MIN_THREAD_WORK = 2000;

export function workersForWork(
  requested: number,
  chunks: number,
  explicit: boolean,
  work = Infinity,
  userCode = false,
): number {
  const fewest = userCode ? 1 : 0;
  if (requested === 0) return fewest;
  if (!explicit && (chunks <= 1 || work < MIN_THREAD_WORK)) return fewest;
  return Math.max(1, Math.min(requested, chunks));
}

/** Chunks of a run: each piece of `replications` replications cut into chunks of `chunkSize`. */
export function chunkCount(pieceLengths: readonly number[], chunkSize: number): number {
  return pieceLengths.reduce((sum, length) => sum + Math.ceil(length / chunkSize), 0);
}
