/**
 * A run planned before any work: the options checked (values, then the mode: runOptions.ts), the
 * seed and replications run (overrides applied), the config as run, the mode resolved (the
 * kept files' paths, a targeted run's cap), each method's replication cap, the chunk size, the
 * checkpoint key, and the files the run writes and reads. Nothing is read or written here.
 */
import { join, resolve } from 'node:path';
import { ConfigError } from '../base/errors.js';
import type { SimulationStudy, Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import type { KeptKind } from '../output/keptMetadata.js';
import { parquetPathOf } from '../output/parquetFromArrow.js';
import { RUN_INFO_DIR } from '../output/runInfo.js';
import { runLockPath } from '../output/runLock.js';
import { evalsimVersion } from '../output/version.js';
import { checkpointKey } from './checkpoint.js';
import { computingThreads, defaultWorkerCount } from './chunkExecutor.js';
import { defaultChunkSize, MIN_DEFAULT_CHUNK } from './chunkSize.js';
import type { KeepPaths } from './keptOutput.js';
import { methodCaps } from './methodCaps.js';
import { partialFileName } from './partialFile.js';
import { KEEP_KINDS, type RunOptions, runMode, type ShardOfRun } from './runOptions.js';
import { defaultTargetCap } from './targetMcse.js';

/** The chunk size under a per-chunk time limit (otherwise chunkSize.ts chooses from the work). */
export const DEFAULT_CHUNK_SIZE = MIN_DEFAULT_CHUNK;

/** The run mode resolved: what a run of each kind needs to know. */
export type PlannedMode =
  | { readonly kind: 'whole'; readonly resume: boolean; readonly keep: KeepPaths }
  | {
      readonly kind: 'targeted';
      readonly resume: boolean;
      readonly mcse: number;
      /** The cap per cell (a simulation only): max(replications, maxReplications or the default cap). */
      readonly cap: number | undefined;
    }
  | ({ readonly kind: 'shard'; readonly outDir: string } & ShardOfRun);

/** The simulation a run runs (none for a formula study). */
export interface PlannedSimulation {
  readonly study: SimulationStudy;
  readonly seed: number;
  readonly replications: number;
  /** Replications each method runs on (a targeted run's: up to its cap). */
  readonly caps: readonly number[];
}

export interface RunPlan {
  readonly study: Study;
  readonly simulation: PlannedSimulation | undefined;
  /** The config as run (seed and replications overrides applied): stored in the Arrow metadata. */
  readonly config: StudyConfig;
  readonly mode: PlannedMode;
  readonly outDir: string | undefined;
  /** Whether every Arrow table of the run (results, kept files) gets its Parquet twin (never a shard's). */
  readonly parquet: boolean;
  /** Computing threads asked for: `workers`, the pool's, or the machine's. */
  readonly requestedThreads: number;
  readonly chunkSize: number;
  /** A time limit given for every chunk, seconds (chunkTimeout > 0). */
  readonly timeLimit: number | undefined;
  readonly version: string;
  readonly checkpointKey: string;
}

function positiveInteger(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
    throw new ConfigError(name, value, 'an integer ≥ 1');
  }
}

/** The values runStudy checks before it looks at the mode. */
function checkValues(options: RunOptions): void {
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
  const { targetMcse } = options;
  if (targetMcse !== undefined && !(Number.isFinite(targetMcse) && targetMcse > 0)) {
    throw new ConfigError('targetMcse', targetMcse, 'a number > 0');
  }
}

/** Where each requested kind is kept. */
function keepPaths(
  study: Study,
  keep: readonly KeptKind[],
  paths: KeepPaths | undefined,
  outDir: string | undefined,
): KeepPaths {
  const found: { -readonly [K in KeptKind]?: string } = {};
  for (const [i, kind] of keep.entries()) {
    if (!KEEP_KINDS.includes(kind))
      throw new ConfigError(`keep[${i}]`, kind, `one of ${KEEP_KINDS.join(', ')}`);
    if (study.kind !== 'simulation')
      throw new ConfigError('keep', kind, 'nothing: a formula study has no replications');
    const path =
      paths?.[kind] ?? (outDir !== undefined ? join(outDir, `${study.name}.${kind}.arrow`) : undefined);
    if (path === undefined) throw new ConfigError('keep', kind, `an outDir, or a path in keepPaths.${kind}`);
    found[kind] = path;
  }
  return found;
}

/** Plans a run of `study` with `options` (see the module comment); throws a ConfigError naming a bad option. */
export function planRun(study: Study, options: RunOptions): RunPlan {
  checkValues(options);
  const requested = runMode(options);
  const simulation = study.kind === 'simulation' ? study : undefined;
  const effective = simulation && {
    seed: options.seed ?? simulation.seed,
    replications: options.replications ?? simulation.replications,
  };
  const mode: PlannedMode = requested.shard
    ? { kind: 'shard', outDir: requested.outDir, ...requested.shard }
    : requested.targetMcse !== undefined
      ? {
          kind: 'targeted',
          resume: requested.resume ?? false,
          mcse: requested.targetMcse,
          cap:
            effective &&
            Math.max(
              effective.replications,
              requested.maxReplications ?? defaultTargetCap(effective.replications),
            ),
        }
      : {
          kind: 'whole',
          resume: requested.resume ?? false,
          keep: keepPaths(study, requested.keep ?? [], requested.keepPaths, requested.outDir),
        };
  // A limit given for every chunk (0, none, is not one); the default watchdog is the executor's.
  const timeLimit = options.chunkTimeout ? options.chunkTimeout : undefined;
  const requestedThreads =
    options.workers ?? (options.pool && computingThreads(options.pool)) ?? defaultWorkerCount();
  const version = evalsimVersion();
  return {
    study,
    simulation: simulation &&
      effective && {
        study: simulation,
        ...effective,
        // A targeted run's caps are the methods' own or the cap: batches continue each cell's sequence.
        caps: methodCaps(
          simulation,
          mode.kind === 'targeted' ? (mode.cap ?? effective.replications) : effective.replications,
        ),
      },
    config: effective ? { ...study.config, ...effective } : study.config,
    mode,
    outDir: options.outDir,
    parquet: mode.kind !== 'shard' && requested.parquet === true,
    requestedThreads,
    chunkSize:
      options.chunkSize ??
      (effective && timeLimit === undefined
        ? defaultChunkSize(effective.replications, requestedThreads)
        : DEFAULT_CHUNK_SIZE),
    timeLimit,
    version,
    checkpointKey: checkpointKey(
      study,
      effective?.seed,
      effective?.replications,
      version,
      options.targetMcse,
      options.maxReplications,
    ),
  };
}

/** The names (relative to `outDir`) of the files and folders a run writes there: the output check's candidates. */
export function outputFileNames(plan: RunPlan, outDir: string): string[] {
  const { study, mode } = plan;
  const names = [
    `${study.name}.arrow`,
    ...(plan.parquet ? [`${study.name}.parquet`] : []),
    join(RUN_INFO_DIR, `${study.name}.run.json`),
    join('.checkpoints', `${study.name}-0123456789abcdef`, `cell-${study.cells.length}.json`),
    runLockPath('', study.name),
  ];
  if (mode.kind === 'shard') names.push(partialFileName(study.name, mode.index, mode.count));
  for (const path of mode.kind === 'whole' ? Object.values(mode.keep) : []) {
    for (const file of plan.parquet ? [path, parquetPathOf(path)] : [path]) {
      const relative = file.startsWith(outDir) ? file.slice(outDir.length + 1) : undefined;
      if (relative) names.push(relative);
    }
  }
  return names;
}

/** The absolute paths of the files a run of `study` reads (its study file, modules, data). */
export function studyInputFiles(study: Study): string[] {
  return study.inputs
    .filter((input) => input.role !== 'package')
    .map((input) => resolve(study.baseDir, input.path));
}
