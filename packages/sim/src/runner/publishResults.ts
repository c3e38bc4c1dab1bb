/**
 * A study's results file, `<outDir>/<name>.arrow`, as a publication (output/publishFiles.ts):
 * shared by runStudy and `evalsim merge`, so a merged run and a whole run write their files
 * through the same code and the same metadata (the effective config, seed, replications, block
 * size, version, the hash of every input the config names).
 */
import { join } from 'node:path';
import type { Study } from '../config/study.js';
import type { StudyConfig } from '../config/studyConfig.js';
import { resultsToArrow } from '../output/arrowResults.js';
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

/** The results (rows with expectations attached) as the bytes to publish at `<outDir>/<name>.arrow`. */
export function resultsPublication(
  outDir: string,
  study: Study,
  rows: readonly ResultRow[],
  run: PublishedRun,
): { readonly path: string; readonly bytes: Uint8Array } {
  const bytes = resultsToArrow(rows, {
    gridKeys: study.gridKeys,
    config: run.config,
    version: run.version,
    seed: run.seed,
    replications: run.replications,
    blockSize: study.kind === 'simulation' ? BLOCK_SIZE : undefined,
    targetMcse: run.targetMcse,
    maxReplications: run.maxReplications,
    // The study file itself is not listed: its content is `evalsim.study`, and a merge, which
    // resolves the config its shards carry, gives the same bytes as the whole run.
    inputs: study.inputs.filter((input) => input.role !== 'study'),
  });
  return { path: join(outDir, `${study.name}.arrow`), bytes };
}
