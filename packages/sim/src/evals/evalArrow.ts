/**
 * The canonical eval table as an Arrow IPC file: what an import returns (table, warnings,
 * provenance) and the schema metadata keys. Columns: `source`, `task`, `system`,
 * `question`, `cluster` (nullable), `metric` as Dictionary<Utf8, Int32>, `epoch` Int32,
 * `score` Float64, `correct` Bool (null when the score is not 0/1). Schema metadata:
 * `evalsim.eval.sources` (JSON list of {path, sha256, bytes, format, formatVersion, tool,
 * toolVersion?}), `evalsim.eval.options` (the import options, keys sorted) and
 * `evalsim.version`. Written by writeEvalArrow.ts, read by readEvalArrow.ts.
 */
import type { EvalSourceInfo } from './evalFormat.js';
import type { EvalWarning } from './evalInputError.js';
import type { EvalTable } from './evalTable.js';
import type { EvalImportOptions } from './importOptions.js';

/** Where the rows came from and how they were imported. */
export interface EvalProvenance {
  readonly sources: readonly EvalSourceInfo[];
  readonly options: EvalImportOptions;
}

/** What `importEval` returns and `writeEvalArrow` writes. */
export interface ImportedEval {
  readonly table: EvalTable;
  readonly warnings: readonly EvalWarning[];
  readonly provenance: EvalProvenance;
}

export const EVAL_ARROW_METADATA = {
  sources: 'evalsim.eval.sources',
  options: 'evalsim.eval.options',
  version: 'evalsim.version',
} as const;
