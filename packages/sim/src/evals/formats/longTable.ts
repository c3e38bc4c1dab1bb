/**
 * Any long table — CSV, JSON Lines or Arrow, one row per scored sample — with a column
 * mapping. Columns (option → default): `question` → `question` (required), `systemColumn`
 * (or the old `system`) → `system` (required unless `systemByFile` or `systemLabel` labels the file), `score` → `score`, or
 * `correct` when there is no `score` (numbers; true/false), `cluster` → `cluster` when
 * present (`none` to ignore it), `epoch` → `epoch` when present (1-based; else every row
 * is epoch 1), `task` → `task` when present (else `default`). A `metric` column, when
 * present, labels each row (and `--metric` keeps only that metric's rows); otherwise the
 * metric is `--metric` or the score column's name. With `labels` naming a column (judgeLabels.ts),
 * a row whose cell there is not empty also gets a row of metric `label:<column>` scored with it
 * (numbers; true/false). `answer` names a column of discrete answers (for maj@k; an empty cell is
 * no answer). `order` (no default) names a column of
 * each row's position in the log — a number, or an ISO 8601 timestamp (read as milliseconds) —
 * kept as the table's order column; a row without one is an error. Errors name the file, line
 * and column.
 */

import type { Table } from 'apache-arrow';
import type { EvalFormat } from '../evalFormat.js';
import { EvalInputError } from '../evalInputError.js';
import { GroupingScan, groupingHint } from '../groupingScan.js';
import { idText, labelText } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { labelColumn, labelMetricName } from '../judgeLabels.js';
import { epochNumber, numericScore, textScore } from '../scoreValue.js';
import { columnarLongTable, importLongColumns, type LongColumns } from './longArrowColumns.js';
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

/** A row's order: a finite number (or numeric text), or an ISO 8601 date-time as milliseconds. */
function orderValue(raw: unknown, where: { file: string; line: number; field: string }): number {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'string' && raw.trim() !== '') {
    const text = raw.trim();
    const number = Number(text);
    if (Number.isFinite(number)) return number;
    if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
      const ms = Date.parse(text.replace(' ', 'T'));
      if (Number.isFinite(ms)) return ms;
    }
  }
  if (raw instanceof Date && Number.isFinite(raw.getTime())) return raw.getTime();
  throw new EvalInputError(
    where,
    raw === undefined || raw === null || raw === ''
      ? 'has no order: every row needs a position in the log (a number or an ISO 8601 timestamp)'
      : `order ${JSON.stringify(raw)} is not a number or an ISO 8601 timestamp`,
  );
}

/** Imports one long table. */
export function importLongTable(path: string, file: string, kind: TableKind, ctx: ImportContext): void {
  const { builder, options } = ctx;
  const table = openTableRows(path, file, kind, ctx.partialLastLine(file));
  const cols = table.columns;
  const fixedSystem = ctx.fileLabel(file) ?? options.systemLabel;
  const questionColumn = column(cols, file, 'question', options.question, ['question'], true)!;
  const systemColumn =
    fixedSystem === undefined
      ? column(cols, file, 'system', options.systemColumn ?? options.system, ['system'], true)
      : undefined;
  const scoreColumn = column(cols, file, 'score', options.score, ['score', 'correct'], true)!;
  const clusterColumn =
    options.cluster === 'none'
      ? undefined
      : column(cols, file, 'cluster', options.cluster, ['cluster'], false);
  const epochColumn = column(cols, file, 'epoch', options.epoch, ['epoch'], false);
  const taskColumn = column(cols, file, 'task', options.task, ['task'], false);
  const metricColumn = cols.includes('metric') ? 'metric' : undefined;
  const labelsNamed = labelColumn(options.labels);
  const labelsColumn =
    labelsNamed === undefined ? undefined : column(cols, file, 'labels', labelsNamed, [], true);
  if (labelsColumn !== undefined && labelsColumn === scoreColumn) {
    throw new EvalInputError(
      { file, line: 1, field: labelsColumn },
      `--labels names the score column "${scoreColumn}"; the labels must be a column of their own`,
    );
  }
  const answerColumn =
    options.answer === undefined ? undefined : column(cols, file, 'answer', options.answer, [], true);
  const orderColumn =
    options.order === undefined ? undefined : column(cols, file, 'order', options.order, [], true);

  const source = builder.code('source', file);
  const fixedSystemCode = fixedSystem === undefined ? -1 : builder.code('system', fixedSystem);
  const defaultTask = taskColumn === undefined ? builder.code('task', 'default') : -1;
  const fixedMetric = metricColumn === undefined ? builder.code('metric', options.metric ?? scoreColumn) : -1;
  if (
    labelsColumn !== undefined &&
    metricColumn === undefined &&
    options.metric === labelMetricName(labelsColumn)
  ) {
    throw new EvalInputError(
      { file, field: 'metric' },
      `--metric ${options.metric} is the label metric of --labels ${labelsColumn}; name the judge's metric otherwise`,
    );
  }
  const labelMetric = labelsColumn === undefined ? -1 : builder.code('metric', labelMetricName(labelsColumn));
  let labelled = 0;
  let skipped = 0;
  let kept = 0;
  // Without a cluster (and without --cluster none), the other columns are watched for a grouping.
  const mapped = new Set(
    [
      questionColumn,
      systemColumn,
      scoreColumn,
      epochColumn,
      taskColumn,
      metricColumn,
      answerColumn,
      orderColumn,
      labelsColumn,
    ].filter((c): c is string => c !== undefined),
  );
  const scan = clusterColumn === undefined && options.cluster === undefined ? new GroupingScan() : undefined;
  const watched = scan ? cols.filter((c) => !mapped.has(c)) : [];
  const mapping: LongColumns = {
    question: questionColumn,
    system: systemColumn,
    score: scoreColumn,
    cluster: clusterColumn,
    epoch: epochColumn,
    task: taskColumn,
    metric: metricColumn,
    answer: answerColumn,
  };
  // The columnar path reads no labels and no order: with --labels or --order every row goes
  // through the row path.
  if (
    labelsColumn === undefined &&
    orderColumn === undefined &&
    table.arrow &&
    columnarLongTable(table.arrow, mapping)
  ) {
    [kept, skipped] = importLongColumns(
      table.arrow,
      file,
      mapping,
      { source, fixedSystem: fixedSystemCode, defaultTask, fixedMetric },
      ctx,
    );
    if (scan) scanArrowRows(table.arrow, questionColumn, watched, scan);
  } else
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
      const order = orderColumn === undefined ? undefined : orderValue(get(orderColumn), at(orderColumn));
      if (order !== undefined) builder.setOrder(order);
      if (answerColumn !== undefined) {
        const raw = get(answerColumn);
        if (raw !== undefined && raw !== '')
          builder.setAnswer(builder.answerCode(labelText(raw, at(answerColumn))));
      }
      kept++;
      if (scan) {
        // (the question's dictionary code identifies it within this import)
        const id = String(question);
        for (const c of watched) scan.observe(c, id, get(c));
      }
      if (labelsColumn !== undefined) {
        const raw = get(labelsColumn);
        if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return;
        const label =
          typeof raw === 'string' ? textScore(raw, at(labelsColumn)) : numericScore(raw, at(labelsColumn));
        if (Number.isNaN(label)) return;
        builder.append(source, task, system, question, cluster, epoch, labelMetric, label, line);
        if (order !== undefined) builder.setOrder(order);
        labelled++;
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
  if (labelsColumn !== undefined && labelled === 0 && kept > 0) {
    ctx.warn({
      file,
      field: labelsColumn,
      message: `--labels ${labelsColumn}: no row of this file has a label (every cell of the column is empty)`,
    });
  }
  const format: EvalFormat = kind === 'csv' ? 'long-csv' : kind === 'jsonl' ? 'long-jsonl' : 'long-arrow';
  ctx.source(path, file, { format, formatVersion: LONG_FORMAT_VERSION, tool: 'table' });
}

/** Rows of a columnar Arrow long table watched for a grouping (the hint needs no more). */
const ARROW_SCAN_ROWS = 100_000;

/**
 * The grouping scan of the row path, for a table the columnar path read: the first
 * {@link ARROW_SCAN_ROWS} rows of each watched column (a hint, so a sample of rows serves).
 */
function scanArrowRows(
  table: Table,
  questionColumn: string,
  watched: readonly string[],
  scan: GroupingScan,
): void {
  const question = table.getChild(questionColumn);
  if (!question) return;
  const rows = Math.min(table.numRows, ARROW_SCAN_ROWS);
  const vectors = watched.map((c) => [c, table.getChild(c)] as const);
  for (let i = 0; i < rows; i++) {
    const id = String(question.get(i));
    for (const [c, v] of vectors) {
      const value = v?.get(i);
      scan.observe(c, id, typeof value === 'bigint' ? Number(value) : value);
    }
  }
}
