/**
 * Writes a study's results file, `<outDir>/<name>.arrow`: shared by runStudy and `evalsim
 * merge`, so a merged run and a whole run write their files through the same code and the
 * same metadata (the effective config, seed, replications, block size, version).
 */
import { join } from 'node:path';
import type { Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import { writeResultsArrow } from '../output/arrowResults.js';
import type { ResultRow } from '../output/resultRow.js';
import { BLOCK_SIZE } from './blocks.js';

export interface PublishedRun {
  /** The config as run (seed and replications overrides applied). */
  readonly config: StudyConfig;
  readonly version: string;
  readonly seed?: number | undefined;
  readonly replications?: number | undefined;
  /** A targeted run's MCSE target and cap (targetMcse.ts). */
  readonly targetMcse?: number | undefined;
  readonly maxReplications?: number | undefined;
}

/** Writes the results (rows with expectations attached) atomically; returns the file's path. */
export function publishResults(
  outDir: string,
  study: Study,
  rows: readonly ResultRow[],
  run: PublishedRun,
): string {
  const path = join(outDir, `${study.name}.arrow`);
  writeResultsArrow(path, rows, {
    gridKeys: study.gridKeys,
    config: run.config,
    version: run.version,
    seed: run.seed,
    replications: run.replications,
    blockSize: study.kind === 'simulation' ? BLOCK_SIZE : undefined,
    targetMcse: run.targetMcse,
    maxReplications: run.maxReplications,
  });
  return path;
}
