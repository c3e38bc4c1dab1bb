/**
 * runStudy: runs a validated study and returns its tidy rows (and, with an
 * `outDir`, writes `<outDir>/<name>.arrow` and the `<name>.run.json` sidecar).
 *
 * Work is split into chunks of `chunkSize` replications of one cell, run on a
 * piscina pool (or in this thread with workers 0). The main thread feeds each
 * cell's metric accumulators strictly in replication order, buffering a chunk
 * that arrives early; at most `maxInFlight` chunks are dispatched and not yet
 * consumed, so memory stays flat in the number of replications. Results are
 * therefore byte-identical for any worker count and chunk size.
 *
 * Each finished cell is checkpointed; `resume` reuses finished cells of the
 * same run (same study, user modules, seed, replications and version).
 */

import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigError } from '../base/errors.js';
import type { SimulationStudy, Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import { writeResultsArrow } from '../output/arrowResults.js';
import type { ResultRow } from '../output/resultRow.js';
import { machineDescription, writeRunInfo } from '../output/runInfo.js';
import { evalsimVersion } from '../output/version.js';
import { CellAggregator, formulaRows } from './cellAggregator.js';
import { CheckpointStore, checkpointKey } from './checkpoint.js';
import { type ChunkExecutor, createStudyPool, defaultWorkerCount } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { shareStudy } from './executeChunk.js';
import { attachExpectations } from './expectations.js';
import type { RunProgress } from './progress.js';

export const DEFAULT_CHUNK_SIZE = 250;

export interface RunOptions {
  /** Worker threads (default: available parallelism; 0 = in this thread). Ignored when `pool` is given. */
  readonly workers?: number;
  /** A pool to reuse across studies (createStudyPool); runStudy does not close it. */
  readonly pool?: ChunkExecutor;
  /** Override the study's replications per cell (method caps still apply, never above this). */
  readonly replications?: number;
  /** Override the study's seed. */
  readonly seed?: number;
  /** Directory for `<name>.arrow`, `<name>.run.json` and `.checkpoints/`; nothing is written without it. */
  readonly outDir?: string;
  /** Reuse finished cells checkpointed by an earlier run of the same study, seed and replications. */
  readonly resume?: boolean;
  /** Replications per work unit (default 250); results do not depend on it. */
  readonly chunkSize?: number;
  /** Chunks dispatched but not yet consumed (default 4 per worker, at least 4). */
  readonly maxInFlight?: number;
  readonly onProgress?: (progress: RunProgress) => void;
  /** Aborting stops dispatching; finished cells stay checkpointed; runStudy rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

export interface StudyRun {
  readonly study: Study;
  /** Rows in cell order; within a cell: methods × metrics, model diagnostics, formulas. */
  readonly rows: ResultRow[];
  /** The config as run (seed and replications overrides applied): stored in the Arrow metadata. */
  readonly config: StudyConfig;
  readonly seed?: number;
  readonly replications?: number;
  readonly workers: number;
  readonly chunkSize: number;
  readonly wallTimeMs: number;
  /** Cells taken from checkpoints. */
  readonly resumedCells: number;
  /** Files written (when outDir was given). */
  readonly files?: { readonly arrow: string; readonly runInfo: string };
}

function positiveInteger(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
    throw new ConfigError(name, value, 'an integer ≥ 1');
  }
}

interface Simulation {
  readonly study: SimulationStudy;
  readonly executor: ChunkExecutor;
  readonly pending: readonly number[];
  readonly seed: number;
  readonly replications: number;
  readonly caps: readonly number[];
  readonly chunkSize: number;
  readonly maxInFlight: number;
  readonly signal?: AbortSignal;
  readonly onCell: (cell: number, rows: ResultRow[]) => void;
  readonly onChunk: (count: number) => void;
}

/** Runs the pending cells' chunks, consuming each cell's records in replication order. */
function simulate(sim: Simulation): Promise<void> {
  const { study, executor, replications, chunkSize } = sim;
  const tasks = (function* () {
    for (const cell of sim.pending) {
      for (let start = 0; start < replications; start += chunkSize) {
        yield { cell, start, count: Math.min(chunkSize, replications - start) };
      }
    }
  })();
  const cells = new Map<
    number,
    { aggregator: CellAggregator; arrived: Map<number, [Float64Array, number]> }
  >();
  return new Promise<void>((resolve, reject) => {
    let outstanding = 0;
    let exhausted = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const consume = (cell: number, start: number, records: Float64Array, count: number) => {
      const state = cells.get(cell)!;
      state.arrived.set(start, [records, count]);
      for (
        let next = state.arrived.get(state.aggregator.nextReplication);
        next;
        next = state.arrived.get(state.aggregator.nextReplication)
      ) {
        const at = state.aggregator.nextReplication;
        state.aggregator.add(next[0], at, next[1]);
        state.arrived.delete(at);
        outstanding--;
        sim.onChunk(next[1]);
      }
      if (state.aggregator.complete) {
        cells.delete(cell);
        sim.onCell(cell, state.aggregator.rows());
      }
    };
    const pump = () => {
      if (settled) return;
      while (!exhausted && !sim.signal?.aborted && outstanding < sim.maxInFlight) {
        const next = tasks.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        const { cell, start, count } = next.value;
        if (!cells.has(cell)) {
          cells.set(cell, {
            aggregator: new CellAggregator(study, cell, sim.caps, replications),
            arrived: new Map(),
          });
        }
        const task: ChunkTask = {
          studyKey: study.fingerprint,
          config: study.config,
          baseDir: study.baseDir,
          cell,
          seed: sim.seed,
          start,
          count,
          caps: sim.caps,
        };
        outstanding++;
        executor.run(task).then(
          (records) => {
            if (settled) return;
            try {
              consume(cell, start, records, count);
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
        if (sim.signal?.aborted) fail(sim.signal.reason ?? new Error('run aborted'));
        else if (exhausted) {
          settled = true;
          resolve();
        }
      }
    };
    pump();
  });
}

/** Runs `study` (see the module comment) and returns its rows with expectations attached. */
export async function runStudy(study: Study, options: RunOptions = {}): Promise<StudyRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  positiveInteger('replications', options.replications);
  positiveInteger('chunkSize', options.chunkSize);
  if (
    options.seed !== undefined &&
    !(Number.isInteger(options.seed) && options.seed >= 0 && options.seed <= 4294967295)
  ) {
    throw new ConfigError('seed', options.seed, 'an integer in [0, 4294967295]');
  }
  const hasModel = study.kind === 'simulation';
  const seed = hasModel ? (options.seed ?? study.seed) : undefined;
  const replications = hasModel ? (options.replications ?? study.replications) : undefined;
  const config: StudyConfig = hasModel ? { ...study.config, seed, replications } : study.config;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const version = evalsimVersion();
  const store = options.outDir
    ? new CheckpointStore(options.outDir, study, checkpointKey(study, seed, replications, version))
    : undefined;
  if (store && !options.resume) store.clear();
  const finished = store && options.resume ? store.load() : new Map<number, ResultRow[]>();
  const resumedCells = finished.size;
  const cellCount = study.cells.length;
  const perCell = replications ?? 0;
  let cellsDone = finished.size;
  let replicationsDone = finished.size * perCell;
  let replicationsRun = 0;
  const report = () =>
    options.onProgress?.({
      study: study.name,
      cellsDone,
      cellsTotal: cellCount,
      replicationsDone,
      replicationsTotal: cellCount * perCell,
      replicationsRun,
      elapsedMs: performance.now() - started,
    });
  report();

  const pending = study.cells.map((cell) => cell.index).filter((cell) => !finished.has(cell));
  let workers = 0;
  if (study.kind === 'simulation' && pending.length > 0) {
    shareStudy(study);
    const executor = options.pool ?? createStudyPool({ workers: options.workers ?? defaultWorkerCount() });
    workers = executor.workers;
    try {
      await simulate({
        study,
        executor,
        pending,
        seed: seed!,
        replications: replications!,
        caps: study.methods.map((m) => Math.min(m.replications ?? replications!, replications!)),
        chunkSize,
        maxInFlight: options.maxInFlight ?? Math.max(4, 4 * executor.workers),
        ...(options.signal ? { signal: options.signal } : {}),
        onCell(cell, rows) {
          finished.set(cell, rows);
          store?.save(cell, rows);
          cellsDone++;
          report();
        },
        onChunk(count) {
          replicationsDone += count;
          replicationsRun += count;
          report();
        },
      });
    } finally {
      if (!options.pool) await executor.close();
    }
  } else if (!hasModel) {
    cellsDone = cellCount;
    report();
  }

  const rows = attachExpectations(
    study,
    study.cells.flatMap((cell) => [...(finished.get(cell.index) ?? []), ...formulaRows(study, cell.index)]),
  );
  const wallTimeMs = performance.now() - started;
  let files: StudyRun['files'];
  if (options.outDir) {
    const arrow = join(options.outDir, `${study.name}.arrow`);
    const runInfo = join(options.outDir, `${study.name}.run.json`);
    writeResultsArrow(arrow, rows, {
      gridKeys: study.gridKeys,
      config,
      version,
      ...(seed !== undefined ? { seed } : {}),
      ...(replications !== undefined ? { replications } : {}),
    });
    writeRunInfo(runInfo, {
      study: study.name,
      startedAt,
      wallTimeSeconds: Math.round(wallTimeMs) / 1000,
      workers,
      chunkSize,
      ...(seed !== undefined ? { seed } : {}),
      ...(replications !== undefined ? { replications } : {}),
      resumedCells,
      evalsimVersion: version,
      node: process.version,
      cpu: machineDescription(),
    });
    store?.clear();
    files = { arrow, runInfo };
  }
  return {
    study,
    rows,
    config,
    ...(seed !== undefined ? { seed } : {}),
    ...(replications !== undefined ? { replications } : {}),
    workers,
    chunkSize,
    wallTimeMs,
    resumedCells,
    ...(files ? { files } : {}),
  };
}
