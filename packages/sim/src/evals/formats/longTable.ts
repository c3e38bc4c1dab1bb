/**
 * Any long table — CSV, JSON Lines or Arrow, one row per scored sample — with a column
 * mapping. Columns (option → default): `question` → `question` (required), `system` →
 * `system` (required unless `systemByFile` labels the file), `score` → `score`, or
 * `correct` when there is no `score` (numbers; true/false), `cluster` → `cluster` when
 * present (`none` to ignore it), `epoch` → `epoch` when present (1-based; else every row
 * is epoch 1), `task` → `task` when present (else `default`). A `metric` column, when
 * present, labels each row (and `--metric` keeps only that metric's rows); otherwise the
 * metric is `--metric` or the score column's name. Errors name the file, line and column.
 */

import type { EvalFormat } from '../evalFormat.js';
import { EvalInputError } from '../evalInputError.js';
import { GroupingScan, groupingHint } from '../groupingScan.js';
import { idText, labelText } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { epochNumber, numericScore, textScore } from '../scoreValue.js';
import { openTableRows, type TableKind } from './tableRows.js';

export const LONG_FORMAT_VERSION =
  'evalsim long table 1 (question, system, score[, cluster, epoch, task, metric])';

/** The column for `option` (or its default), or undefined when optional and absent; errors when a named column is missing. */
function column(
  columns: readonly string[],
  file: string,
  option: string,
  named: string | undefined,
  defaults: readonly string[],
  required: boolean,
): string | undefined {
  if (named !== undefined) {
    if (columns.includes(named)) return named;
    throw new EvalInputError(
      { file, line: 1, field: named },
      `no column "${named}" (given by --${option}); columns: ${columns.join(', ')}`,
    );
  }
  const found = defaults.find((d) => columns.includes(d));
  if (found === undefined && required) {
    throw new EvalInputError(
      { file, line: 1, field: defaults[0] },
      `no "${defaults.join('" or "')}" column; name the ${option} column with --${option} (columns: ${columns.join(', ')})`,
    );
  }
  return found;
}

/** Imports one long table. */
export function importLongTable(path: string, file: string, kind: TableKind, ctx: ImportContext): void {
  const { builder, options } = ctx;
  const table = openTableRows(path, file, kind);
  const cols = table.columns;
  const fixedSystem = ctx.fileLabel(file);
  const questionColumn = column(cols, file, 'question', options.question, ['question'], true)!;
  const systemColumn =
    fixedSystem === undefined ? column(cols, file, 'system', options.system, ['system'], true) : undefined;
  const scoreColumn = column(cols, file, 'score', options.score, ['score', 'correct'], true)!;
  const clusterColumn =
    options.cluster === 'none'
      ? undefined
      : column(cols, file, 'cluster', options.cluster, ['cluster'], false);
  const epochColumn = column(cols, file, 'epoch', options.epoch, ['epoch'], false);
  const taskColumn = column(cols, file, 'task', options.task, ['task'], false);
  const metricColumn = cols.includes('metric') ? 'metric' : undefined;

  const source = builder.code('source', file);
  const fixedSystemCode = fixedSystem === undefined ? -1 : builder.code('system', fixedSystem);
  const defaultTask = taskColumn === undefined ? builder.code('task', 'default') : -1;
  const fixedMetric = metricColumn === undefined ? builder.code('metric', options.metric ?? scoreColumn) : -1;
  let skipped = 0;
  let kept = 0;
  // Without a cluster (and without --cluster none), the other columns are watched for a grouping.
  const mapped = new Set(
    [questionColumn, systemColumn, scoreColumn, epochColumn, taskColumn, metricColumn].filter(
      (c): c is string => c !== undefined,
    ),
  );
  const scan = clusterColumn === undefined && options.cluster === undefined ? new GroupingScan() : undefined;
  const watched = scan ? cols.filter((c) => !mapped.has(c)) : [];
  table.forEachRow((get, line) => {
    const at = (field: string) => ({ file, line, field });
    let metric = fixedMetric;
    if (metricColumn !== undefined) {
      const name = labelText(get(metricColumn), at(metricColumn));
      if (options.metric !== undefined && name !== options.metric) return;
      metric = builder.code('metric', name);
    }
    const rawScore = get(scoreColumn);
    const score =
      typeof rawScore === 'string'
        ? textScore(rawScore, at(scoreColumn))
        : numericScore(rawScore, at(scoreColumn));
    if (Number.isNaN(score)) {
      skipped++;
      return;
    }
    const question = builder.code('question', idText(get(questionColumn), at(questionColumn)));
    const system =
      systemColumn === undefined
        ? fixedSystemCode
        : builder.code('system', labelText(get(systemColumn), at(systemColumn)));
    let cluster = -1;
    if (clusterColumn !== undefined) {
      const raw = get(clusterColumn);
      if (raw !== undefined && raw !== '')
        cluster = builder.code('cluster', labelText(raw, at(clusterColumn)));
    }
    const epoch = epochColumn === undefined ? 1 : epochNumber(get(epochColumn), at(epochColumn));
    const task =
      taskColumn === undefined
        ? defaultTask
        : builder.code('task', labelText(get(taskColumn), at(taskColumn)));
    builder.append(source, task, system, question, cluster, epoch, metric, score, line);
    kept++;
    if (scan) {
      // (the question's dictionary code identifies it within this import)
      const id = String(question);
      for (const c of watched) scan.observe(c, id, get(c));
    }
  });
  for (const g of scan?.groupings() ?? []) ctx.warn({ message: groupingHint(g) });
  if (kept === 0 && skipped === 0) {
    throw new EvalInputError(
      { file },
      options.metric !== undefined && metricColumn
        ? `no rows with metric "${options.metric}"`
        : 'no rows below the header',
    );
  }
  if (skipped > 0)
    ctx.warn({ file, field: scoreColumn, message: `${skipped} rows with a NaN score were skipped` });
  const format: EvalFormat = kind === 'csv' ? 'long-csv' : kind === 'jsonl' ? 'long-jsonl' : 'long-arrow';
  ctx.source(path, file, { format, formatVersion: LONG_FORMAT_VERSION, tool: 'table' });
}
