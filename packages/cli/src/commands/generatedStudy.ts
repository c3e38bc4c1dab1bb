/**
 * Running a study a command generated (audit, plan): the study file is written first, to
 * `<out>/<name>.json`, then loaded back and run by the ordinary runner into `<out>`
 * (`<out>/<name>.arrow`), so what ran is exactly what `evalsim run <out>/<name>.json --out <out>`
 * reruns, byte for byte.
 */
import { join } from 'node:path';
import { type ResultRow, runStudy, type Study, type StudyConfig } from '@evalsim/sim';
import { writeFileAtomic } from '@evalsim/sim/internal';
import { createProgressLine } from '../format/progressLine.js';
import type { CliIo } from '../io.js';
import { WORKERS_DESCRIPTION } from './flagValues.js';
import { loadStudyFile } from './studyFiles.js';

export interface GeneratedRun {
  readonly study: Study;
  readonly rows: ResultRow[];
  readonly studyFile: string;
  readonly resultsFile: string;
  /** With `parquet`: the results' Parquet twin. */
  readonly parquetFiles: readonly string[];
}

export async function runGeneratedStudy(
  io: CliIo,
  config: StudyConfig,
  outDir: string,
  options: {
    readonly workers?: number | undefined;
    readonly quiet?: boolean;
    readonly parquet?: boolean;
  } = {},
): Promise<GeneratedRun> {
  const studyFile = join(outDir, `${config.name}.json`);
  writeFileAtomic(studyFile, `${JSON.stringify(config, null, 2)}\n`);
  const study = await loadStudyFile(io, studyFile, outDir);
  const progress = createProgressLine({ stream: io.stderr, quiet: options.quiet ?? false });
  try {
    const result = await runStudy(study, {
      outDir,
      workers: options.workers,
      parquet: options.parquet,
      onProgress: (p) => progress.update(p),
    });
    return {
      study,
      rows: result.rows,
      studyFile,
      resultsFile: result.files.arrow ?? join(outDir, `${config.name}.arrow`),
      parquetFiles: result.files.parquet ?? [],
    };
  } finally {
    progress.finish();
  }
}

/** The flags every command that runs a study generated from an eval shares (audit, plan). */
export const GENERATED_STUDY_FLAGS = {
  workers: { type: 'number', describe: WORKERS_DESCRIPTION },
  metric: { type: 'string', describe: 'eval logs: the 0/1 metric (when there are several)' },
  task: { type: 'string', describe: 'eval logs: the task (when there are several)' },
  quiet: { type: 'boolean', default: false, describe: 'no progress line' },
} as const;
