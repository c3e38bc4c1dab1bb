/**
 * The rows of a judge-scored eval, per system: the judge's verdict on every judged row (one row
 * per question × epoch a system answered, from {@link evalMatrix} of the judge's metric: the
 * questions every compared system answered) and the human label where the label metric
 * (judgeLabels.ts) has a row for the same system, question and epoch; a judged row without one
 * is unlabelled. Each row's cluster is its question's dense cluster id (analysis/clusterLayout.ts:
 * the question's named cluster, or the question itself), shared by every system, so every
 * variance sums within question clusters and a pair's covariance comes from the questions it
 * shares.
 *
 * Refused, naming the place: a table without the label metric (or with no label row for the
 * task), a judge metric that is the label metric, and — for 0/1 verdicts — a label that is not
 * 0 or 1 (file, line, system, question, epoch). Counted and warned about: label rows without a
 * judged row (a question not answered by every compared system, or no verdict at that epoch).
 */
import type { JudgedSample } from '@evalsim/core';
import { EvalInputError, type EvalWarning } from '../../evals/evalInputError.js';
import { type EvalMatrix, evalMatrix } from '../../evals/evalMatrix.js';
import { columnValue, type EvalTable } from '../../evals/evalTable.js';
import { labelMetricName } from '../../evals/judgeLabels.js';
import { type ClusterLayout, clusterLayout } from '../clusterLayout.js';

export interface JudgedRowsOptions {
  /** The `--labels` value (judgeLabels.ts). */
  readonly labels: string;
  /** The judge's metric (default: the table's one metric besides the labels). */
  readonly metric?: string | undefined;
  readonly task?: string | undefined;
  readonly systems?: readonly string[] | undefined;
}

export interface JudgedSystemRows {
  readonly system: string;
  readonly sample: JudgedSample;
  /** Question index of each row (into the matrix's questions). */
  readonly question: Int32Array;
}

export interface JudgedRows {
  readonly matrix: EvalMatrix;
  readonly layout: ClusterLayout;
  /** The label metric's name. */
  readonly labelMetric: string;
  readonly systems: readonly JudgedSystemRows[];
  readonly warnings: readonly EvalWarning[];
}

/** The judge's metric: the one asked for, else the only metric of the task other than the labels. */
function judgeMetric(table: EvalTable, labelMetric: string, options: JudgedRowsOptions): string {
  if (options.metric !== undefined) {
    if (options.metric === labelMetric)
      throw new RangeError(`--metric ${options.metric} is the label metric; name the judge's metric`);
    return options.metric;
  }
  const task = options.task === undefined ? -1 : table.task.dictionary.indexOf(options.task);
  const present = new Set<number>();
  for (let i = 0; i < table.rowCount; i++) {
    if (task < 0 || table.task.codes[i] === task) present.add(table.metric.codes[i]);
  }
  const names = [...present].map((c) => table.metric.dictionary[c]).filter((m) => m !== labelMetric);
  if (names.length === 1) return names[0];
  throw new RangeError(
    `the eval has ${names.length} metrics besides the labels (${names.join(', ') || 'none'}); name the judge's with --metric`,
  );
}

/** The rows of every system (module comment). */
export function judgedRows(table: EvalTable, options: JudgedRowsOptions): JudgedRows {
  const labelMetric = labelMetricName(options.labels);
  const labelCode = table.metric.dictionary.indexOf(labelMetric);
  if (labelCode < 0) {
    const named = options.labels.startsWith('scorer:') || options.labels.startsWith('metric:');
    throw new RangeError(
      `--labels ${options.labels}: no labelled row (the eval has no metric "${labelMetric}"; metrics: ${table.metric.dictionary.join(', ')})` +
        (named
          ? ''
          : '; every cell of the column is empty, or the labels were not imported (a long table: --labels <column>; inspect_ai: --labels scorer:<name>; a metric of the table: --labels metric:<name>)'),
    );
  }
  const metric = judgeMetric(table, labelMetric, options);
  const matrix = evalMatrix(table, {
    metric,
    ...(options.task !== undefined ? { task: options.task } : {}),
    ...(options.systems?.length ? { systems: options.systems } : {}),
  });
  const layout = clusterLayout(matrix);
  const S = matrix.systems.length;
  const Q = matrix.questions.length;
  const E = matrix.epochs;
  const labels = new Float64Array(S * Q * E).fill(Number.NaN);
  const systemOf = new Map(matrix.systems.map((s, k) => [s, k]));
  const questionOf = new Map(matrix.questions.map((q, k) => [q, k]));
  const taskCode = table.task.dictionary.indexOf(matrix.task);
  let labelRows = 0;
  let orphans = 0;
  const orphanExamples: string[] = [];
  const where = (i: number) => ({
    file: columnValue(table.source, i) ?? '?',
    ...(table.line[i] ? { line: table.line[i] } : {}),
  });
  for (let i = 0; i < table.rowCount; i++) {
    if (table.metric.codes[i] !== labelCode || table.task.codes[i] !== taskCode) continue;
    labelRows++;
    const s = systemOf.get(columnValue(table.system, i)!);
    if (s === undefined) continue; // a system not compared
    const question = columnValue(table.question, i)!;
    const q = questionOf.get(question);
    const e = table.epoch[i];
    const at = q === undefined || e > E ? -1 : (s * Q + q) * E + e - 1;
    if (at < 0 || Number.isNaN(matrix.scores[at])) {
      orphans++;
      if (orphanExamples.length < 3) orphanExamples.push(`${matrix.systems[s]}/${question}#${e}`);
      continue;
    }
    const y = table.score[i];
    if (matrix.binary && y !== 0 && y !== 1) {
      throw new EvalInputError(
        { ...where(i), field: labelMetric },
        `label ${y} for system ${matrix.systems[s]}, question ${question}, epoch ${e}: the judge's verdicts (${metric}) are 0/1, so a label must be 0 or 1`,
      );
    }
    labels[at] = y;
  }
  if (labelRows === 0) {
    throw new RangeError(
      `--labels ${options.labels}: no labelled row for task ${matrix.task} (metric "${labelMetric}" has rows for other tasks only)`,
    );
  }
  const warnings: EvalWarning[] = [...matrix.warnings];
  if (orphans > 0) {
    warnings.push({
      field: labelMetric,
      message: `${orphans} labels have no judged row to correct (a question not answered by every compared system, or no verdict at that epoch) and were left out: ${orphanExamples.join(', ')}${orphans > orphanExamples.length ? ', …' : ''}`,
    });
  }
  const systems = matrix.systems.map((system, s) => {
    let rows = 0;
    for (let k = s * Q * E; k < (s + 1) * Q * E; k++) if (!Number.isNaN(matrix.scores[k])) rows++;
    const judge = new Float64Array(rows);
    const label = new Float64Array(rows);
    const cluster = new Int32Array(rows);
    const question = new Int32Array(rows);
    let r = 0;
    for (let q = 0; q < Q; q++) {
      for (let e = 0; e < E; e++) {
        const at = (s * Q + q) * E + e;
        if (Number.isNaN(matrix.scores[at])) continue;
        judge[r] = matrix.scores[at];
        label[r] = labels[at];
        cluster[r] = layout.ids[q];
        question[r] = q;
        r++;
      }
    }
    return { system, sample: { judge, label, cluster, clusterCount: layout.count }, question };
  });
  return { matrix, layout, labelMetric, systems, warnings };
}
