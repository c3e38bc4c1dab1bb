/**
 * The paired questions of two systems in the order they arrived, for monitoring an eval as it
 * grows: the questions both systems answered (evalMatrix, for one task and metric), each placed
 * at the moment it became complete — the later of its rows for the two systems — by the
 * table's order column when the import named one (`--order`), else by the rows' own order
 * (files in the order given, lines within a file: the log order). Ties keep the questions'
 * first-seen order. Each question's score per system is the mean over its epochs present, and
 * d_i = candidate − baseline ∈ [−1, 1]; the anytime-valid bounds need scores in [0, 1], so a
 * score outside is an error naming its file, line and question.
 */
import { EvalInputError } from '../../evals/evalInputError.js';
import { type EvalMatrix, evalMatrix } from '../../evals/evalMatrix.js';
import { columnValue, type EvalTable } from '../../evals/evalTable.js';

export interface QuestionSequenceOptions {
  readonly task?: string;
  readonly metric?: string;
  /** [candidate, baseline]. */
  readonly systems: readonly [string, string];
}

export interface QuestionSequence {
  readonly matrix: EvalMatrix;
  readonly candidate: string;
  readonly baseline: string;
  /** 'column': the table's order column; 'log': the rows' order. */
  readonly orderedBy: 'column' | 'log';
  /** Question ids in arrival order. */
  readonly questions: readonly string[];
  /** d_i = candidate − baseline per question, in arrival order. */
  readonly differences: Float64Array;
  /** Every score 0 or 1 and one epoch each: d_i ∈ {−1, 0, 1}. */
  readonly binary: boolean;
  /** Questions only the candidate / only the baseline has answered so far (left out until both are in). */
  readonly waiting: { readonly candidate: number; readonly baseline: number };
}

function where(table: EvalTable, row: number) {
  return {
    file: columnValue(table.source, row) ?? '?',
    ...(table.line[row] ? { line: table.line[row] } : {}),
  };
}

export function questionSequence(table: EvalTable, options: QuestionSequenceOptions): QuestionSequence {
  const [candidate, baseline] = options.systems;
  if (candidate === baseline) throw new RangeError(`--baseline: "${baseline}" is compared with itself`);
  const matrix = evalMatrix(table, {
    systems: [candidate, baseline],
    ...(options.task !== undefined ? { task: options.task } : {}),
    ...(options.metric !== undefined ? { metric: options.metric } : {}),
  });
  const Q = matrix.questions.length;
  const index = new Map<string, number>(matrix.questions.map((q, i) => [q, i]));
  const task = table.task.dictionary.indexOf(matrix.task);
  const metric = table.metric.dictionary.indexOf(matrix.metric);
  const pair = new Set([
    table.system.dictionary.indexOf(candidate),
    table.system.dictionary.indexOf(baseline),
  ]);
  const key = new Float64Array(Q).fill(Number.NEGATIVE_INFINITY);
  const order = table.order;
  const candidateCode = table.system.dictionary.indexOf(candidate);
  const unpaired = [new Set<number>(), new Set<number>()];
  for (let i = 0; i < table.rowCount; i++) {
    if (table.task.codes[i] !== task || table.metric.codes[i] !== metric || !pair.has(table.system.codes[i]))
      continue;
    const q = index.get(table.question.dictionary[table.question.codes[i]]);
    if (q === undefined) {
      unpaired[table.system.codes[i] === candidateCode ? 0 : 1].add(table.question.codes[i]);
      continue;
    }
    const score = table.score[i];
    if (!(score >= 0 && score <= 1))
      throw new EvalInputError(
        { ...where(table, i), field: 'score' },
        `monitor needs scores in [0, 1] (its anytime-valid bounds assume them), but system ${columnValue(table.system, i)} has ${score} for question ${matrix.questions[q]}`,
      );
    let at = i;
    if (order) {
      at = order[i];
      if (Number.isNaN(at))
        throw new EvalInputError(
          { ...where(table, i), field: 'order' },
          `question ${matrix.questions[q]} of system ${columnValue(table.system, i)} has no order, while the eval has an order column: every row needs one`,
        );
    }
    if (at > key[q]) key[q] = at;
  }
  const arrival = Array.from({ length: Q }, (_, q) => q).sort((a, b) => key[a] - key[b] || a - b);
  const E = matrix.epochs;
  const meanOf = (s: number, q: number) => {
    let sum = 0;
    let count = 0;
    for (let e = 0; e < E; e++) {
      const x = matrix.scores[(s * Q + q) * E + e];
      if (!Number.isNaN(x)) {
        sum += x;
        count++;
      }
    }
    return sum / count;
  };
  const differences = new Float64Array(Q);
  let binary = matrix.binary;
  arrival.forEach((q, i) => {
    if (matrix.epochCounts[q] !== 1 || matrix.epochCounts[Q + q] !== 1) binary = false;
    differences[i] = meanOf(0, q) - meanOf(1, q);
  });
  return {
    matrix,
    candidate,
    baseline,
    orderedBy: order ? 'column' : 'log',
    questions: arrival.map((q) => matrix.questions[q]),
    differences,
    binary,
    waiting: { candidate: unpaired[0].size, baseline: unpaired[1].size },
  };
}
