/**
 * SWE-bench evaluation reports (SWE-bench/SWE-bench, `swebench/harness/reporting.py`
 * `make_run_report`, commit 7a21e057): one `<model_name_or_path with "/" → "__">.<run_id>.json`
 * per run, listing `resolved_ids`, `unresolved_ids`, `error_ids`, `empty_patch_ids`,
 * `incomplete_ids` (and `submitted_ids`, `completed_ids`, counts, `schema_version`).
 * SWE-bench's resolved rate is resolved / total_instances, so an empty patch, an error or an
 * instance without a prediction counts as unresolved: every listed instance is a row, scored 1
 * when resolved and 0 otherwise (those counted in a warning).
 *
 * Several runs of one system: each report is one run; a system's runs get epochs 1, 2, … in
 * the order the files are imported (paths as given, directories walked in sorted order), so
 * pass@k and flip rates across runs come out of `evalsim analyze`. Rows: task `swe-bench`,
 * system = the file name before its last `.<run_id>.json` part (a model name may hold dots, a
 * run id may not; relabel with `--system-label FILE=LABEL`), question = instance id, metric `resolved`.
 */
import { basename } from 'node:path';
import { EvalInputError, showValue } from '../evalInputError.js';
import { labelText, objectField } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { readJsonFile } from './agentJson.js';

export const SWE_BENCH_FORMAT_VERSION = 'SWE-bench make_run_report (schema_version 2; commit 7a21e057)';

const LISTS = ['resolved_ids', 'unresolved_ids', 'error_ids', 'empty_patch_ids', 'incomplete_ids'] as const;

export function importSweBench(path: string, file: string, ctx: ImportContext): void {
  const { builder } = ctx;
  const report = objectField(readJsonFile(path, file), { file });
  const name = basename(path).replace(/\.json$/, '');
  const dot = name.lastIndexOf('.');
  const model = dot > 0 ? name.slice(0, dot) : name;
  const run = dot > 0 ? name.slice(dot + 1) : '';
  const label = ctx.systemLabel(file, model);
  const system = builder.code('system', label);
  const source = builder.code('source', file);
  const task = builder.code('task', 'swe-bench');
  const metric = builder.code('metric', 'resolved');
  const epoch = ctx.nextRun(`swe-bench\u0000${label}`);
  const seen = new Map<string, string>();
  const unresolvedBy: Record<string, number> = {};
  for (const list of LISTS) {
    const ids = report[list];
    if (ids === undefined) continue;
    if (!Array.isArray(ids))
      throw new EvalInputError(
        { file, field: list },
        `expected a list of instance ids, got ${showValue(ids)}`,
      );
    ids.forEach((id, i) => {
      const instance = labelText(id, { file, field: `${list}[${i}]` });
      const before = seen.get(instance);
      if (before !== undefined) {
        throw new EvalInputError(
          { file, field: `${list}[${i}]` },
          `instance ${instance} is also in ${before}`,
        );
      }
      seen.set(instance, list);
      if (list !== 'resolved_ids' && list !== 'unresolved_ids')
        unresolvedBy[list] = (unresolvedBy[list] ?? 0) + 1;
      builder.append(
        source,
        task,
        system,
        builder.code('question', instance),
        -1,
        epoch,
        metric,
        list === 'resolved_ids' ? 1 : 0,
        0,
      );
    });
  }
  if (report.resolved_ids === undefined) {
    throw new EvalInputError({ file, field: 'resolved_ids' }, 'missing: not a SWE-bench evaluation report');
  }
  const counted = Object.entries(unresolvedBy).map(([list, n]) => `${n} in ${list}`);
  if (counted.length > 0)
    ctx.warn({
      file,
      message: `run ${run || name} (epoch ${epoch}): ${counted.join(', ')} scored 0, as SWE-bench's resolved rate counts them`,
    });
  ctx.source(path, file, {
    format: 'swe-bench',
    formatVersion: SWE_BENCH_FORMAT_VERSION,
    tool: 'swe-bench',
    ...(typeof report.schema_version === 'number' ? { toolVersion: `schema ${report.schema_version}` } : {}),
  });
}
