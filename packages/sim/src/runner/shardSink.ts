/**
 * The sink of one shard (cellSink.ts): the shard's pieces (shardPieces.ts) and, per piece, a
 * copy of each block state in order, written to its partial-result file (partialFile.ts) for
 * `evalsim merge`. Nothing is folded, checkpointed or kept.
 */
import type { CellSink } from './cellSink.js';
import { blockStates, type ChunkResult } from './chunkOutput.js';
import type { PartialPiece } from './partialFile.js';
import type { RunPlan } from './runPlan.js';
import { shardPieces } from './shardPieces.js';
import type { CellPiece } from './simulateCells.js';

export class ShardSink implements CellSink {
  readonly pending: readonly CellPiece[];
  readonly keepRecords = false;
  readonly keepAnswers = false;
  private readonly blocks = new Map<CellPiece, Float64Array[]>();

  constructor(plan: RunPlan) {
    const { simulation, mode } = plan;
    if (mode.kind !== 'shard') throw new Error('a shard sink needs a shard');
    // A formula study's shards hold no pieces; the merge computes its formulas.
    this.pending = simulation
      ? shardPieces(simulation.study, simulation.replications, mode.index, mode.count)
      : [];
  }

  chunk(piece: CellPiece, chunk: ChunkResult): void {
    // Copies: the chunk's buffer is dropped once consumed.
    const blocks = this.blocks.get(piece) ?? [];
    for (const state of blockStates(chunk.partials)) blocks.push(state.slice());
    this.blocks.set(piece, blocks);
  }

  piece(): undefined {
    return undefined;
  }

  abandon(): void {}

  /** The shard's pieces with their block states. */
  pieces(): PartialPiece[] {
    return this.pending.map((piece) => ({ ...piece, blocks: this.blocks.get(piece) ?? [] }));
  }
}
