/**
 * The canonical eval table: one row per scored sample, held as typed columns (never an
 * array of row objects — 1.4 million rows take about 45 MB). String columns are
 * dictionary-encoded: `codes[i]` indexes `dictionary`; the cluster code is −1 for a
 * question without a cluster. `epoch` is 1-based (first epoch / trial / run = 1).
 * `correct` is not stored: it is derived from the score (0 → false, 1 → true, otherwise
 * null) — see {@link correctOf}. `line` keeps the row's line in its source file (0 when
 * the format has no lines) so later checks can point at the input; it is not part of
 * the Arrow file.
 *
 * Columns, in Arrow order: source, task, system, question, cluster, epoch, metric, score,
 * correct, and — only when the import named an order column (`order` option, `--order`) —
 * order. These names are the contract with the analysis (`evalMatrix`, `evalsim analyze`).
 *
 * Optional: `answer`, the discrete answer a sample gave (the extracted answer a scorer
 * compared, e.g. inspect_ai's `Score.answer`, or a long table's `answer` column), for
 * majority-vote (maj@k) analyses; code −1 = no answer. A table without any answer has no
 * `answer` column (so such a table's Arrow bytes are what they were before the column existed).
 * In Arrow the optional columns come last, after `correct`: `answer`, then `order`.
 */

/** A dictionary-encoded string column. */
export interface EvalStringColumn {
  readonly codes: Int32Array;
  readonly dictionary: readonly string[];
}

export interface EvalTable {
  readonly rowCount: number;
  /** The file each row came from, as given to the importer. */
  readonly source: EvalStringColumn;
  readonly task: EvalStringColumn;
  readonly system: EvalStringColumn;
  /** Question ids as strings. */
  readonly question: EvalStringColumn;
  /** Cluster per row; code −1 = no cluster. */
  readonly cluster: EvalStringColumn;
  /** 1-based epoch. */
  readonly epoch: Int32Array;
  readonly metric: EvalStringColumn;
  readonly score: Float64Array;
  /** Line of the row in its source (1-based), 0 when unknown. In memory only. */
  readonly line: Int32Array;
  /** The sample's discrete answer (code −1 = none); absent when no row has one. */
  readonly answer?: EvalStringColumn;
  /**
   * The row's position in the log by an order column the import named (a number, or a
   * timestamp in milliseconds), for monitoring a log as it grows (`evalsim monitor`); absent
   * when none was named (the rows' own order is then the log order).
   */
  readonly order?: Float64Array;
}

/** The optional answer column's name (in Arrow, after `correct`). */
export const EVAL_ANSWER_COLUMN = 'answer';

/** The string columns of the canonical table, in Arrow order. */
export const EVAL_STRING_COLUMNS = ['source', 'task', 'system', 'question', 'cluster', 'metric'] as const;
export type EvalStringColumnName = (typeof EVAL_STRING_COLUMNS)[number];

/** Every canonical column, in Arrow order. */
export const EVAL_COLUMNS = [
  'source',
  'task',
  'system',
  'question',
  'cluster',
  'epoch',
  'metric',
  'score',
  'correct',
] as const;

/** `correct` for a score: true for 1, false for 0, null for anything else (graded scores). */
export function correctOf(score: number): boolean | null {
  return score === 1 ? true : score === 0 ? false : null;
}

/** The string value of row `row` in a string column (null for a −1 code). */
export function columnValue(column: EvalStringColumn, row: number): string | null {
  const code = column.codes[row];
  return code < 0 ? null : column.dictionary[code];
}
