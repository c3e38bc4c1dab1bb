/**
 * The error of a chunk whose worker thread was stopped — out of memory (the pool's heap limit,
 * chunkExecutor.ts), past the per-chunk time limit, or the process past its memory limit
 * (memoryWatch.ts) — naming the study, the cell, the method (or the model) and the replication
 * it was in, read from the chunk's shared phase (cellSimulator.ts) after the thread is gone.
 */
import { describeCell } from '../config/placeError.js';
import type { SimulationStudy } from '../config/study.js';
import { MODEL_STEP, PHASE_REPLICATION, PHASE_STEP } from './cellSimulator.js';
import type { ChunkTask } from './chunkTask.js';

/** Before the chunk's first replication (the worker is still starting or resolving the study). */
export const NOT_STARTED = -2;

/** A fresh shared phase for a chunk: [NOT_STARTED, -1]. */
export function createPhase(): Int32Array {
  const phase = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  phase[PHASE_STEP] = NOT_STARTED;
  phase[PHASE_REPLICATION] = -1;
  return phase;
}

/** Where the chunk was: `in method "x" at replication r`, `in the model at replication r`, or `before its first replication`. */
function where(study: SimulationStudy, phase: Int32Array): string {
  const step = phase[PHASE_STEP];
  const r = phase[PHASE_REPLICATION];
  if (step === NOT_STARTED) return 'before its first replication (starting the worker, resolving the study)';
  if (step === MODEL_STEP) return `in the model (${study.model.label}) generating replication ${r}`;
  return `in method "${study.methods[step]?.id ?? step}" at replication ${r}`;
}

export type StopReason =
  | { readonly kind: 'timeout'; readonly seconds: number; readonly byDefault?: boolean }
  | { readonly kind: 'memory'; readonly limitMb: number };

/** Whether `error` is a worker thread's out-of-memory end (Node's ERR_WORKER_OUT_OF_MEMORY). */
export function isWorkerOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export function stoppedChunkError(
  study: SimulationStudy,
  task: ChunkTask,
  phase: Int32Array,
  reason: StopReason,
): Error {
  const cell = describeCell(study.cells[task.cell]);
  const chunk = `study ${study.name}, cell ${task.cell}${cell ? ` (${cell})` : ''}, replications ${task.start}–${task.start + task.count - 1}`;
  const what =
    reason.kind === 'timeout'
      ? reason.byDefault
        ? `stopped after the default chunk time limit of ${reason.seconds} s for user code ${where(study, phase)}; the worker was terminated (a method this slow: --chunk-timeout <seconds> raises the limit, --chunk-timeout 0 turns it off)`
        : `stopped after the chunk time limit (--chunk-timeout ${reason.seconds} s) ${where(study, phase)}; the worker was terminated`
      : `the worker ran out of memory (heap limit ${reason.limitMb} MB; --worker-memory raises it) ${where(study, phase)}`;
  return new Error(`${chunk}: ${what}`);
}

/** The process past its resident-memory limit (memoryWatch.ts), and the chunks that were running. */
export interface ProcessMemoryStop {
  readonly residentMb: number;
  readonly limitMb: number;
  readonly workers: number;
  readonly workerMemoryMb: number;
}

/** The error of a run whose process passed its memory limit: every chunk running then is named. */
export function processMemoryError(
  study: SimulationStudy,
  running: readonly { readonly task: ChunkTask; readonly phase: Int32Array }[],
  stop: ProcessMemoryStop,
): Error {
  const mb = (x: number) => `${Math.round(x).toLocaleString('en-US')} MB`;
  const chunks = running.map(({ task, phase }) => {
    const cell = describeCell(study.cells[task.cell]);
    return `cell ${task.cell}${cell ? ` (${cell})` : ''}, replications ${task.start}–${task.start + task.count - 1} ${where(study, phase)}`;
  });
  return new Error(
    `study ${study.name}: the process's memory reached ${mb(stop.residentMb)}, above its limit of ${mb(stop.limitMb)} ` +
      `(${stop.workers} worker thread${stop.workers === 1 ? '' : 's'} × --worker-memory ${stop.workerMemoryMb} MB, and this thread's): ` +
      'memory outside the JavaScript heap (ArrayBuffers, typed arrays, buffers), which the heap limit does not bound; ' +
      `stopped ${chunks.length > 0 ? chunks.join('; ') : 'the chunks running'} (the worker was terminated); --worker-memory raises the limit`,
  );
}
