/**
 * What a chunk returns, in one ArrayBuffer so a worker can transfer it without copying:
 *
 *   header     8 Float64                P, the length of the partials section; the seconds the chunk
 *                                       took on its thread (for chunk sizes, chunkSizer.ts); its start
 *                                       and end on the trace clock, the thread's id, its CPU seconds
 *                                       over the chunk, and the thread's CPU and core-waiting seconds
 *                                       since it started, at the chunk's end (threadTrace.ts)
 *   partials   P Float64                per block of the chunk, in order: its state length L, then
 *                                       its CellPartial state (L numbers)
 *   kept       (only with a kept kind, at byte 8·(2 + P)):
 *     records    count × stride Float64   (base/replicationRecord.ts: each method's result, then diagnostics)
 *     questions  count × slots Int32      (with keepAnswers: the population question of each answer slot)
 *     answers    count × systems × slots  Uint8 (with keepAnswers: 1 right, 0 wrong; system j, slot s at j·slots + s)
 *
 * `stride`, `slots` and `systems` are known to both sides from the study and the cell, so
 * the buffer carries no other header. Without kept output a chunk sends only its block
 * partials: the main thread's work is per block, not per replication.
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

/** A chunk's result as the main thread reads it. */
export interface ChunkResult {
  /** The block partials section (see the module comment). */
  readonly partials: Float64Array;
  /** The kept records and answers, or null when nothing is kept. */
  readonly kept: ChunkOutput | null;
}

/** Numbers before the partials section: P, the seconds and the chunk's interval (ChunkInterval). */
const HEADER = 8;

/** Where and when a chunk ran (threadTrace.ts). */
export interface ChunkInterval {
  /** Trace-clock milliseconds (traceClockMs). */
  readonly startMs: number;
  readonly endMs: number;
  /** worker_threads' threadId (0: the main thread). */
  readonly thread: number;
  /** The thread's CPU seconds over the chunk. */
  readonly cpuSeconds: number;
  /** The thread's seconds on a CPU and waiting for one since it started, at the chunk's end (0 where unknown). */
  readonly threadCpuSeconds: number;
  readonly threadWaitSeconds: number;
}

function sizes(shape: ChunkShape, count: number) {
  const records = count * shape.stride * Float64Array.BYTES_PER_ELEMENT;
  const questions = count * shape.slots * Int32Array.BYTES_PER_ELEMENT;
  const answers = count * shape.systems * shape.slots;
  return { records, questions, answers, total: records + questions + answers };
}

/** Views of `buffer` from byte `offset`, laid out for `count` replications of `shape`. */
export function chunkOutputOf(
  buffer: ArrayBuffer,
  shape: ChunkShape,
  count: number,
  offset = 0,
): ChunkOutput {
  const bytes = sizes(shape, count);
  return {
    records: new Float64Array(buffer, offset, count * shape.stride),
    questions: new Int32Array(buffer, offset + bytes.records, count * shape.slots),
    answers: new Uint8Array(
      buffer,
      offset + bytes.records + bytes.questions,
      count * shape.systems * shape.slots,
    ),
  };
}

/** The views of replications [first, first + count) of `output`. */
export function chunkOutputRange(
  output: ChunkOutput,
  shape: ChunkShape,
  first: number,
  count: number,
): ChunkOutput {
  const { stride, slots, systems } = shape;
  return {
    records: output.records.subarray(first * stride, (first + count) * stride),
    questions: output.questions.subarray(first * slots, (first + count) * slots),
    answers: output.answers.subarray(first * systems * slots, (first + count) * systems * slots),
  };
}

/** A zeroed buffer for `count` replications of `shape`. */
export function allocateChunkOutput(shape: ChunkShape, count: number): ArrayBuffer {
  return new ArrayBuffer(sizes(shape, count).total);
}

/**
 * Packs the block partials, the chunk's `seconds`, where and when it ran and the kept buffer (if
 * any) into one transferable buffer.
 */
export function packChunk(
  partials: readonly number[],
  kept: ArrayBuffer | null,
  seconds = 0,
  interval?: ChunkInterval,
): ArrayBuffer {
  const head = (HEADER + partials.length) * Float64Array.BYTES_PER_ELEMENT;
  const buffer = new ArrayBuffer(head + (kept?.byteLength ?? 0));
  const numbers = new Float64Array(buffer, 0, HEADER + partials.length);
  numbers[0] = partials.length;
  numbers[1] = seconds;
  if (interval) {
    numbers[2] = interval.startMs;
    numbers[3] = interval.endMs;
    numbers[4] = interval.thread;
    numbers[5] = interval.cpuSeconds;
    numbers[6] = interval.threadCpuSeconds;
    numbers[7] = interval.threadWaitSeconds;
  }
  for (let i = 0; i < partials.length; i++) numbers[i + HEADER] = partials[i];
  if (kept) new Uint8Array(buffer, head).set(new Uint8Array(kept));
  return buffer;
}

/** Reads a packed chunk of `count` replications; `kept` says whether it carries kept output. */
export function unpackChunk(
  buffer: ArrayBuffer,
  shape: ChunkShape,
  count: number,
  kept: boolean,
): ChunkResult {
  const length = new Float64Array(buffer, 0, 1)[0];
  const partials = new Float64Array(buffer, HEADER * Float64Array.BYTES_PER_ELEMENT, length);
  const offset = (HEADER + length) * Float64Array.BYTES_PER_ELEMENT;
  return { partials, kept: kept ? chunkOutputOf(buffer, shape, count, offset) : null };
}

/** The seconds a packed chunk took on its thread. */
export function chunkSeconds(buffer: ArrayBuffer): number {
  return new Float64Array(buffer, Float64Array.BYTES_PER_ELEMENT, 1)[0];
}

/** Where and when a packed chunk ran (all zeros when it was packed without an interval). */
export function chunkInterval(buffer: ArrayBuffer): ChunkInterval {
  const [startMs, endMs, thread, cpuSeconds, threadCpuSeconds, threadWaitSeconds] = new Float64Array(
    buffer,
    2 * Float64Array.BYTES_PER_ELEMENT,
    6,
  );
  return { startMs, endMs, thread, cpuSeconds, threadCpuSeconds, threadWaitSeconds };
}

/** The block states of a partials section, in order (views, not copies). */
export function blockStates(partials: Float64Array): Float64Array[] {
  const states: Float64Array[] = [];
  for (let at = 0; at < partials.length; ) {
    const length = partials[at];
    states.push(partials.subarray(at + 1, at + 1 + length));
    at += 1 + length;
  }
  return states;
}
