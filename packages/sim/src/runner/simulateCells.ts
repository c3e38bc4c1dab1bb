/**
 * Runs pieces of cells (replications [start, end) of a cell, block-aligned) as chunks of whole
 * blocks on an executor and consumes each piece's chunks strictly in replication order,
 * buffering a chunk that arrives early. Every consumer therefore sees the same block sequence
 * whatever the worker count or chunk size. At most `maxInFlight` chunks run at once, and at most
 * `maxInFlight` + {@link waitingChunks} are dispatched and not yet consumed, so memory stays flat in
 * the number of replications: a finished chunk waiting for an earlier one holds only its block
 * partials (a few numbers per block) unless records or answers are kept, and then none may wait
 * beyond `maxInFlight`. Bounding only the unconsumed chunks made a thread idle whenever another held
 * the earliest chunk: on few-clusters with two threads the worker thread waited 0.25 s for the
 * main thread's chunk, and the main thread 0.2 s for the worker thread's first chunk while it started.
 */

import { threadId } from 'node:worker_threads';
import type { SimulationStudy } from '../config/study.js';
import { BLOCK_SIZE } from './blocks.js';
import { cellShape } from './cellSimulator.js';
import type { ChunkExecutor } from './chunkExecutor.js';
import {
  type ChunkResult,
  type ChunkShape,
  chunkInterval,
  chunkSeconds,
  unpackChunk,
} from './chunkOutput.js';
import { ChunkSizer } from './chunkSizer.js';
import { type ChunkTask, studyConfigText } from './chunkTask.js';
import { processMemoryLimit, watchProcessMemory } from './memoryWatch.js';
import { createPhase, isWorkerOutOfMemory, processMemoryError, stoppedChunkError } from './stoppedChunk.js';
import { traceBusy, traceClockMs, tracingThreads } from './threadTrace.js';

/** Replications [start, end) of one cell; `start` a multiple of BLOCK_SIZE. */
export interface CellPiece {
  readonly cell: number;
  readonly start: number;
  readonly end: number;
}

export interface CellsRun {
  readonly study: SimulationStudy;
  readonly executor: ChunkExecutor;
  /** Pieces to simulate, in order. */
  readonly pieces: readonly CellPiece[];
  readonly seed: number;
  /** Replications each method runs on, by method. */
  readonly caps: readonly number[];
  /** Replications per chunk, rounded up to whole blocks (with `sizeByTime`, the typical chunk). */
  readonly chunkSize: number;
  /**
   * Cut chunks to take about CHUNK_SECONDS each from measured time (chunkSizer.ts), at most
   * LARGEST_CHUNKS_FACTOR × chunkSize; else every chunk has chunkSize replications.
   */
  readonly sizeByTime?: boolean | undefined;
  readonly maxInFlight: number;
  /** Chunks also carry every replication's records / item-level answers. */
  readonly keepRecords: boolean;
  readonly keepAnswers: boolean;
  readonly signal: AbortSignal | undefined;
  /** Per-chunk time limit in seconds (pool executors only: the worker is terminated). */
  readonly chunkTimeout?: number | undefined;
  /**
   * The chunks run on worker threads and can be stopped (user code, or a time limit): each gets
   * a signal, and the process's resident memory is watched against workers × workerMemoryMb
   * (memoryWatch.ts: V8's heap limit does not bound ArrayBuffers).
   */
  readonly stoppable?: boolean | undefined;
  /** Whether `chunkTimeout` is the default watchdog (runStudy's DEFAULT_CHUNK_TIMEOUT_SECONDS), not one the user gave. */
  readonly chunkTimeoutDefault?: boolean | undefined;
  /** The workers' heap limit, MB, for the out-of-memory message. */
  readonly workerMemoryMb: number;
  /** Each consumed chunk of a piece, in replication order, starting at replication `start`. */
  readonly onChunk: (piece: CellPiece, start: number, count: number, chunk: ChunkResult) => void;
  /** A piece, once all its chunks are consumed. */
  readonly onPiece: (piece: CellPiece) => void;
}

/** Finished chunks that may wait for an earlier one, beyond `maxInFlight` (none when records or answers are kept). */
export function waitingChunks(kept: boolean, maxInFlight: number): number {
  return kept ? 0 : 32 * maxInFlight;
}

/** With `sizeByTime`, a chunk holds at most this many times `chunkSize` replications. */
export const LARGEST_CHUNKS_FACTOR = 8;

interface PieceState {
  next: number;
  readonly shape: ChunkShape;
  /** Chunks that arrived before their turn, by first replication. */
  readonly arrived: Map<number, [ArrayBuffer, number]>;
}

export function simulateCells(run: CellsRun): Promise<void> {
  const { study, executor } = run;
  const chunkSize = Math.ceil(run.chunkSize / BLOCK_SIZE) * BLOCK_SIZE;
  const kept = run.keepRecords || run.keepAnswers;
  const sizer = run.sizeByTime ? new ChunkSizer(run.caps, LARGEST_CHUNKS_FACTOR * chunkSize) : undefined;
  // Drawn one at a time as chunks are dispatched, so a size uses the chunks finished by then.
  const tasks = (function* () {
    for (const [index, piece] of run.pieces.entries()) {
      for (let start = piece.start, count = 0; start < piece.end; start += count) {
        count = sizer ? sizer.next(piece.cell, start, piece.end) : Math.min(chunkSize, piece.end - start);
        yield { index, start, count };
      }
    }
  })();
  const states = new Map<number, PieceState>();
  const maxUnconsumed = run.maxInFlight + waitingChunks(kept, run.maxInFlight);
  return new Promise<void>((resolve, reject) => {
    // Chunks dispatched and not finished; dispatched and not consumed (running or waiting).
    let running = 0;
    let outstanding = 0;
    let exhausted = false;
    let settled = false;
    // The chunks on their threads, each with what stops it (stoppable runs only).
    const active = new Map<AbortController, { task: ChunkTask; phase: Int32Array }>();
    const stoppable = run.stoppable === true || run.chunkTimeout !== undefined;
    let unwatch = () => {};
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      unwatch();
      reject(error);
    };
    if (stoppable) {
      const workers = Math.max(1, executor.workers);
      const limit = processMemoryLimit(process.memoryUsage.rss(), workers, run.workerMemoryMb);
      unwatch = watchProcessMemory(limit, (resident) => {
        const running = [...active.values()];
        for (const stop of active.keys()) stop.abort();
        fail(
          processMemoryError(study, running, {
            residentMb: resident / 1048576,
            limitMb: limit / 1048576,
            workers,
            workerMemoryMb: run.workerMemoryMb,
          }),
        );
      });
    }
    const consume = (index: number, start: number, buffer: ArrayBuffer, count: number) => {
      const piece = run.pieces[index];
      const state = states.get(index)!;
      sizer?.record(piece.cell, start, count, chunkSeconds(buffer));
      const tracing = tracingThreads();
      if (tracing) traceBusy({ ...chunkInterval(buffer), kind: 'chunk', label: study.name });
      const folding = tracing ? traceClockMs() : 0;
      state.arrived.set(start, [buffer, count]);
      for (let next = state.arrived.get(state.next); next; next = state.arrived.get(state.next)) {
        const at = state.next;
        const [ready, readyCount] = next;
        state.arrived.delete(at);
        state.next += readyCount;
        outstanding--;
        run.onChunk(piece, at, readyCount, unpackChunk(ready, state.shape, readyCount, kept));
      }
      if (state.next >= piece.end) {
        states.delete(index);
        run.onPiece(piece);
      }
      if (tracing)
        traceBusy({
          thread: threadId,
          startMs: folding,
          endMs: traceClockMs(),
          kind: 'fold',
          label: study.name,
        });
    };
    const pump = () => {
      if (settled) return;
      while (!exhausted && !run.signal?.aborted && running < run.maxInFlight && outstanding < maxUnconsumed) {
        const next = tasks.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        const { index, start, count } = next.value;
        const piece = run.pieces[index];
        if (!states.has(index)) {
          states.set(index, {
            next: piece.start,
            shape: cellShape(study, piece.cell, run.keepAnswers),
            arrived: new Map(),
          });
        }
        const phase = createPhase();
        const task: ChunkTask = {
          studyKey: study.inputDigest, // robust: inputs hashed (issue 8 item 1)
          inputs: study.inputs,
          configText: studyConfigText(study.config),
          baseDir: study.baseDir,
          cell: piece.cell,
          seed: run.seed,
          start,
          count,
          caps: run.caps,
          keepRecords: run.keepRecords,
          keepAnswers: run.keepAnswers,
          phase,
        };
        running++;
        outstanding++;
        const stop = new AbortController();
        const timeout = run.chunkTimeout;
        // The limit counts from the chunk's start on its thread, not while it waits in the pool's queue.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const startClock = () => {
          if (stoppable) active.set(stop, { task, phase });
          if (timeout !== undefined) timer = setTimeout(() => stop.abort(), timeout * 1000);
        };
        executor.run(task, stoppable ? stop.signal : undefined, startClock).then(
          (buffer) => {
            clearTimeout(timer);
            active.delete(stop);
            running--;
            if (settled) return;
            try {
              consume(index, start, buffer, count);
            } catch (error) {
              fail(error);
              return;
            }
            pump();
          },
          (error) => {
            clearTimeout(timer);
            active.delete(stop);
            running--;
            if (stop.signal.aborted && timeout !== undefined) {
              fail(
                stoppedChunkError(study, task, phase, {
                  kind: 'timeout',
                  seconds: timeout,
                  byDefault: run.chunkTimeoutDefault ?? false,
                }),
              );
            } else if (isWorkerOutOfMemory(error)) {
              fail(stoppedChunkError(study, task, phase, { kind: 'memory', limitMb: run.workerMemoryMb }));
            } else fail(error);
          },
        );
      }
      if (outstanding === 0) {
        if (run.signal?.aborted) fail(run.signal.reason ?? new Error('run aborted'));
        else if (exhausted) {
          settled = true;
          unwatch();
          resolve();
        }
      }
    };
    pump();
  });
}
