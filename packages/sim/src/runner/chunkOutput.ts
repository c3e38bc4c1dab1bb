/**
 * What a chunk returns, in one ArrayBuffer so a worker can transfer it without copying:
 *
 *   records    count × stride Float64   (base/replicationRecord.ts: each method's result, then diagnostics)
 *   questions  count × slots Int32      (with keepAnswers: the population question of each answer slot)
 *   answers    count × systems × slots  Uint8 (with keepAnswers: 1 right, 0 wrong; system j, slot s at j·slots + s)
 *
 * `stride`, `slots` and `systems` are known to both sides from the study and the cell, so
 * the buffer carries no header.
 */

export interface ChunkShape {
  /** Numbers per replication in `records`. */
  readonly stride: number;
  /** Answer slots and systems per replication (0 when answers are not kept). */
  readonly slots: number;
  readonly systems: number;
}

export interface ChunkOutput {
  readonly records: Float64Array;
  readonly questions: Int32Array;
  readonly answers: Uint8Array;
}

function sizes(shape: ChunkShape, count: number) {
  const records = count * shape.stride * Float64Array.BYTES_PER_ELEMENT;
  const questions = count * shape.slots * Int32Array.BYTES_PER_ELEMENT;
  const answers = count * shape.systems * shape.slots;
  return { records, questions, answers };
}

/** Views of `buffer` laid out for `count` replications of `shape`. */
export function chunkOutputOf(buffer: ArrayBuffer, shape: ChunkShape, count: number): ChunkOutput {
  const bytes = sizes(shape, count);
  return {
    records: new Float64Array(buffer, 0, count * shape.stride),
    questions: new Int32Array(buffer, bytes.records, count * shape.slots),
    answers: new Uint8Array(buffer, bytes.records + bytes.questions, count * shape.systems * shape.slots),
  };
}

/** A zeroed buffer for `count` replications of `shape`. */
export function allocateChunkOutput(shape: ChunkShape, count: number): ArrayBuffer {
  const bytes = sizes(shape, count);
  return new ArrayBuffer(bytes.records + bytes.questions + bytes.answers);
}
