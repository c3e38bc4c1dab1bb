/**
 * How many worker threads a run starts, from its work: never more than it has chunks (a thread
 * that gets no chunk only costs its start — about 0.1 s of CPU and 30 MB — and a chunk runs on
 * one thread), and with the default count (the machine's cores) a run of a single chunk runs in
 * this thread, where it costs no thread start at all (a one-replication run, a small preview).
 * An explicit `--workers n ≥ 1` keeps at least one worker thread. The output's bytes never
 * depend on the count (blocks.ts).
 */
export function workersForWork(requested: number, chunks: number, explicit: boolean): number {
  if (requested === 0) return 0;
  if (!explicit && chunks <= 1) return 0;
  return Math.max(1, Math.min(requested, chunks));
}

/** Chunks of a run: each piece of `replications` replications cut into chunks of `chunkSize`. */
export function chunkCount(pieceLengths: readonly number[], chunkSize: number): number {
  return pieceLengths.reduce((sum, length) => sum + Math.ceil(length / chunkSize), 0);
}
