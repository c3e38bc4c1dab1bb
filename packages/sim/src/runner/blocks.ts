/**
 * Canonical blocks: every cell's replications are cut into blocks of BLOCK_SIZE (B)
 * replications, [0, B), [B, 2B), … (the last may be shorter). A block is the unit of
 * aggregation: a worker folds a block's replications, in order, into a block partial
 * (cellPartial.ts); the main thread, a resumed run or `evalsim merge` folds partials
 * strictly in block order. B is a constant — never derived from the worker count, the chunk
 * size or the shard count — and is recorded in the results' metadata (`evalsim.blockSize`),
 * so a study's numbers are a pure function of (study, seed, replications, B): byte-identical
 * for any worker count, chunk size, resume point and shard split (shards cut only at block
 * boundaries, shard/planShards.ts).
 *
 * Why 100: a block partial costs one accumulator state per method × metric (3–5 numbers; a
 * quantile sketch up to 4 per distinct bucket), so per-replication traffic to the main thread
 * falls ~100-fold against sending records, while shards still balance to within 100
 * replications of one cell.
 */
export const BLOCK_SIZE = 100;

/** Number of blocks of a cell with `replications` replications. */
export function blockCount(replications: number): number {
  return Math.ceil(replications / BLOCK_SIZE);
}

/** Replications of block `block` of a cell with `replications` replications. */
export function blockLength(block: number, replications: number): number {
  return Math.min(BLOCK_SIZE, replications - block * BLOCK_SIZE);
}
