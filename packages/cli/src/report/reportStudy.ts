/**
 * What the report shows of one study, read back from `<out>/<name>.arrow` — so REPORT.md is a
 * pure function of the results files and the study files, whichever studies this invocation
 * ran. A results file made from another version of the study (its stored config differs in
 * anything but seed and replications) is stale and left out, with a line saying so.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadStudy, type ResultRow, readResultsArrow, type Study, type StudyConfig } from '@evalsim/sim';

export interface ReportStudy {
  readonly study: Study;
  /** The config as run (seed and replications as stored in the results). */
  readonly config: StudyConfig;
  /** Rows in file order, with the cells' parameters as the study defines them. */
  readonly rows: readonly ResultRow[];
  readonly seed?: number;
  readonly replications?: number;
  readonly version: string;
}

export type ReportEntry =
  | { readonly status: 'current'; readonly name: string; readonly report: ReportStudy }
  | { readonly status: 'missing' | 'stale'; readonly name: string; readonly file: string };

function withoutRunSettings(config: unknown): unknown {
  const {
    seed: _seed,
    replications: _replications,
    ...rest
  } = JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
  return rest;
}

/**
 * The report entry of the study in `studyFile`, from `<outDir>/<name>.arrow`; `loaded` is that
 * file's study when the caller has already loaded it (as loaded, not rescaled), so it is not
 * validated and its formulas resolved a second time.
 */
export async function loadReportEntry(
  studyFile: string,
  outDir: string,
  loaded?: Study,
): Promise<ReportEntry> {
  const study = loaded ?? (await loadStudy(studyFile));
  const file = join(outDir, `${study.name}.arrow`);
  if (!existsSync(file)) return { status: 'missing', name: study.name, file };
  const { rows, metadata } = readResultsArrow(file);
  if (!isDeepStrictEqual(withoutRunSettings(metadata.config), withoutRunSettings(study.config))) {
    return { status: 'stale', name: study.name, file };
  }
  const cells = study.cells;
  const restored = rows.map((row) => ({ ...row, params: cells[row.cell]?.point ?? row.params }));
  return {
    status: 'current',
    name: study.name,
    report: {
      study,
      config: metadata.config as StudyConfig,
      rows: restored,
      ...(metadata.seed !== undefined ? { seed: metadata.seed } : {}),
      ...(metadata.replications !== undefined ? { replications: metadata.replications } : {}),
      version: metadata.version,
    },
  };
}

/** True when the study ran with fewer (or more) replications than it asks for. */
export function isRescaled(report: ReportStudy): boolean {
  return report.replications !== undefined && report.replications !== report.study.replications;
}
