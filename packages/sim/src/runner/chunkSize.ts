/**
 * The default chunk size (replications a worker runs per task), from the work — results never
 * depend on it (canonical blocks of BLOCK_SIZE, blocks.ts), only the dispatch cost does. A run
 * without --chunk-size cuts its chunks by measured time instead (chunkSizer.ts), at most
 * LARGEST_CHUNKS_FACTOR times this size; this size still decides how many threads a run may use
 * (workerCount.ts) and is the chunk size with --chunk-timeout:
 *
 *   chunk = max(MIN_DEFAULT_CHUNK, ⌈R / (CHUNKS_PER_WORKER · W)⌉ rounded up to whole blocks)
 *
 * for R replications per cell and W requested workers: a cell is cut into about
 * CHUNKS_PER_WORKER · W chunks (enough to keep W threads busy to the end of a cell), never
 * smaller than MIN_DEFAULT_CHUNK. Fixed 250-replication chunks made a 20,000-replication cell
 * 80 round trips to a worker; on paired-intervals the worker then waited on the main thread
 * for 2.4 of its 8.8 CPU seconds. With a per-chunk time limit the chunks stay at
 * MIN_DEFAULT_CHUNK (the limit is meant per small unit of work).
 */
import { BLOCK_SIZE } from './blocks.js';

/** Chunks per worker a cell is cut into by default. */
export const CHUNKS_PER_WORKER = 4;
/** The smallest default chunk (and the chunk under a per-chunk time limit). */
export const MIN_DEFAULT_CHUNK = 250;

export function defaultChunkSize(replications: number, workers: number): number {
  const share = Math.ceil(replications / (CHUNKS_PER_WORKER * Math.max(1, workers)));
  return Math.max(MIN_DEFAULT_CHUNK, Math.ceil(share / BLOCK_SIZE) * BLOCK_SIZE);
}
