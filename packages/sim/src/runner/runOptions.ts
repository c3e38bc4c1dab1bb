/**
 * What a caller gives runStudy and gets back. The options are the settings every run may have
 * (threads, overrides, chunking, limits, progress) and one run mode, a union of three, so that
 * the combinations that cannot be run cannot be written either:
 *
 *   - a whole run ({@link WholeRun}): every cell, checkpointed and resumable with an `outDir`,
 *     optionally keeping every replication's results or answers (`keep`);
 *   - a targeted run ({@link TargetedRun}): batches of `replications` per cell until every MCSE is
 *     at most `targetMcse` (targetMcse.ts) — no `keep`, no `shard`;
 *   - one shard ({@link ShardRun}): its blocks into a partial-result file in `outDir` (which it
 *     needs) for `evalsim merge` — no `keep`, no target, no checkpoints and so no `resume`.
 *
 * A caller whose mode comes from untyped input (command-line flags, a JavaScript caller of the
 * published package) has it checked by {@link runMode}, which names the option that does not fit;
 * runStudy checks its own options the same way.
 */
import { ConfigError } from '../base/errors.js';
import type { Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import type { KeptKind } from '../output/keptMetadata.js';
import type { ResultRow } from '../output/resultRow.js';
import type { ChunkExecutor } from './chunkExecutor.js';
import type { InvalidIntervalReport } from './invalidIntervals.js';
import type { KeepPaths } from './keptOutput.js';
import type { RunProgress } from './runProgress.js';
import type { WorkerThread } from './workerThread.js';

/** What `keep` can ask for: every replication's method results, every item-level answer. */
export const KEEP_KINDS: readonly KeptKind[] = ['replications', 'answers'];

/** The settings of any run; an option given as undefined is the same as one left out. */
export interface RunSettings {
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
  /** Replications per work unit (default from the work: chunkSize.ts; rounded up to whole blocks of BLOCK_SIZE); results do not depend on it. */
  readonly chunkSize?: number | undefined;
  /** Chunks running at once (default the pool's tasksPerThread, else TASKS_PER_THREAD, per computing thread, at least 4); see simulateCells for the chunks that may wait. */
  readonly maxInFlight?: number | undefined;
  readonly onProgress?: ((progress: RunProgress) => void) | undefined;
  /** A message for the user that is not an error (e.g. a stale lock of a dead run taken over). */
  readonly onNotice?: ((message: string) => void) | undefined;
  /** Aborting stops dispatching; finished cells stay checkpointed; runStudy rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
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
}

/** Which shard of how many (shard/planShards.ts: block-aligned, balanced by replications). */
export interface ShardOfRun {
  readonly index: number;
  readonly count: number;
}

/** Every cell, every replication. */
export interface WholeRun {
  /**
   * Directory for `<name>.arrow`, `.runs/<name>.run.json` (timings and machine, kept apart so a
   * results directory under version control stays clean) and `.checkpoints/`; nothing is written without it.
   */
  readonly outDir?: string | undefined;
  /** Reuse finished cells checkpointed by an earlier run of the same study, seed and replications (with `outDir`). */
  readonly resume?: boolean | undefined;
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
   * results and each kept file; output/parquetFromArrow.ts), published with them.
   */
  readonly parquet?: boolean | undefined;
  readonly targetMcse?: undefined;
  readonly maxReplications?: undefined;
  readonly shard?: undefined;
}

/** Batches of `replications` per cell until every method × metric MCSE of the cell is at most `targetMcse` (targetMcse.ts). */
export interface TargetedRun {
  readonly targetMcse: number;
  /** The cap, replications per cell (default min(MAX_REPLICATIONS, 100 × replications)). */
  readonly maxReplications?: number | undefined;
  readonly outDir?: string | undefined;
  readonly resume?: boolean | undefined;
  readonly keep?: undefined;
  readonly keepPaths?: undefined;
  /** Also write the results as Parquet beside them (see WholeRun.parquet). */
  readonly parquet?: boolean | undefined;
  readonly shard?: undefined;
}

/**
 * Shard `index` of `count`: its block partials go to `<outDir>/<name>.shard-<i>-of-<N>.partial`
 * (partialFile.ts) instead of the results; `evalsim merge` folds the shards' files into the same
 * bytes as a whole run. Per-replication output is not sharded, and a shard reruns whole.
 */
export interface ShardRun {
  readonly shard: ShardOfRun;
  readonly outDir: string;
  readonly resume?: undefined;
  readonly keep?: undefined;
  readonly keepPaths?: undefined;
  /** A shard writes no results (the merge does). */
  readonly parquet?: undefined;
  readonly targetMcse?: undefined;
  readonly maxReplications?: undefined;
}

export type RunMode = WholeRun | TargetedRun | ShardRun;

/** Options of runStudy: the settings and one run mode. */
export type RunOptions = RunSettings & RunMode;

/** A run mode as untyped input may ask for it (flags, a JavaScript caller): any field, checked by {@link runMode}. */
export interface RunModeRequest {
  readonly outDir?: string | undefined;
  readonly resume?: boolean | undefined;
  readonly keep?: readonly KeptKind[] | undefined;
  readonly keepPaths?: KeepPaths | undefined;
  readonly parquet?: boolean | undefined;
  readonly targetMcse?: number | undefined;
  readonly maxReplications?: number | undefined;
  readonly shard?: ShardOfRun | undefined;
}

/**
 * The run mode `request` asks for, or a ConfigError naming the option that does not fit it: a
 * shard with `keep`, a target or no `outDir`; a target with `keep`. (`resume` or `parquet` with a
 * shard — it writes no results — and `maxReplications` without a target change nothing and are dropped.)
 */
export function runMode(request: RunModeRequest): RunMode {
  const { outDir, resume, keep, keepPaths, parquet, targetMcse, maxReplications, shard } = request;
  const keeping = (keep ?? []).length > 0;
  if (targetMcse !== undefined) {
    if (shard)
      throw new ConfigError(
        'targetMcse',
        targetMcse,
        "nothing with --shard (a shard cannot see the other shards' precision)",
      );
    if (keeping) throw new ConfigError('targetMcse', targetMcse, 'nothing with --keep');
  }
  if (shard) {
    if (outDir === undefined) throw new ConfigError('shard', 'an outDir for the partial-result file');
    if (keeping) {
      throw new ConfigError(
        'keep',
        keep!.join(', '),
        'nothing with --shard: per-replication output is not sharded; run the study whole to keep replications',
      );
    }
    return { shard, outDir };
  }
  if (targetMcse !== undefined) return { targetMcse, maxReplications, outDir, resume, parquet };
  return { outDir, resume, keep, keepPaths, parquet };
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
  readonly target?: TargetReport | undefined;
  /** Files written: the results and run info (with `outDir`) and every kept file. */
  readonly files: RunFiles;
}

/** What a targeted run did: its target and cap, the replications each cell ran, and the cells stopped at the cap. */
export interface TargetReport {
  readonly mcse: number;
  readonly cap: number;
  readonly replications: readonly number[];
  readonly capped: readonly number[];
}

export interface RunFiles {
  readonly arrow?: string;
  readonly runInfo?: string;
  readonly replications?: string;
  readonly answers?: string;
  /** With `parquet`: the Parquet twins of the results and kept files, in that order. */
  readonly parquet?: readonly string[];
  /** With `shard`: the partial-result file. */
  readonly partial?: string;
}
