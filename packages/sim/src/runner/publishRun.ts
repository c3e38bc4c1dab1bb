/**
 * The end of a run: a whole or targeted run publishes its results, kept files and run info
 * together (output/publishFiles.ts) and clears its checkpoints; a shard writes its partial-result
 * file (partialFile.ts). Both return the StudyRun the caller gets.
 */
import { join } from 'node:path';
import { parquetFromArrow, parquetPathOf } from '../output/parquetFromArrow.js';
import { type Publication, publishFiles } from '../output/publishFiles.js';
import { machineDescription, RUN_INFO_DIR, runInfoText } from '../output/runInfo.js';
import { BLOCK_SIZE } from './blocks.js';
import type { FoldingSink } from './foldingSink.js';
import { partialFileName, writePartialFile } from './partialFile.js';
import { resultsPublication } from './publishResults.js';
import type { RunFiles, StudyRun } from './runOptions.js';
import type { RunPlan } from './runPlan.js';
import type { ShardSink } from './shardSink.js';

/** How the run went: where it computed and when it started. */
export interface RunRecord {
  readonly workers: number;
  readonly mainThread: boolean;
  /** ISO time of the start (run info). */
  readonly startedAt: string;
  /** Milliseconds since the start. */
  wallTimeMs(): number;
}

function runBase(plan: RunPlan, record: RunRecord) {
  const { simulation } = plan;
  return {
    study: plan.study,
    config: plan.config,
    ...(simulation ? { seed: simulation.seed, replications: simulation.replications } : {}),
    workers: record.workers,
    threads: record.workers + (record.mainThread ? 1 : 0),
    chunkSize: plan.chunkSize,
  };
}

/** Writes a shard's partial-result file. */
export function publishShard(plan: RunPlan, sink: ShardSink, record: RunRecord): StudyRun {
  const { study, mode, simulation } = plan;
  if (mode.kind !== 'shard') throw new Error('publishShard: not a shard');
  const partial = join(mode.outDir, partialFileName(study.name, mode.index, mode.count));
  writePartialFile(partial, {
    study,
    config: plan.config,
    seed: simulation?.seed ?? 0,
    replications: simulation?.replications ?? 0,
    blockSize: BLOCK_SIZE,
    version: plan.version,
    shard: { index: mode.index, count: mode.count },
    pieces: sink.pieces(),
  });
  return {
    ...runBase(plan, record),
    resumedCells: 0,
    staleCheckpoints: 0,
    invalidIntervals: [],
    target: undefined,
    rows: [],
    wallTimeMs: record.wallTimeMs(),
    files: { partial },
  };
}

/** Publishes the results (with an `outDir`), the kept files and the run info together, then clears the checkpoints. */
export function publishWhole(plan: RunPlan, sink: FoldingSink, record: RunRecord): StudyRun {
  const { study, outDir, simulation } = plan;
  const effective = simulation ? { seed: simulation.seed, replications: simulation.replications } : {};
  const base = {
    ...runBase(plan, record),
    resumedCells: sink.resumedCells,
    staleCheckpoints: sink.staleCheckpoints,
    invalidIntervals: sink.invalidIntervals(),
    target: sink.target(),
  };
  const rows = sink.rows();
  const files: { -readonly [K in keyof RunFiles]: RunFiles[K] } = {};
  const publications: Publication[] = [];
  const parquetFiles: string[] = [];
  if (outDir) {
    const results = resultsPublication(outDir, study, rows, {
      config: plan.config,
      version: plan.version,
      ...effective,
      targetMcse: base.target?.mcse,
      maxReplications: base.target?.cap,
    });
    files.arrow = results.path;
    publications.push(results);
    if (plan.parquet) {
      const path = parquetPathOf(results.path);
      parquetFiles.push(path);
      publications.push({ path, bytes: parquetFromArrow(results.bytes) });
    }
  }
  for (const { kind, parquet, path, writer } of sink.kept?.publications() ?? []) {
    if (parquet) parquetFiles.push(path);
    else files[kind] = path;
    publications.push({ path, writer });
  }
  if (parquetFiles.length) files.parquet = parquetFiles;
  if (outDir) {
    files.runInfo = join(outDir, RUN_INFO_DIR, `${study.name}.run.json`);
    const info = {
      study: study.name,
      startedAt: record.startedAt,
      wallTimeSeconds: Math.round(record.wallTimeMs()) / 1000,
      workers: base.workers,
      threads: base.threads,
      chunkSize: plan.chunkSize,
      ...effective,
      resumedCells: base.resumedCells,
      ...(base.invalidIntervals.length > 0 ? { invalidIntervals: base.invalidIntervals } : {}),
      evalsimVersion: plan.version,
      node: process.version,
      cpu: machineDescription(),
    };
    publications.push({ path: files.runInfo, bytes: runInfoText(info) });
  }
  publishFiles(publications);
  sink.store?.clear();
  return { ...base, rows, wallTimeMs: record.wallTimeMs(), files };
}
