/**
 * How many worker threads a run starts, from its work — a documented rule; the output's bytes
 * never depend on it (blocks.ts):
 *
 *   - never more threads than the run has chunks (a chunk runs on one thread; a thread that
 *     gets no chunk only costs its start, about 0.1 s of CPU and 30 MB);
 *   - with the default count (the machine's cores), a run with a single chunk, or with less than
 *     MIN_THREAD_WORK method-replications in all (replications × methods over its cells: a
 *     one-replication run, a small preview), runs in this thread, where it pays no thread start;
 *   - an explicit `--workers n ≥ 1` keeps at least one worker thread.
 */

/** Method-replications below which a run with the default worker count stays in this thread. */
export const MIN_THREAD_WORK = 2000;

export function workersForWork(
  requested: number,
  chunks: number,
  explicit: boolean,
  work = Infinity,
): number {
  if (requested === 0) return 0;
  if (!explicit && (chunks <= 1 || work < MIN_THREAD_WORK)) return 0;
  return Math.max(1, Math.min(requested, chunks));
}

/** Chunks of a run: each piece of `replications` replications cut into chunks of `chunkSize`. */
export function chunkCount(pieceLengths: readonly number[], chunkSize: number): number {
  return pieceLengths.reduce((sum, length) => sum + Math.ceil(length / chunkSize), 0);
}
