/**
 * Validates a cell table against the item-population convention (studies/data/README.md)
 * and builds the typed arrays. Every problem is a PopulationFileError naming the file,
 * the row (1-based, header = row 1) and the column.
 *
 * A system with a `scores_<system>` column is graded: each cell holds its k scores in [0, 1]
 * in epoch order, separated by `;`, and `correct_<system>` is their total (a real number,
 * 0 ≤ total ≤ k, equal to the sum of the scores to 1e-9·k); a graded system has no `first_` or
 * `answers_` column (those hold 0/1 answers).
 */
import { type Cell, type CellTable, fileRow } from './cellTable.js';
import {
  type ItemPopulation,
  populationColumns,
  type RecordedAnswers,
  type RecordedScores,
  SCORE_SEPARATOR,
  type SystemResults,
} from './itemPopulation.js';
import { PopulationFileError } from './populationFileError.js';

const PREFIXES = ['correct_', 'k_', 'first_', 'answers_', 'scores_'] as const;

/** Systems named by the `correct_<system>` columns, in column order; checks every system column has its partners. */
function discoverSystems(table: CellTable, file: string): string[] {
  const names = table.columnNames;
  const populationLike = names.some(
    (n) => n === populationColumns.question || n === populationColumns.cluster || n.startsWith('correct_'),
  );
  if (!populationLike) {
    // Not a population at all (another CSV given by mistake): say so without echoing its header.
    throw new PopulationFileError(
      file,
      'is not an item population file: its header has no "question", "cluster" or "correct_<system>" column (see studies/data/README.md)',
      1,
    );
  }
  for (const required of [populationColumns.question, populationColumns.cluster]) {
    if (!names.includes(required)) {
      throw new PopulationFileError(
        file,
        `missing column "${required}" (columns: ${names.join(', ')})`,
        1,
        required,
      );
    }
  }
  const systems = names
    .filter((n) => n.startsWith('correct_') && n.length > 'correct_'.length)
    .map((n) => n.slice(8));
  if (systems.length === 0) {
    throw new PopulationFileError(
      file,
      'no system columns: expected at least one "correct_<system>" with its "k_<system>"',
      1,
    );
  }
  for (const system of systems) {
    const k = populationColumns.k(system);
    if (!names.includes(k))
      throw new PopulationFileError(file, `missing column "${k}" for system "${system}"`, 1, k);
  }
  for (const name of names) {
    const prefix = PREFIXES.find((p) => name.startsWith(p));
    if (prefix && prefix !== 'correct_' && !systems.includes(name.slice(prefix.length))) {
      const partner = populationColumns.correct(name.slice(prefix.length));
      throw new PopulationFileError(file, `column "${name}" has no matching "${partner}" column`, 1, name);
    }
  }
  return systems;
}

function text(cell: Cell, file: string, row: number, column: string): string {
  const value = cell === null || cell === undefined ? '' : String(cell).trim();
  if (value === '') throw new PopulationFileError(file, 'is empty', fileRow(row), column);
  return value;
}

/** A non-finite number as text (`NaN`, `inf`, `-Infinity`, any case): what a missing value becomes when written as a number. */
const NON_FINITE = /^[-+]?(nan|inf|infinity)$/i;

/**
 * A question id or cluster name: text as {@link text}, which must not hold a control
 * character (a NUL byte, a line break: U+0000–U+001F, U+007F) and must not be a number that
 * is not finite — a numeric NaN or ±Infinity in an Arrow column, or their text — which is
 * what a missing id becomes when a table is written with its ids as numbers.
 */
function idText(cell: Cell, file: string, row: number, column: string): string {
  const value = text(cell, file, row, column);
  if ((typeof cell === 'number' && !Number.isFinite(cell)) || NON_FINITE.test(value)) {
    throw new PopulationFileError(
      file,
      `${value} is not an id: a number that is not finite (a missing value written as a number?)`,
      fileRow(row),
      column,
    );
  }
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      throw new PopulationFileError(
        file,
        `contains the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}${code === 0 ? ' (a NUL byte)' : ''} at character ${i + 1}; ids are printable text`,
        fileRow(row),
        column,
      );
    }
  }
  return value;
}

/**
 * The value of `cell` when it is 1 to 15 ASCII digits (so below 2^53), else −1: the usual cell of a
 * count column, read without String(), trim(), Number() or a regex (a 1,140-row population has
 * ≈ 10,000 of them, read once per run in cold code). Any other form takes {@link count}'s full path.
 */
function plainDigits(cell: Cell): number {
  if (typeof cell !== 'string') return -1;
  const length = cell.length;
  if (length === 0 || length > 15) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = cell.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A non-negative integer count (floats such as 3.0 accepted when integral), at most 2^53 − 1:
 * a larger one has no exact double, so it is refused rather than silently rounded.
 */
function count(cell: Cell, file: string, row: number, column: string): number {
  const plain = plainDigits(cell);
  if (plain >= 0) return plain;
  const raw = text(cell, file, row, column);
  const value = typeof cell === 'number' || typeof cell === 'bigint' ? Number(cell) : Number(raw);
  const tooLarge =
    typeof cell === 'bigint' ? cell > BigInt(Number.MAX_SAFE_INTEGER) : value > Number.MAX_SAFE_INTEGER;
  if (tooLarge) {
    throw new PopulationFileError(
      file,
      `count "${raw}" is above 2^53 − 1 = ${Number.MAX_SAFE_INTEGER}, the largest exact integer`,
      fileRow(row),
      column,
    );
  }
  if (
    !Number.isFinite(value) ||
    !Number.isInteger(value) ||
    value < 0 ||
    (typeof cell === 'string' && !/^[+]?\d+(\.0*)?$/.test(raw))
  ) {
    throw new PopulationFileError(
      file,
      `must be a non-negative integer count, got "${raw}"`,
      fileRow(row),
      column,
    );
  }
  return value;
}

/** The error of an answers cell that is not `asks` characters 0/1. */
function notAnswers(file: string, asks: number, record: string, row: number, column: string) {
  return new PopulationFileError(
    file,
    `must be ${asks} characters 0/1 (one per ask), got "${record}"`,
    fileRow(row),
    column,
  );
}

/** A decimal number as text (`0.5`, `1`, `.25`, `2.5e-1`), nothing else. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number in [lo, hi] from a cell (a number cell, or its decimal text). */
function realIn(cell: Cell, file: string, row: number, column: string, hi: number, what: string): number {
  const raw = text(cell, file, row, column);
  const value = typeof cell === 'number' ? cell : DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!(Number.isFinite(value) && value >= 0 && value <= hi))
    throw new PopulationFileError(
      file,
      `${what} must be a number from 0 to ${hi}, got "${raw}"`,
      fileRow(row),
      column,
    );
  return value;
}

/** A graded system: `scores_<name>` (k scores in [0, 1], `;`-separated) and its total `correct_<name>`. */
function readGradedSystem(table: CellTable, file: string, name: string): SystemResults {
  const n = table.rowCount;
  const cols = {
    correct: populationColumns.correct(name),
    k: populationColumns.k(name),
    scores: populationColumns.scores(name),
  };
  for (const other of [populationColumns.first(name), populationColumns.answers(name)]) {
    if (table.columnNames.includes(other)) {
      throw new PopulationFileError(
        file,
        `column "${other}" holds 0/1 answers, but system "${name}" is graded ("${cols.scores}"): give its scores only`,
        1,
        other,
      );
    }
  }
  const correct = new Float64Array(n);
  const k = new Float64Array(n);
  const offsets = new Int32Array(n + 1);
  const values: number[] = [];
  for (let r = 0; r < n; r++) {
    const asks = count(table.cell(cols.k, r), file, r, cols.k);
    if (asks === 0)
      throw new PopulationFileError(
        file,
        'k must be at least 1 (a question scored 0 times has no score)',
        fileRow(r),
        cols.k,
      );
    const total = realIn(
      table.cell(cols.correct, r),
      file,
      r,
      cols.correct,
      asks,
      `the total score of k = ${asks} scores`,
    );
    const record = text(table.cell(cols.scores, r), file, r, cols.scores);
    const parts = record.split(SCORE_SEPARATOR);
    if (parts.length !== asks) {
      throw new PopulationFileError(
        file,
        `must hold k = ${asks} scores separated by "${SCORE_SEPARATOR}", got ${parts.length} in "${record}"`,
        fileRow(r),
        cols.scores,
      );
    }
    let sum = 0;
    for (let e = 0; e < asks; e++) {
      const part = parts[e].trim();
      const y = DECIMAL.test(part) ? Number(part) : Number.NaN;
      if (!(y >= 0 && y <= 1)) {
        throw new PopulationFileError(
          file,
          `score ${e + 1} of "${record}" must be a number from 0 to 1, got "${part}"`,
          fileRow(r),
          cols.scores,
        );
      }
      values.push(y);
      sum += y;
    }
    if (Math.abs(sum - total) > 1e-9 * asks) {
      throw new PopulationFileError(
        file,
        `the scores "${record}" sum to ${sum} but ${cols.correct} is ${total}`,
        fileRow(r),
        cols.correct,
      );
    }
    correct[r] = sum;
    k[r] = asks;
    offsets[r + 1] = values.length;
  }
  const scores: RecordedScores = { offsets, values: Float64Array.from(values) };
  return { name, correct, k, first: null, answers: null, scores };
}

function readSystem(table: CellTable, file: string, name: string): SystemResults {
  if (table.columnNames.includes(populationColumns.scores(name))) return readGradedSystem(table, file, name);
  const n = table.rowCount;
  const cols = {
    correct: populationColumns.correct(name),
    k: populationColumns.k(name),
    first: populationColumns.first(name),
    answers: populationColumns.answers(name),
  };
  const hasFirst = table.columnNames.includes(cols.first);
  const hasAnswers = table.columnNames.includes(cols.answers);
  const correct = new Float64Array(n);
  const k = new Float64Array(n);
  const first = hasFirst ? new Float64Array(n) : null;
  const offsets = new Int32Array(n + 1);
  const values: number[] = [];
  for (let r = 0; r < n; r++) {
    const c = count(table.cell(cols.correct, r), file, r, cols.correct);
    const asks = count(table.cell(cols.k, r), file, r, cols.k);
    if (asks === 0)
      throw new PopulationFileError(
        file,
        'k must be at least 1 (a question asked 0 times has no score)',
        fileRow(r),
        cols.k,
      );
    if (c > asks) {
      throw new PopulationFileError(
        file,
        `${c} right answers out of k = ${asks} asks: correct must be ≤ k`,
        fileRow(r),
        cols.correct,
      );
    }
    correct[r] = c;
    k[r] = asks;
    if (first) {
      const f = count(table.cell(cols.first, r), file, r, cols.first);
      if (f > 1) throw new PopulationFileError(file, `must be 0 or 1, got ${f}`, fileRow(r), cols.first);
      if ((f === 1 && c === 0) || (f === 0 && c === asks)) {
        throw new PopulationFileError(
          file,
          `first answer ${f} contradicts ${c} right of ${asks}`,
          fileRow(r),
          cols.first,
        );
      }
      first[r] = f;
    }
    if (hasAnswers) {
      const record = text(table.cell(cols.answers, r), file, r, cols.answers);
      if (record.length !== asks || !/^[01]*$/.test(record))
        throw notAnswers(file, asks, record, r, cols.answers);
      let right = 0;
      for (let i = 0; i < asks; i++) {
        const one = record.charCodeAt(i) - 48;
        values.push(one);
        right += one;
      }
      if (right !== c) {
        throw new PopulationFileError(
          file,
          `"${record}" has ${right} right answers but ${cols.correct} is ${c}`,
          fileRow(r),
          cols.answers,
        );
      }
      if (first && Number(record[0]) !== first[r]) {
        throw new PopulationFileError(
          file,
          `"${record}" starts with ${record[0]} but ${cols.first} is ${first[r]}`,
          fileRow(r),
          cols.answers,
        );
      }
    }
    offsets[r + 1] = values.length;
  }
  const answers: RecordedAnswers | null = hasAnswers ? { offsets, values: Uint8Array.from(values) } : null;
  return { name, correct, k, first, answers, scores: null };
}

/** Builds an ItemPopulation from a cell table read from `file` (see module comment). */
export function buildItemPopulation(table: CellTable, file: string): ItemPopulation {
  if (table.rowCount === 0) throw new PopulationFileError(file, 'has a header but no questions');
  const systemNames = discoverSystems(table, file);
  const n = table.rowCount;
  const questions: string[] = [];
  const seen = new Map<string, number>();
  const clusterNames: string[] = [];
  const clusterOf = new Map<string, number>();
  const clusterIndex = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    const id = idText(table.cell(populationColumns.question, r), file, r, populationColumns.question);
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      throw new PopulationFileError(
        file,
        `duplicate question id "${id}" (also row ${fileRow(earlier)})`,
        fileRow(r),
        populationColumns.question,
      );
    }
    seen.set(id, r);
    questions.push(id);
    const cluster = idText(table.cell(populationColumns.cluster, r), file, r, populationColumns.cluster);
    let c = clusterOf.get(cluster);
    if (c === undefined) {
      c = clusterNames.length;
      clusterOf.set(cluster, c);
      clusterNames.push(cluster);
    }
    clusterIndex[r] = c;
  }
  const systems = new Map(systemNames.map((name) => [name, readSystem(table, file, name)]));
  return { source: file, questionCount: n, questions, clusterNames, clusterIndex, systems };
}
