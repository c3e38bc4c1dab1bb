/**
 * The header of an inspect_ai log (log/_log.py at commit 499e6152, inspect_ai 0.3.260;
 * `EvalLog.version` 2, also accepted as 1): `eval.task`, `eval.model`,
 * `eval.packages.inspect_ai`, `status`, and the scorers (`eval.scorers[].name`, else the
 * distinct `results.scores[].scorer`) — from the `EvalLog` of a `.json` log, a `.eval`'s
 * header.json, or an unfinished `.eval`'s `_journal/start.json`.
 */
import { EvalInputError, showValue } from '../evalInputError.js';
import { labelText, objectField } from '../ids.js';
import type { ImportContext } from '../importContext.js';

export interface InspectHeader {
  readonly task: string;
  readonly model: string;
  readonly version: number;
  readonly status: string;
  readonly toolVersion?: string;
  /** Scorer names declared in the header (may be empty for an unfinished log). */
  readonly scorers: readonly string[];
}

/** Reads the header fields of an `EvalLog` (or a `.eval` `_journal/start.json`). */
export function readInspectHeader(json: unknown, file: string): InspectHeader {
  const log = objectField(json, { file });
  const version = log.version;
  if (version !== 1 && version !== 2) {
    throw new EvalInputError(
      { file, field: 'version' },
      `inspect_ai log schema version ${showValue(version)}; this importer reads versions 1 and 2`,
    );
  }
  const spec = objectField(log.eval, { file, field: 'eval' });
  const task = labelText(spec.task, { file, field: 'eval.task' });
  const model = labelText(spec.model, { file, field: 'eval.model' });
  const packages = spec.packages as Record<string, unknown> | undefined;
  const toolVersion = typeof packages?.inspect_ai === 'string' ? packages.inspect_ai : undefined;
  const scorers: string[] = [];
  if (Array.isArray(spec.scorers)) {
    for (const s of spec.scorers)
      if (typeof s?.name === 'string' && !scorers.includes(s.name)) scorers.push(s.name);
  }
  const results = log.results as Record<string, unknown> | null | undefined;
  if (scorers.length === 0 && Array.isArray(results?.scores)) {
    for (const s of results.scores as Record<string, unknown>[]) {
      if (typeof s?.scorer === 'string' && !scorers.includes(s.scorer)) scorers.push(s.scorer);
    }
  }
  const status = typeof log.status === 'string' ? log.status : 'started';
  return { task, model, version, status, scorers, ...(toolVersion ? { toolVersion } : {}) };
}

/** Warns when a log did not finish. */
export function warnUnfinished(ctx: ImportContext, file: string, header: InspectHeader, rows: number): void {
  if (header.status !== 'success') {
    ctx.warn({
      file,
      field: 'status',
      message: `log status is "${header.status}" (not success); ${rows} samples imported`,
    });
  }
}
