/**
 * Where a run's chunks go: simulateCells hands each piece's chunks over in replication order,
 * then the piece; a sink folds them into each cell's rows — checkpointed, with the kept output —
 * (foldingSink.ts: a whole or targeted run) or keeps them as a shard's block partials
 * (shardSink.ts). Either way the sink sees the same blocks in the same order for any worker
 * count or chunk size.
 */
import type { ChunkResult } from './chunkOutput.js';
import type { CellPiece } from './simulateCells.js';

export interface CellSink {
  /** The pieces the run simulates first (in order): what checkpoints or other shards do not cover. */
  readonly pending: readonly CellPiece[];
  /** Chunks carry every replication's records / item-level answers (kept output). */
  readonly keepRecords: boolean;
  readonly keepAnswers: boolean;
  /** The next chunk of `piece`, in replication order. */
  chunk(piece: CellPiece, chunk: ChunkResult): void;
  /** `piece` is complete: the next batch of its cell to simulate (a targeted run's), or undefined when the cell is done. */
  piece(piece: CellPiece): CellPiece | undefined;
  /** The study is at fault (a formula failed): nothing the run finished is kept (editing the study makes it stale anyway). */
  abandon(): void;
}
