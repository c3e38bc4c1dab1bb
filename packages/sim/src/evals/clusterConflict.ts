/**
 * A question's cluster must agree across systems and epochs: `evalsim analyze` (evalMatrix)
 * refuses a task and metric where it does not, and `evalsim import` refuses the same table
 * with the same words before writing it, so that a conflict is found where the logs are read
 * and not at the first analysis. `findClusterConflict` looks at every row (any choice of
 * systems an analysis may align): per (task, metric, question), the first row's cluster code
 * and row, in a typed array while the key space is at most 8 keys per row, a Map beyond.
 */
import { EvalInputError } from './evalInputError.js';
import { columnValue, type EvalTable } from './evalTable.js';

/** The first pair of rows [earlier, later] with the same task, metric and question but another cluster. */
export function findClusterConflict(table: EvalTable): [number, number] | undefined {
  const n = table.rowCount;
  const metrics = table.metric.dictionary.length;
  const questions = table.question.dictionary.length;
  const span = table.task.dictionary.length * metrics * questions;
  const keyOf = (i: number) =>
    (table.task.codes[i] * metrics + table.metric.codes[i]) * questions + table.question.codes[i];
  if (span <= 8 * n + 1024) {
    const first = new Int32Array(span).fill(-1);
    for (let i = 0; i < n; i++) {
      const key = keyOf(i);
      const j = first[key];
      if (j < 0) first[key] = i;
      else if (table.cluster.codes[j] !== table.cluster.codes[i]) return [j, i];
    }
    return undefined;
  }
  const first = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = keyOf(i);
    const j = first.get(key);
    if (j === undefined) first.set(key, i);
    else if (table.cluster.codes[j] !== table.cluster.codes[i]) return [j, i];
  }
  return undefined;
}

/** The error for rows `earlier` and `later` of a question in two clusters, located at `later`. */
export function clusterConflictError(table: EvalTable, earlier: number, later: number): EvalInputError {
  const show = (row: number) =>
    `${columnValue(table.cluster, row) ?? '(none)'} (system ${columnValue(table.system, row)}, ${columnValue(table.source, row)}${table.line[row] ? ` line ${table.line[row]}` : ''})`;
  return new EvalInputError(
    {
      file: columnValue(table.source, later) ?? '?',
      ...(table.line[later] ? { line: table.line[later] } : {}),
      field: 'cluster',
    },
    `question ${columnValue(table.question, later)} is in cluster ${show(later)} here but in cluster ${show(earlier)} elsewhere; a question's cluster must agree across systems and epochs`,
  );
}
