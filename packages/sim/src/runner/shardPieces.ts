/**
 * The pieces of cells one shard computes: shard/planShards.ts over every cell's replications
 * in blocks of BLOCK_SIZE, each replication weighted by the study's method count (the same
 * for every cell, so shards balance replications across cells, splitting big cells).
 */
import type { SimulationStudy } from '../config/study.js';
import { planShards } from '../shard/planShards.js';
import { BLOCK_SIZE } from './blocks.js';
import type { CellPiece } from './simulateCells.js';

export function shardPieces(
  study: SimulationStudy,
  replications: number,
  index: number,
  count: number,
): CellPiece[] {
  const plan = planShards({
    replications: study.cells.map(() => replications),
    costs: study.cells.map(() => Math.max(1, study.methods.length)),
    shards: count,
    blockSize: BLOCK_SIZE,
  });
  return plan.shards[index].pieces.map(({ cell, start, end }) => ({ cell, start, end }));
}
