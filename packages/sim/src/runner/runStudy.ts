/**
 * runStudy: runs a validated study and returns its tidy rows (and, with an `outDir`,
 * writes `<outDir>/<name>.arrow` and the `.runs/<name>.run.json` sidecar).
 *
 * Work is split into chunks of `chunkSize` replications of one cell, run on a piscina
 * pool (or in this thread with workers 0); simulateCells feeds each cell's metric
 * accumulators strictly in replication order, so results are byte-identical for any
 * worker count and chunk size.
 *
 * Each finished cell is checkpointed; `resume` reuses finished cells of the same run
 * (same study, user modules, seed, replications and version). `keep` also writes every
 * replication's results and/or item-level answers to their own Arrow files
 * (keptOutput.ts), as flat in memory and as deterministic as the summary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigError } from '../base/errors.js';
import type { SimulationStudy, Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import { resultsToArrow } from '../output/arrowResults.js';
import type { KeptKind } from '../output/keptMetadata.js';
import { prepareOutputDirectory } from '../output/prepareOutputDirectory.js';
import { type Publication, publishFiles } from '../output/publishFiles.js';
import type { ResultRow } from '../output/resultRow.js';
import { machineDescription, RUN_INFO_DIR, runInfoText } from '../output/runInfo.js';
import { acquireRunLock, runLockPath } from '../output/runLock.js';
import { evalsimVersion } from '../output/version.js';
import { formulaRows } from './cellAggregator.js';
import { CheckpointStore, checkpointKey } from './checkpoint.js';
import { type ChunkExecutor, createStudyPool, defaultWorkerCount } from './chunkExecutor.js';
import { shareStudy } from './executeChunk.js';
import { attachExpectations } from './expectations.js';
import { type InvalidIntervalReport, InvalidIntervals } from './invalidIntervals.js';
import { type KeepPaths, KeptOutput } from './keptOutput.js';
import type { RunProgress } from './runProgress.js';
import { simulateCells } from './simulateCells.js';
import { discardStaleCheckpoints } from './staleCheckpoints.js';

export const DEFAULT_CHUNK_SIZE = 250;

/** What `keep` can ask for: every replication's method results, every item-level answer. */
export const KEEP_KINDS: readonly KeptKind[] = ['replications', 'answers'];

/** Options of runStudy; an option given as undefined is the same as one left out. */
export interface RunOptions {
  /** Worker threads (default: available parallelism; 0 = in this thread). Ignored when `pool` is given. */
  readonly workers?: number | undefined;
  /** A pool to reuse across studies (createStudyPool); runStudy does not close it. */
  readonly pool?: ChunkExecutor | undefined;
  /** Override the study's replications per cell (method caps still apply, never above this). */
  readonly replications?: number | undefined;
  /** Override the study's seed. */
  readonly seed?: number | undefined;
  /**
   * Directory for `<name>.arrow`, `.runs/<name>.run.json` (timings and machine, kept apart so a
   * results directory under version control stays clean) and `.checkpoints/`; nothing is written without it.
   */
  readonly outDir?: string | undefined;
  /** Reuse finished cells checkpointed by an earlier run of the same study, seed and replications. */
  readonly resume?: boolean | undefined;
  /** Replications per work unit (default 250); results do not depend on it. */
  readonly chunkSize?: number | undefined;
  /** Chunks dispatched but not yet consumed (default 4 per worker, at least 4). */
  readonly maxInFlight?: number | undefined;
  /**
   * Per-replication output to keep: 'replications' (each method's result in every
   * replication, `<outDir>/<name>.replications.arrow`) and/or 'answers' (every item-level
   * answer, `<outDir>/<name>.answers.arrow`; models that keep answers only).
   */
  readonly keep?: readonly KeptKind[] | undefined;
  /** Paths of kept files instead of the default names (a kept kind needs one when there is no `outDir`). */
  readonly keepPaths?: KeepPaths | undefined;
  readonly onProgress?: ((progress: RunProgress) => void) | undefined;
  /** A message for the user that is not an error (e.g. a stale lock of a dead run taken over). */
  readonly onNotice?: ((message: string) => void) | undefined;
  /** Aborting stops dispatching; finished cells stay checkpointed; runStudy rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
}

export interface StudyRun {
  readonly study: Study;
  /** Rows in cell order; within a cell: methods × metrics, model diagnostics, formulas. */
  readonly rows: ResultRow[];
  /** The config as run (seed and replications overrides applied): stored in the Arrow metadata. */
  readonly config: StudyConfig;
  /** The seed and replications run (absent for a formula study). */
  readonly seed?: number;
  readonly replications?: number;
  readonly workers: number;
  readonly chunkSize: number;
  readonly wallTimeMs: number;
  /** Cells taken from checkpoints. */
  readonly resumedCells: number;
  /** Methods that gave invalid intervals (lower > upper, one NaN bound), counted as degenerate: per cell, with the first replication. Simulated cells only. */
  readonly invalidIntervals: readonly InvalidIntervalReport[];
  /** Files written: the results and run info (with `outDir`) and every kept file. */
  readonly files: {
    readonly arrow?: string;
    readonly runInfo?: string;
    readonly replications?: string;
    readonly answers?: string;
  };
}

function positiveInteger(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
    throw new ConfigError(name, value, 'an integer ≥ 1');
  }
}

/** Where each requested kind is kept. */
function keepPaths(study: Study, options: RunOptions): KeepPaths {
  const paths: { -readonly [K in KeptKind]?: string } = {};
  for (const [i, kind] of (options.keep ?? []).entries()) {
    if (!KEEP_KINDS.includes(kind))
      throw new ConfigError(`keep[${i}]`, kind, `one of ${KEEP_KINDS.join(', ')}`);
    if (study.kind !== 'simulation')
      throw new ConfigError('keep', kind, 'nothing: a formula study has no replications');
    const path =
      options.keepPaths?.[kind] ??
      (options.outDir !== undefined ? join(options.outDir, `${study.name}.${kind}.arrow`) : undefined);
    if (path === undefined) throw new ConfigError('keep', kind, `an outDir, or a path in keepPaths.${kind}`);
    paths[kind] = path;
  }
  return paths;
}

/** The options runStudy checks before it touches the output directory. */
function checkRunOptions(options: RunOptions): void {
  positiveInteger('replications', options.replications);
  positiveInteger('chunkSize', options.chunkSize);
  if (
    options.seed !== undefined &&
    !(Number.isInteger(options.seed) && options.seed >= 0 && options.seed <= 4294967295)
  ) {
    throw new ConfigError('seed', options.seed, 'an integer in [0, 4294967295]');
  }
}

/** The names (relative to `outDir`) of the files and folders a run of `study` writes there: the probe's candidates. */
function outputFileNames(study: Study, outDir: string, keep: KeepPaths): string[] {
  const names = [
    `${study.name}.arrow`,
    join(RUN_INFO_DIR, `${study.name}.run.json`),
    join('.checkpoints', `${study.name}-0123456789abcdef`, `cell-${study.cells.length}.json`),
    runLockPath('', study.name),
  ];
  for (const path of Object.values(keep)) {
    const relative = path.startsWith(outDir) ? path.slice(outDir.length + 1) : undefined;
    if (relative) names.push(relative);
  }
  return names;
}

/**
 * Runs `study` (see the module comment) and returns its rows with expectations attached.
 * With an `outDir`, the directory is checked and locked before any work
 * (prepareOutputDirectory, acquireRunLock); the lock is released however the run ends.
 */
export async function runStudy(study: Study, options: RunOptions = {}): Promise<StudyRun> {
  checkRunOptions(options);
  const keep = keepPaths(study, options);
  if (options.outDir === undefined) return runInDirectory(study, options, keep);
  // robust: the output directory is checked and locked before any work (issue 8 item 3)
  prepareOutputDirectory(options.outDir, outputFileNames(study, options.outDir, keep));
  const lock = acquireRunLock(options.outDir, study.name);
  if (lock.notice !== undefined) options.onNotice?.(lock.notice);
  try {
    return await runInDirectory(study, options, keep);
  } finally {
    lock.release();
  }
}

async function runInDirectory(study: Study, options: RunOptions, keep: KeepPaths): Promise<StudyRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const simulation: SimulationStudy | undefined = study.kind === 'simulation' ? study : undefined;
  // The seed and replications a simulation runs with (overrides applied); none for formulas.
  const effective = simulation && {
    seed: options.seed ?? simulation.seed,
    replications: options.replications ?? simulation.replications,
  };
  const config: StudyConfig = effective ? { ...study.config, ...effective } : study.config;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const version = evalsimVersion();
  const key = checkpointKey(study, effective?.seed, effective?.replications, version);
  const store = options.outDir ? new CheckpointStore(options.outDir, study, key) : undefined;
  // robust: checkpoints of other inputs (or seed, replications, version) are discarded and counted
  const staleCheckpoints = options.outDir ? discardStaleCheckpoints(options.outDir, study.name, key) : 0;
  if (store && !options.resume) store.clear();
  const finished = store && options.resume ? store.load() : new Map<number, ResultRow[]>();

  const caps =
    simulation && effective
      ? simulation.methods.map((m) =>
          Math.min(m.replications ?? effective.replications, effective.replications),
        )
      : [];
  const keeping = simulation !== undefined && Object.keys(keep).length > 0;
  const spoolDir = !keeping
    ? undefined
    : store
      ? join(store.directory, 'kept')
      : mkdtempSync(join(tmpdir(), 'evalsim-kept-'));
  const kept =
    simulation && effective && spoolDir
      ? new KeptOutput({ study: simulation, config, ...effective, version, caps }, spoolDir, keep)
      : undefined;
  // A cell checkpointed without the spools asked for now is simulated again.
  if (kept) for (const cell of [...finished.keys()]) if (!kept.hasCell(cell)) finished.delete(cell);
  const resumedCells = finished.size;
  if (options.resume) {
    const discarded = staleCheckpoints === 1 ? '1 stale checkpoint' : `${staleCheckpoints} stale checkpoints`;
    options.onNotice?.(
      `reused ${resumedCells} of ${study.cells.length} cells${staleCheckpoints > 0 ? `; ${discarded} discarded (an input, the seed, the replications or the version changed)` : ''}`,
    );
  }

  const cellCount = study.cells.length;
  const perCell = effective?.replications ?? 0;
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

  let workers = 0;
  const invalid = simulation ? new InvalidIntervals(simulation) : undefined; // robust: issue 8 item 7
  try {
    const pending = study.cells.map((cell) => cell.index).filter((cell) => !finished.has(cell));
    if (simulation && effective && pending.length > 0) {
      shareStudy(simulation);
      const executor = options.pool ?? createStudyPool({ workers: options.workers ?? defaultWorkerCount() });
      workers = executor.workers;
      try {
        await simulateCells({
          study: simulation,
          executor,
          pending,
          seed: effective.seed,
          replications: effective.replications,
          caps,
          chunkSize,
          maxInFlight: options.maxInFlight ?? Math.max(4, 4 * executor.workers),
          keepAnswers: kept?.keepsAnswers ?? false,
          signal: options.signal,
          onChunk(cell, output, count) {
            kept?.append(cell, output);
            invalid?.add(cell, output.records, count);
            replicationsDone += count;
            replicationsRun += count;
            report();
          },
          onCell(cell, rows) {
            kept?.finishCell(cell);
            finished.set(cell, rows);
            store?.save(cell, rows);
            cellsDone++;
            report();
          },
        });
      } finally {
        if (!options.pool) await executor.close();
      }
    } else if (!simulation) {
      cellsDone = cellCount;
      report();
    }

    const rows = attachExpectations(
      study,
      study.cells.flatMap((cell) => [...(finished.get(cell.index) ?? []), ...formulaRows(study, cell.index)]),
    );
    const wallTimeMs = performance.now() - started;
    const invalidIntervals = invalid?.report() ?? [];
    const files: { -readonly [K in keyof StudyRun['files']]: string } = {};
    // robust: the results, kept files and run info are published together (issue 8 item 3)
    const publications: Publication[] = [];
    if (options.outDir) {
      files.arrow = join(options.outDir, `${study.name}.arrow`);
      const metadata = { gridKeys: study.gridKeys, config, version, ...effective, inputs: study.inputs };
      publications.push({ path: files.arrow, bytes: resultsToArrow(rows, metadata) });
    }
    for (const { kind, path, writer } of kept?.publications() ?? []) {
      files[kind] = path;
      publications.push({ path, writer });
    }
    if (options.outDir) {
      files.runInfo = join(options.outDir, RUN_INFO_DIR, `${study.name}.run.json`);
      const info = {
        study: study.name,
        startedAt,
        wallTimeSeconds: Math.round(wallTimeMs) / 1000,
        workers,
        chunkSize,
        ...effective,
        resumedCells,
        ...(invalidIntervals.length > 0 ? { invalidIntervals } : {}),
        evalsimVersion: version,
        node: process.version,
        cpu: machineDescription(),
      };
      publications.push({ path: files.runInfo, bytes: runInfoText(info) });
    }
    publishFiles(publications);
    store?.clear();
    return {
      study,
      rows,
      config,
      ...effective,
      workers,
      chunkSize,
      wallTimeMs,
      resumedCells,
      invalidIntervals,
      files,
    };
  } finally {
    kept?.dispose();
    if (spoolDir && !store) rmSync(spoolDir, { recursive: true, force: true });
  }
}
