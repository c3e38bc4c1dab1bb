/**
 * runStudy: runs a validated study and returns its tidy rows (and, with an `outDir`,
 * writes `<outDir>/<name>.arrow` and the `.runs/<name>.run.json` sidecar).
 *
 * Each cell's replications are cut into canonical blocks of BLOCK_SIZE (blocks.ts); work goes
 * out in chunks of whole blocks to a piscina pool (or this thread with workers 0); a worker
 * folds each block into a mergeable partial, and the main thread folds a cell's partials in
 * block order (cellFold.ts), so results are byte-identical for any worker count, chunk size,
 * resume point or shard split.
 *
 * Each finished cell is checkpointed (at most 0.5 s behind, checkpoint.ts); `resume` reuses
 * finished cells of the same run (same inputs — config, modules with their imports, data files —
 * seed, replications and version) and discards stale ones. With an `outDir`, the directory is checked and locked
 * before any work, and the results, kept files and run info are published together. `keep`
 * also writes every replication's results and/or item-level answers to their own Arrow files
 * (keptOutput.ts). `shard` computes one shard's blocks into a partial-result file
 * (partialFile.ts) for `evalsim merge`; `targetMcse` runs batches until a precision is reached
 * (targetMcse.ts); `chunkTimeout` and `workerMemoryMb` stop a stuck or runaway method, named (a
 * study with user code has a default time limit, DEFAULT_CHUNK_TIMEOUT_SECONDS, and its process's
 * memory, ArrayBuffers included, is watched against the workers' limits: memoryWatch.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ConfigError } from '../base/errors.js';
import type { SimulationStudy, Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import type { KeptKind } from '../output/keptMetadata.js';
import { parquetFromArrow, parquetPathOf } from '../output/parquetFromArrow.js';
import { prepareOutputDirectory } from '../output/prepareOutputDirectory.js';
import { type Publication, publishFiles } from '../output/publishFiles.js';
import type { ResultRow } from '../output/resultRow.js';
import { machineDescription, RUN_INFO_DIR, runInfoText } from '../output/runInfo.js';
import { acquireRunLock, runLockPath } from '../output/runLock.js';
import { evalsimVersion } from '../output/version.js';
import { BLOCK_SIZE } from './blocks.js';
import { CellFold } from './cellFold.js';
import { CheckpointStore, checkpointKey } from './checkpoint.js';
import {
  type ChunkExecutor,
  computingThreads,
  createInProcessExecutor,
  createStudyPool,
  DEFAULT_WORKER_MEMORY_MB,
  defaultWorkerCount,
} from './chunkExecutor.js';
import { blockStates } from './chunkOutput.js';
import { defaultChunkSize, MIN_DEFAULT_CHUNK } from './chunkSize.js';
import { shareStudy } from './executeChunk.js';
import { attachExpectations } from './expectations.js';
import { formulaRows } from './formulaRows.js';
import { computeFormulasBetweenChunks } from './formulasBetweenChunks.js';
import { type InvalidIntervalReport, invalidIntervalReports } from './invalidIntervals.js';
import { type KeepPaths, KeptOutput } from './keptOutput.js';
import { methodCaps } from './methodCaps.js';
import { type PartialPiece, partialFileName, writePartialFile } from './partialFile.js';
import { createProbingExecutor, STARTED_WORKERS_PAY_AFTER_SECONDS } from './probingExecutor.js';
import { resultsPublication } from './publishResults.js';
import type { RunProgress } from './runProgress.js';
import { shardPieces } from './shardPieces.js';
import { type CellPiece, simulateCells } from './simulateCells.js';
import { discardStaleCheckpoints } from './staleCheckpoints.js';
import { defaultTargetCap, largestMcse } from './targetMcse.js';
import { chunkCount, threadsForWork, USER_CODE_ROLES } from './workerCount.js';
import { TASKS_PER_THREAD, type WorkerThread } from './workerThread.js';

/** The chunk size under a per-chunk time limit (otherwise chunkSize.ts chooses from the work). */
export const DEFAULT_CHUNK_SIZE = MIN_DEFAULT_CHUNK;

/**
 * The time limit of a chunk of a study with user code when none is given, seconds: a user method
 * or model in an endless loop stops the run, named, after this long instead of hanging it. It is
 * generous — a chunk is cut to take about 0.01 s, at least one block of 100 replications
 * (chunkSizer.ts), so only a method above 6 s per replication reaches it — and `chunkTimeout`
 * raises it or (0) turns it off.
 */
export const DEFAULT_CHUNK_TIMEOUT_SECONDS = 600;

/** What `keep` can ask for: every replication's method results, every item-level answer. */
export const KEEP_KINDS: readonly KeptKind[] = ['replications', 'answers'];

/** Options of runStudy; an option given as undefined is the same as one left out. */
export interface RunOptions {
  /**
   * Computing threads (default: available parallelism): for built-in blocks this thread and
   * workers − 1 worker threads (0 = 1 = this thread alone); for user code, worker threads only.
   * Never more than the run has chunks; with the default, a small run runs in this thread
   * (workerCount.ts). Ignored when `pool` is given.
   */
  readonly workers?: number | undefined;
  /** A pool to reuse across studies (createStudyPool); runStudy does not close it. */
  readonly pool?: ChunkExecutor | undefined;
  /**
   * A worker thread started before the study was validated (startWorkerThread, with the heap
   * limit `workerMemoryMb`): the first thread of the pool when the run uses threads; runStudy
   * closes it in every case. Ignored (and closed) when `pool` is given.
   */
  readonly warm?: WorkerThread | undefined;
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
  /** Replications per work unit (default from the work: chunkSize.ts; rounded up to whole blocks of BLOCK_SIZE); results do not depend on it. */
  readonly chunkSize?: number | undefined;
  /** Chunks running at once (default the pool's tasksPerThread, else TASKS_PER_THREAD, per computing thread, at least 4); see simulateCells for the chunks that may wait. */
  readonly maxInFlight?: number | undefined;
  /**
   * Per-replication output to keep: 'replications' (each method's result in every
   * replication, `<outDir>/<name>.replications.arrow`) and/or 'answers' (every item-level
   * answer, `<outDir>/<name>.answers.arrow`; models that keep answers only).
   */
  readonly keep?: readonly KeptKind[] | undefined;
  /** Paths of kept files instead of the default names (a kept kind needs one when there is no `outDir`). */
  readonly keepPaths?: KeepPaths | undefined;
  /**
   * Also write every Arrow table of the run as Parquet beside it (`x.arrow` → `x.parquet`: the
   * results and each kept file; output/parquetFromArrow.ts), published with them. Not with `shard`.
   */
  readonly parquet?: boolean | undefined;
  readonly onProgress?: ((progress: RunProgress) => void) | undefined;
  /** A message for the user that is not an error (e.g. a stale lock of a dead run taken over). */
  readonly onNotice?: ((message: string) => void) | undefined;
  /** Aborting stops dispatching; finished cells stay checkpointed; runStudy rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Compute only shard `index` of `count` (shard/planShards.ts: block-aligned, balanced by
   * replications) and write its block partials to `<outDir>/<name>.shard-<i>-of-<N>.partial`
   * (partialFile.ts) instead of the results; `evalsim merge` folds the shards' files into the
   * same bytes as a whole run. Needs `outDir`; no `keep`, no checkpoints (a shard reruns whole).
   */
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
  /**
   * Per-chunk time limit, seconds, counted from the chunk's start on its thread: a chunk still
   * running then has its worker terminated and the run fails naming the method and replication
   * it was in. Given (> 0), it covers every chunk: chunks then run on worker threads only (a
   * chunk in this thread cannot be interrupted; refused with workers 0; a run that would run in
   * process by the worker-count rule gets one worker) and are cut at DEFAULT_CHUNK_SIZE. Not
   * given: a study with user code (a model or method module: its chunks always run on worker
   * threads) has DEFAULT_CHUNK_TIMEOUT_SECONDS, a watchdog that changes nothing else about the
   * run; built-in blocks, which always finish, have none. 0: no limit at all.
   */
  readonly chunkTimeout?: number | undefined;
  /**
   * Memory of each worker thread, MB (default 4096): its V8 heap limit (a method past it fails
   * named, alone), and, for chunks that can be stopped (user code, a time limit), the process's
   * resident memory is held within workers × this (ArrayBuffers included: memoryWatch.ts).
   */
  readonly workerMemoryMb?: number | undefined;
  /**
   * Run batches of `replications` per cell until every method × metric MCSE of the cell is at
   * most this (targetMcse.ts); not with `shard` or `keep`.
   */
  readonly targetMcse?: number | undefined;
  /** The cap of a targeted run, replications per cell (default min(MAX_REPLICATIONS, 100 × replications)). */
  readonly maxReplications?: number | undefined;
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
  /** Worker threads the run started (or the shared pool had). */
  readonly workers: number;
  /** Computing threads: the worker threads, and this thread when it computed too (workerCount.ts). */
  readonly threads: number;
  readonly chunkSize: number;
  readonly wallTimeMs: number;
  /** Cells taken from checkpoints. */
  readonly resumedCells: number;
  /** Checkpoint files of the same study written under another key (other inputs), discarded. */
  readonly staleCheckpoints: number;
  /** Methods that gave invalid intervals (lower > upper, one NaN bound), counted as degenerate: per cell, with the first replication. Simulated cells only. */
  readonly invalidIntervals: readonly InvalidIntervalReport[];
  /** With `targetMcse`: replications run per cell, the cap, and the cells stopped at it above the target. */
  readonly target?:
    | {
        readonly mcse: number;
        readonly cap: number;
        readonly replications: readonly number[];
        readonly capped: readonly number[];
      }
    | undefined;
  /** Files written: the results and run info (with `outDir`) and every kept file. */
  readonly files: {
    readonly arrow?: string;
    readonly runInfo?: string;
    readonly replications?: string;
    readonly answers?: string;
    /** With `parquet`: the Parquet twins of the results and kept files, in that order. */
    readonly parquet?: readonly string[];
    /** With `shard`: the partial-result file. */
    readonly partial?: string;
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

/** The names (relative to `outDir`) of the files and folders a run of `study` writes there: the probe's candidates. */
function outputFileNames(
  study: Study,
  outDir: string,
  keep: KeepPaths,
  shard: RunOptions['shard'],
  parquet: boolean,
): string[] {
  const names = [
    `${study.name}.arrow`,
    ...(parquet ? [`${study.name}.parquet`] : []),
    join(RUN_INFO_DIR, `${study.name}.run.json`),
    join('.checkpoints', `${study.name}-0123456789abcdef`, `cell-${study.cells.length}.json`),
    runLockPath('', study.name),
  ];
  if (shard) names.push(partialFileName(study.name, shard.index, shard.count));
  for (const path of Object.values(keep)) {
    for (const file of parquet ? [path, parquetPathOf(path)] : [path]) {
      const relative = file.startsWith(outDir) ? file.slice(outDir.length + 1) : undefined;
      if (relative) names.push(relative);
    }
  }
  return names;
}

/**
 * Runs `study` (see the module comment) and returns its rows with expectations attached.
 * With an `outDir`, the directory is checked and locked before any work
 * (prepareOutputDirectory, acquireRunLock); the lock is released however the run ends. A
 * shard writes only its partial file, so shards of one study may share a directory unlocked.
 */
export async function runStudy(study: Study, options: RunOptions = {}): Promise<StudyRun> {
  try {
    return await runChecked(study, options);
  } finally {
    // Unused (a run in this thread, nothing left to simulate, an error) or already closed with its pool.
    await options.warm?.close();
  }
}

async function runChecked(study: Study, options: RunOptions): Promise<StudyRun> {
  checkRunOptions(options);
  const keep = keepPaths(study, options);
  if (options.outDir === undefined) return runInDirectory(study, options, keep);
  const output = prepareOutputDirectory(
    options.outDir,
    outputFileNames(study, options.outDir, keep, options.shard, options.parquet === true),
    { inputs: studyInputFiles(study) },
  );
  try {
    if (options.shard) return await runInDirectory(study, options, keep);
    const lock = acquireRunLock(options.outDir, study.name);
    if (lock.notice !== undefined) options.onNotice?.(lock.notice);
    try {
      return await runInDirectory(study, options, keep);
    } finally {
      lock.release();
    }
  } catch (error) {
    // Directories the check created and nothing was written into (checkpoints stay).
    output.discard();
    throw error;
  }
}

/** The absolute paths of the files a run of `study` reads (its study file, modules, data). */
export function studyInputFiles(study: Study): string[] {
  return study.inputs
    .filter((input) => input.role !== 'package')
    .map((input) => resolve(study.baseDir, input.path));
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
  if (options.chunkTimeout !== undefined) {
    if (!(Number.isFinite(options.chunkTimeout) && options.chunkTimeout >= 0)) {
      throw new ConfigError(
        'chunkTimeout',
        options.chunkTimeout,
        'a number of seconds > 0, or 0 for no limit',
      );
    }
    if (options.chunkTimeout > 0 && (options.workers === 0 || options.pool?.workers === 0)) {
      throw new ConfigError(
        'chunkTimeout',
        options.chunkTimeout,
        'worker threads: a chunk running in this thread (--workers 0) cannot be stopped; use --workers 1 or more',
      );
    }
  }
  positiveInteger('workerMemoryMb', options.workerMemoryMb);
  positiveInteger('maxReplications', options.maxReplications);
  const targetMcse = options.targetMcse;
  if (targetMcse !== undefined) {
    if (!(Number.isFinite(targetMcse) && targetMcse > 0)) {
      throw new ConfigError('targetMcse', targetMcse, 'a number > 0');
    }
    if (options.shard)
      throw new ConfigError(
        'targetMcse',
        targetMcse,
        "nothing with --shard (a shard cannot see the other shards' precision)",
      );
    if ((options.keep ?? []).length > 0)
      throw new ConfigError('targetMcse', targetMcse, 'nothing with --keep');
  }
  if (options.shard) {
    if (options.outDir === undefined) throw new ConfigError('shard', 'an outDir for the partial-result file');
    if ((options.keep ?? []).length > 0) {
      throw new ConfigError(
        'keep',
        options.keep!.join(', '),
        'nothing with --shard: per-replication output is not sharded; run the study whole to keep replications',
      );
    }
  }
}

async function runInDirectory(study: Study, options: RunOptions, keep: KeepPaths): Promise<StudyRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { shard, targetMcse } = options;
  // A limit given for every chunk (0, none, is not one); the default watchdog is set below.
  const timeLimit = options.chunkTimeout ? options.chunkTimeout : undefined;
  const simulation: SimulationStudy | undefined = study.kind === 'simulation' ? study : undefined;
  // The seed and replications a simulation runs with (overrides applied); none for formulas.
  const effective = simulation && {
    seed: options.seed ?? simulation.seed,
    replications: options.replications ?? simulation.replications,
  };
  const config: StudyConfig = effective ? { ...study.config, ...effective } : study.config;
  const chunkSize =
    options.chunkSize ??
    (effective && timeLimit === undefined
      ? defaultChunkSize(
          effective.replications,
          options.workers ?? (options.pool && computingThreads(options.pool)) ?? defaultWorkerCount(),
        )
      : DEFAULT_CHUNK_SIZE);
  const version = evalsimVersion();
  const key = checkpointKey(
    study,
    effective?.seed,
    effective?.replications,
    version,
    targetMcse,
    options.maxReplications,
  );
  const store = options.outDir && !shard ? new CheckpointStore(options.outDir, study, key) : undefined;
  // Checkpoints of other inputs (or seed, replications, version) are discarded and counted.
  const staleCheckpoints =
    store && options.outDir ? discardStaleCheckpoints(options.outDir, study.name, key) : 0;
  if (store && !options.resume) store.clear();
  const finished = store && options.resume ? store.load() : new Map<number, ResultRow[]>();

  const cap =
    effective && targetMcse !== undefined
      ? Math.max(effective.replications, options.maxReplications ?? defaultTargetCap(effective.replications))
      : undefined;
  // A targeted run's caps are the methods' own or the cap: batches continue each cell's sequence.
  const caps = simulation && effective ? methodCaps(simulation, cap ?? effective.replications) : [];
  const cellReplications = study.cells.map(() => effective?.replications ?? 0);
  const capped: number[] = [];
  const keeping = simulation !== undefined && Object.keys(keep).length > 0;
  const spoolDir = !keeping
    ? undefined
    : store
      ? join(store.directory, 'kept')
      : mkdtempSync(join(tmpdir(), 'evalsim-kept-'));
  const kept =
    simulation && effective && spoolDir
      ? new KeptOutput(
          { study: simulation, config, ...effective, version, caps },
          spoolDir,
          keep,
          options.parquet === true,
        )
      : undefined;
  // A cell checkpointed without the spools asked for now is simulated again.
  if (kept) for (const cell of [...finished.keys()]) if (!kept.hasCell(cell)) finished.delete(cell);
  const resumedCells = finished.size;

  const cellCount = study.cells.length;
  const perCell = effective?.replications ?? 0;
  let pieces: CellPiece[] =
    simulation && effective
      ? shard
        ? shardPieces(simulation, effective.replications, shard.index, shard.count)
        : study.cells
            .map((cell) => ({ cell: cell.index, start: 0, end: effective.replications }))
            .filter((piece) => !finished.has(piece.cell))
      : [];
  const shardPlan = pieces; // (a targeted run replaces `pieces` batch by batch; shards are never targeted)
  let cellsDone = shard ? 0 : finished.size;
  let replicationsDone = shard ? 0 : finished.size * perCell;
  let replicationsRun = 0;
  let replicationsTotal = shard ? pieces.reduce((n, p) => n + p.end - p.start, 0) : cellCount * perCell;
  const report = () =>
    options.onProgress?.({
      study: study.name,
      cellsDone,
      cellsTotal: shard ? pieces.length : cellCount,
      replicationsDone,
      replicationsTotal,
      replicationsRun,
      elapsedMs: performance.now() - started,
    });
  report();

  let workers = 0;
  let mainThread = true;
  let closing: Promise<void> | undefined;
  const folds = new Map<number, CellFold>();
  const invalid: InvalidIntervalReport[] = [];
  const shardBlocks = new Map<CellPiece, Float64Array[]>();
  try {
    if (simulation && effective && pieces.length > 0) {
      shareStudy(simulation);
      const chunks = chunkCount(
        pieces.map((p) => p.end - p.start),
        Math.ceil(chunkSize / BLOCK_SIZE) * BLOCK_SIZE,
      );
      // User code never runs in this thread (workerCount.ts): a shared in-process pool is set aside.
      const userCode = study.inputs.some((input) => USER_CODE_ROLES.has(input.role));
      const pool = options.pool && !(userCode && options.pool.workers === 0) ? options.pool : undefined;
      const plan = threadsForWork(
        options.workers ?? (options.pool && computingThreads(options.pool)) ?? defaultWorkerCount(),
        chunks,
        options.workers !== undefined || timeLimit !== undefined || options.pool !== undefined,
        pieces.reduce((n, p) => n + p.end - p.start, 0) * Math.max(1, simulation.methods.length),
        userCode || timeLimit !== undefined,
      );
      const threads = () =>
        createStudyPool({ ...plan, workerMemoryMb: options.workerMemoryMb, warm: options.warm });
      // Built-in blocks: the first chunk runs here, timed, and workers are used only if they pay
      // (probingExecutor.ts) — also those of a shared pool this thread computes in (never closed
      // here), unless the chunks are fixed (--chunk-size, --chunk-timeout).
      const replicationsToRun = pieces.reduce((n, p) => n + p.end - p.start, 0);
      const executor = pool
        ? pool.workers > 0 &&
          pool.mainThread &&
          !userCode &&
          timeLimit === undefined &&
          options.chunkSize === undefined
          ? createProbingExecutor(
              replicationsToRun,
              createInProcessExecutor(),
              () => ({ ...pool, close: async () => {} }),
              STARTED_WORKERS_PAY_AFTER_SECONDS,
            )
          : pool
        : plan.workers > 0 && plan.mainThread
          ? createProbingExecutor(
              replicationsToRun,
              createInProcessExecutor(),
              threads,
              undefined,
              options.warm?.ready,
            )
          : threads();
      // Formula values (a shard writes none) are computed here between this thread's chunks. A
      // formula that fails is a problem of the study, as at validation: the run stops at once and
      // keeps no checkpoint (the study must be edited, which makes them stale anyway).
      const stopped = new AbortController();
      const stopRun = () => stopped.abort(options.signal?.reason);
      if (options.signal?.aborted) stopRun();
      else options.signal?.addEventListener('abort', stopRun, { once: true });
      let formulaProblem: unknown;
      const formulas = shard ? undefined : computeFormulasBetweenChunks(study);
      formulas?.catch((error: unknown) => {
        formulaProblem = error;
        stopped.abort(error);
      });
      try {
        for (let next: CellPiece[] = []; pieces.length > 0; pieces = next, next = []) {
          await simulateCells({
            study: simulation,
            executor,
            pieces,
            seed: effective.seed,
            caps,
            chunkSize,
            // Sizes from measured time unless the user set them (or a per-chunk time limit did).
            sizeByTime: options.chunkSize === undefined && timeLimit === undefined,
            maxInFlight:
              options.maxInFlight ??
              Math.max(
                4,
                (pool?.tasksPerThread ?? TASKS_PER_THREAD) * (plan.workers + (plan.mainThread ? 1 : 0)),
              ),
            keepRecords: kept !== undefined,
            keepAnswers: kept?.keepsAnswers ?? false,
            signal: stopped.signal,
            // Given: every chunk; not given: a watchdog over user code (0: none).
            chunkTimeout:
              timeLimit ??
              (options.chunkTimeout === undefined && userCode ? DEFAULT_CHUNK_TIMEOUT_SECONDS : undefined),
            chunkTimeoutDefault: timeLimit === undefined,
            // User code and time-limited chunks run on worker threads and can be stopped: their
            // process's memory is watched too (memoryWatch.ts).
            stoppable: userCode || timeLimit !== undefined,
            workerMemoryMb: options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB,
            onChunk(piece, _start, count, chunk) {
              if (chunk.kept) kept?.append(piece.cell, chunk.kept);
              const states = blockStates(chunk.partials);
              if (shard) {
                // Copies: the chunk's buffer is dropped once consumed.
                const blocks = shardBlocks.get(piece) ?? [];
                for (const state of states) blocks.push(state.slice());
                shardBlocks.set(piece, blocks);
              } else {
                let fold = folds.get(piece.cell);
                if (!fold) {
                  fold = new CellFold(simulation, piece.cell, caps);
                  folds.set(piece.cell, fold);
                }
                for (const state of states) fold.fold(state);
              }
              replicationsDone += count;
              replicationsRun += count;
              report();
            },
            onPiece(piece) {
              if (!shard && cap !== undefined && targetMcse !== undefined) {
                const partRows = folds.get(piece.cell)!.rows();
                cellReplications[piece.cell] = piece.end;
                if (largestMcse(partRows) > targetMcse) {
                  if (piece.end < cap) {
                    const end = Math.min(cap, piece.end + effective.replications);
                    next.push({ cell: piece.cell, start: piece.end, end });
                    replicationsTotal += end - piece.end;
                    return;
                  }
                  capped.push(piece.cell);
                }
              }
              cellsDone++;
              if (!shard) {
                const fold = folds.get(piece.cell)!;
                const rows = fold.rows();
                invalid.push(...invalidIntervalReports(simulation, piece.cell, fold.invalidIntervals()));
                folds.delete(piece.cell);
                kept?.finishCell(piece.cell);
                finished.set(piece.cell, rows);
                store?.save(piece.cell, rows);
              }
              report();
            },
          });
        }
        await formulas;
      } catch (error) {
        if (formulaProblem === undefined) throw error;
        store?.clear();
        throw formulaProblem;
      } finally {
        options.signal?.removeEventListener('abort', stopRun);
        workers = executor.workers;
        mainThread = executor.mainThread && !userCode && timeLimit === undefined;
        // The threads stop while the results are written (awaited below, however the run ends).
        if (!pool) {
          closing = executor.close();
          closing.catch(() => {});
        }
      }
    } else if (!simulation) {
      cellsDone = cellCount;
      report();
    }

    const wallTimeMs = () => performance.now() - started;
    const files: { -readonly [K in keyof StudyRun['files']]: StudyRun['files'][K] } = {};
    const target =
      targetMcse !== undefined && cap !== undefined
        ? { mcse: targetMcse, cap, replications: cellReplications, capped }
        : undefined;
    invalid.sort((a, b) => a.cell - b.cell || a.method.localeCompare(b.method));
    const invalidIntervals = shard ? [] : invalid;
    const base = {
      study,
      config,
      ...effective,
      workers,
      threads: workers + (mainThread ? 1 : 0),
      chunkSize,
      resumedCells,
      staleCheckpoints,
      invalidIntervals,
      target,
    };
    if (shard && options.outDir) {
      // A formula study's shards hold no pieces; the merge computes its formulas.
      const parts: PartialPiece[] = shardPlan.map((piece) => ({
        ...piece,
        blocks: shardBlocks.get(piece) ?? [],
      }));
      files.partial = join(options.outDir, partialFileName(study.name, shard.index, shard.count));
      writePartialFile(files.partial, {
        study,
        config,
        seed: effective?.seed ?? 0,
        replications: effective?.replications ?? 0,
        blockSize: BLOCK_SIZE,
        version,
        shard,
        pieces: parts,
      });
      return { ...base, rows: [], wallTimeMs: wallTimeMs(), files };
    }
    const rows = attachExpectations(
      study,
      study.cells.flatMap((cell) => [...(finished.get(cell.index) ?? []), ...formulaRows(study, cell.index)]),
    );
    // The results, kept files and run info are published together (output/publishFiles.ts).
    const publications: Publication[] = [];
    const parquetFiles: string[] = [];
    if (options.outDir) {
      const results = resultsPublication(options.outDir, study, rows, {
        config,
        version,
        ...effective,
        targetMcse: target?.mcse,
        maxReplications: target?.cap,
      });
      files.arrow = results.path;
      publications.push(results);
      if (options.parquet) {
        const path = parquetPathOf(results.path);
        parquetFiles.push(path);
        publications.push({ path, bytes: parquetFromArrow(results.bytes) });
      }
    }
    for (const { kind, parquet, path, writer } of kept?.publications() ?? []) {
      if (parquet) parquetFiles.push(path);
      else files[kind] = path;
      publications.push({ path, writer });
    }
    if (parquetFiles.length) files.parquet = parquetFiles;
    if (options.outDir) {
      files.runInfo = join(options.outDir, RUN_INFO_DIR, `${study.name}.run.json`);
      const info = {
        study: study.name,
        startedAt,
        wallTimeSeconds: Math.round(wallTimeMs()) / 1000,
        workers,
        threads: base.threads,
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
    return { ...base, rows, wallTimeMs: wallTimeMs(), files };
  } catch (error) {
    // However the run stops early (an interrupt, a method's or the disk's failure), its finished
    // cells are written for --resume (none wait after clear(): a formula's problem clears them).
    // The run's own error is the one reported.
    try {
      store?.flush();
    } catch {}
    throw error;
  } finally {
    kept?.dispose();
    if (spoolDir && !store) rmSync(spoolDir, { recursive: true, force: true });
    await closing;
  }
}
