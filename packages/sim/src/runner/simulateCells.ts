/**
 * Runs the pending cells' chunks on an executor and consumes each cell's chunks strictly
 * in replication order, buffering a chunk that arrives early; at most `maxInFlight` chunks
 * are dispatched and not yet consumed, so memory stays flat in the number of replications.
 * Every accumulator therefore sees the same sequence whatever the worker count or chunk
 * size, and the results are byte-identical.
 */
import type { SimulationStudy } from '../config/study.js';
import type { ResultRow } from '../output/resultRow.js';
import { CellAggregator } from './cellAggregator.js';
import { cellShape } from './cellSimulator.js';
import type { ChunkExecutor } from './chunkExecutor.js';
import { type ChunkOutput, type ChunkShape, chunkOutputOf } from './chunkOutput.js';
import type { ChunkTask } from './chunkTask.js';

export interface CellsRun {
  readonly study: SimulationStudy;
  readonly executor: ChunkExecutor;
  /** Cells to simulate, in order. */
  readonly pending: readonly number[];
  readonly seed: number;
  readonly replications: number;
  /** Replications each method runs on, by method. */
  readonly caps: readonly number[];
  readonly chunkSize: number;
  readonly maxInFlight: number;
  /** Chunks also carry the item-level answers. */
  readonly keepAnswers: boolean;
  readonly signal: AbortSignal | undefined;
  /** Each consumed chunk of a cell, in replication order. */
  readonly onChunk: (cell: number, output: ChunkOutput, count: number) => void;
  /** A cell's rows, once all its replications are consumed. */
  readonly onCell: (cell: number, rows: ResultRow[]) => void;
}

interface CellState {
  readonly aggregator: CellAggregator;
  readonly shape: ChunkShape;
  /** Chunks that arrived before their turn, by first replication. */
  readonly arrived: Map<number, [ArrayBuffer, number]>;
}

export function simulateCells(run: CellsRun): Promise<void> {
  const { study, executor, replications, chunkSize } = run;
  const tasks = (function* () {
    for (const cell of run.pending) {
      for (let start = 0; start < replications; start += chunkSize) {
        yield { cell, start, count: Math.min(chunkSize, replications - start) };
      }
    }
  })();
  const cells = new Map<number, CellState>();
  return new Promise<void>((resolve, reject) => {
    let outstanding = 0;
    let exhausted = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const consume = (cell: number, start: number, buffer: ArrayBuffer, count: number) => {
      const state = cells.get(cell)!;
      state.arrived.set(start, [buffer, count]);
      for (
        let next = state.arrived.get(state.aggregator.nextReplication);
        next;
        next = state.arrived.get(state.aggregator.nextReplication)
      ) {
        const at = state.aggregator.nextReplication;
        const [ready, readyCount] = next;
        const output = chunkOutputOf(ready, state.shape, readyCount);
        state.aggregator.add(output.records, at, readyCount);
        state.arrived.delete(at);
        outstanding--;
        run.onChunk(cell, output, readyCount);
      }
      if (state.aggregator.complete) {
        cells.delete(cell);
        run.onCell(cell, state.aggregator.rows());
      }
    };
    const pump = () => {
      if (settled) return;
      while (!exhausted && !run.signal?.aborted && outstanding < run.maxInFlight) {
        const next = tasks.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        const { cell, start, count } = next.value;
        if (!cells.has(cell)) {
          cells.set(cell, {
            aggregator: new CellAggregator(study, cell, run.caps, replications),
            shape: cellShape(study, cell, run.keepAnswers),
            arrived: new Map(),
          });
        }
        const task: ChunkTask = {
          studyKey: study.inputDigest, // robust: inputs hashed (issue 8 item 1)
          inputs: study.inputs,
          config: study.config,
          baseDir: study.baseDir,
          cell,
          seed: run.seed,
          start,
          count,
          caps: run.caps,
          keepAnswers: run.keepAnswers,
        };
        outstanding++;
        executor.run(task).then(
          (buffer) => {
            if (settled) return;
            try {
              consume(cell, start, buffer, count);
            } catch (error) {
              fail(error);
              return;
            }
            pump();
          },
          (error) => fail(error),
        );
      }
      if (outstanding === 0) {
        if (run.signal?.aborted) fail(run.signal.reason ?? new Error('run aborted'));
        else if (exhausted) {
          settled = true;
          resolve();
        }
      }
    };
    pump();
  });
}
