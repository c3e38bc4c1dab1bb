/**
 * The aligned view an analysis needs: for one task and one metric, the chosen systems ×
 * the questions every one of them answered × epochs, as one Float64Array laid out
 * `[system][question][epoch]` (`scores[(s * questions + q) * epochs + (e − 1)]`; NaN
 * where that epoch is missing). Questions answered by only some systems are dropped —
 * pairing needs the intersection — with a warning per system saying how many of its
 * questions went. A question's cluster must agree across systems and epochs (an error
 * otherwise). `binary` says whether every score is 0 or 1; `requireBinary` turns a graded
 * score into an error naming where it came from, for methods defined on 0/1 outcomes
 * (McNemar, Wilson, Clopper–Pearson).
 */
import { clusterConflictError } from './clusterConflict.js';
import { EvalInputError, type EvalWarning } from './evalInputError.js';
import { columnValue, type EvalStringColumn, type EvalTable } from './evalTable.js';

export interface EvalMatrixOptions {
  /** The metric (required when the table has several for the task). */
  readonly metric?: string;
  /** Systems to align, in this order (default: every system, in first-seen order). */
  readonly systems?: readonly string[];
  /** The task (required when the table has several). */
  readonly task?: string;
  /** Throw when a score is not 0/1; the string names the method that needs it. */
  readonly requireBinary?: string;
}

export interface EvalMatrix {
  readonly task: string;
  readonly metric: string;
  readonly systems: readonly string[];
  readonly questions: readonly string[];
  /** Cluster index per question into `clusterNames`, −1 for none. */
  readonly clusterOfQuestion: Int32Array;
  readonly clusterNames: readonly string[];
  /** The largest epoch number present (the epoch axis length). */
  readonly epochs: number;
  /** `[system][question][epoch]`, NaN where missing. */
  readonly scores: Float64Array;
  /** Epochs present per `[system][question]`. */
  readonly epochCounts: Int32Array;
  /** Every present score is 0 or 1. */
  readonly binary: boolean;
  /**
   * With the table's optional answer column: the answer code of each `[system][question][epoch]`
   * (−1 where missing or without an answer) into `answerNames`; null (or absent, in a matrix built
   * by hand) when the table has none.
   */
  readonly answers?: Int32Array | null;
  readonly answerNames?: readonly string[];
  readonly warnings: readonly EvalWarning[];
}

/** The one value of a column among `rows`, or the chosen one; errors list the choices. */
function choose(
  table: EvalTable,
  column: 'task' | 'metric',
  rows: Uint8Array,
  wanted: string | undefined,
  flag: string,
): number {
  const present = new Set<number>();
  const codes = table[column].codes;
  for (let i = 0; i < table.rowCount; i++) if (rows[i]) present.add(codes[i]);
  const names = [...present].sort((a, b) => a - b).map((c) => table[column].dictionary[c]);
  if (wanted !== undefined) {
    const code = table[column].dictionary.indexOf(wanted);
    if (code < 0 || !present.has(code)) {
      throw new RangeError(
        `${flag} "${wanted}" is not in the eval; ${column}s: ${names.join(', ') || 'none'}`,
      );
    }
    return code;
  }
  if (names.length === 1) return [...present][0];
  throw new RangeError(
    `the eval has ${names.length} ${column}s (${names.join(', ')}); choose one with ${flag}`,
  );
}

/** Aligns one task and metric of `table` as described in the module comment. */
export function evalMatrix(table: EvalTable, options: EvalMatrixOptions = {}): EvalMatrix {
  const n = table.rowCount;
  const rows = new Uint8Array(n).fill(1);
  const task = choose(table, 'task', rows, options.task, '--task');
  for (let i = 0; i < n; i++) rows[i] = table.task.codes[i] === task ? 1 : 0;
  const metric = choose(table, 'metric', rows, options.metric, '--metric');
  for (let i = 0; i < n; i++) if (table.metric.codes[i] !== metric) rows[i] = 0;

  // Systems: code → matrix index.
  const systemIndex = new Int32Array(table.system.dictionary.length).fill(-1);
  const present = new Uint8Array(table.system.dictionary.length);
  for (let i = 0; i < n; i++) if (rows[i]) present[table.system.codes[i]] = 1;
  const available = table.system.dictionary.filter((_, c) => present[c]);
  const systems = options.systems ? [...options.systems] : available;
  if (systems.length === 0) throw new RangeError('no systems to align');
  systems.forEach((name, s) => {
    const code = table.system.dictionary.indexOf(name);
    if (code < 0 || !present[code]) {
      throw new RangeError(
        `--systems: no system "${name}" for this task and metric; systems: ${available.join(', ')}`,
      );
    }
    if (systemIndex[code] >= 0) throw new RangeError(`--systems: "${name}" is listed twice`);
    systemIndex[code] = s;
  });
  const S = systems.length;

  // Questions answered by every chosen system.
  const Qall = table.question.dictionary.length;
  const answered = new Uint8Array(S * Qall);
  for (let i = 0; i < n; i++) {
    const s = rows[i] ? systemIndex[table.system.codes[i]] : -1;
    if (s >= 0) answered[s * Qall + table.question.codes[i]] = 1;
  }
  const questionIndex = new Int32Array(Qall).fill(-1);
  const questions: string[] = [];
  for (let q = 0; q < Qall; q++) {
    let all = true;
    for (let s = 0; s < S && all; s++) all = answered[s * Qall + q] === 1;
    if (all) questionIndex[q] = questions.push(table.question.dictionary[q]) - 1;
  }
  const Q = questions.length;
  const warnings: EvalWarning[] = [];
  for (let s = 0; s < S; s++) {
    let own = 0;
    const dropped: string[] = [];
    for (let q = 0; q < Qall; q++) {
      if (!answered[s * Qall + q]) continue;
      own++;
      if (questionIndex[q] < 0 && dropped.length < 5) dropped.push(table.question.dictionary[q]);
    }
    if (own > Q) {
      // Name the file when the system's rows come from one file.
      const code = table.system.dictionary.indexOf(systems[s]);
      const files = new Set<number>();
      for (let i = 0; i < n && files.size < 2; i++) {
        if (rows[i] && table.system.codes[i] === code) files.add(table.source.codes[i]);
      }
      const file = files.size === 1 ? table.source.dictionary[[...files][0]] : undefined;
      warnings.push({
        ...(file !== undefined ? { file } : {}),
        field: 'question',
        message:
          `system ${systems[s]}: ${own - Q} of its ${own} questions are not answered by every system compared ` +
          `and were dropped (${Q} kept): ${dropped.join(', ')}${own - Q > dropped.length ? ', …' : ''}`,
      });
    }
  }
  if (Q === 0) throw new RangeError(`the systems ${systems.join(', ')} have no question in common`);

  let epochs = 1;
  for (let i = 0; i < n; i++) {
    if (rows[i] && systemIndex[table.system.codes[i]] >= 0 && questionIndex[table.question.codes[i]] >= 0) {
      if (table.epoch[i] > epochs) epochs = table.epoch[i];
    } else rows[i] = 0;
  }
  const scores = new Float64Array(S * Q * epochs).fill(Number.NaN);
  const answerColumn = table.answer;
  const answers = answerColumn ? new Int32Array(S * Q * epochs).fill(-1) : null;
  const epochCounts = new Int32Array(S * Q);
  const clusterCode = new Int32Array(Q).fill(-2);
  const clusterRow = new Int32Array(Q);
  let binary = true;
  let gradedRow = -1;
  for (let i = 0; i < n; i++) {
    if (!rows[i]) continue;
    const s = systemIndex[table.system.codes[i]];
    const q = questionIndex[table.question.codes[i]];
    const x = table.score[i];
    scores[(s * Q + q) * epochs + table.epoch[i] - 1] = x;
    if (answers !== null)
      answers[(s * Q + q) * epochs + table.epoch[i] - 1] = (answerColumn as EvalStringColumn).codes[i];
    epochCounts[s * Q + q]++;
    if (x !== 0 && x !== 1 && binary) {
      binary = false;
      gradedRow = i;
    }
    const c = table.cluster.codes[i];
    if (clusterCode[q] === -2) {
      clusterCode[q] = c;
      clusterRow[q] = i;
    } else if (clusterCode[q] !== c) {
      throw clusterConflictError(table, clusterRow[q], i);
    }
  }
  if (!binary && options.requireBinary !== undefined) {
    const i = gradedRow;
    throw new EvalInputError(
      {
        file: columnValue(table.source, i) ?? '?',
        ...(table.line[i] ? { line: table.line[i] } : {}),
        field: 'score',
      },
      `${options.requireBinary} needs 0/1 scores, but system ${columnValue(table.system, i)} has score ${table.score[i]} ` +
        `for question ${columnValue(table.question, i)} epoch ${table.epoch[i]} (metric ${table.metric.dictionary[metric]})`,
    );
  }
  const clusterOfQuestion = new Int32Array(Q);
  const clusterNames: string[] = [];
  const clusterIndex = new Map<number, number>();
  for (let q = 0; q < Q; q++) {
    const c = clusterCode[q];
    if (c < 0) {
      clusterOfQuestion[q] = -1;
      continue;
    }
    let k = clusterIndex.get(c);
    if (k === undefined) {
      k = clusterNames.push(table.cluster.dictionary[c]) - 1;
      clusterIndex.set(c, k);
    }
    clusterOfQuestion[q] = k;
  }
  return {
    task: table.task.dictionary[task],
    metric: table.metric.dictionary[metric],
    systems,
    questions,
    clusterOfQuestion,
    clusterNames,
    epochs,
    scores,
    epochCounts,
    binary,
    answers,
    answerNames: answerColumn ? answerColumn.dictionary : [],
    warnings,
  };
}
