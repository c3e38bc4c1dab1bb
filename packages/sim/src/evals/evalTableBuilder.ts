/**
 * Builds an {@link EvalTable} row by row into growable typed arrays (capacity doubles;
 * `append` allocates nothing else), with first-seen-order string dictionaries. Importers
 * look up codes once per file or per distinct value (`code`) and append rows of codes.
 *
 * A log imported on another thread is built into a builder of its own and handed over as a
 * {@link TablePart} (plain typed arrays, transferable); `appendPart` looks its dictionary
 * values up in this builder in their code order — every value, used or not — so that
 * appending the parts of several logs in file order gives exactly the table (codes and
 * dictionaries) that importing them one after the other into this builder would.
 */
import { EVAL_STRING_COLUMNS, type EvalStringColumnName, type EvalTable } from './evalTable.js';

class StringDictionary {
  readonly index = new Map<string, number>();
  readonly values: string[] = [];

  code(value: string): number {
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.index.set(value, code);
      this.values.push(value);
    }
    return code;
  }
}

type CodeColumns = Record<EvalStringColumnName, Int32Array>;

/** A builder's rows and dictionaries as plain data (see the module comment). */
export interface TablePart {
  readonly rowCount: number;
  readonly codes: Readonly<CodeColumns>;
  readonly epoch: Int32Array;
  readonly score: Float64Array;
  readonly line: Int32Array;
  /** The rows' order values (NaN where unset), when any row has one. */
  readonly order?: Float64Array;
  /** Every value given a code, in code order (including values no row uses). */
  readonly dictionaries: Readonly<Record<EvalStringColumnName, readonly string[]>>;
  /** Answer codes (−1 = none) and their dictionary, when some row has an answer. */
  readonly answer?: { readonly codes: Int32Array; readonly dictionary: readonly string[] };
}

export class EvalTableBuilder {
  private dictionaries: Record<EvalStringColumnName, StringDictionary>;
  private codes: CodeColumns;
  private epoch: Int32Array;
  private score: Float64Array;
  private line: Int32Array;
  /** Answer codes, allocated at the first row with an answer (earlier rows −1). */
  private answers: Int32Array | null = null;
  private answerDictionary = new StringDictionary();
  /** Allocated (NaN-filled) by the first `setOrder`. */
  private order: Float64Array | undefined;
  private length = 0;

  constructor(capacity = 1024) {
    const size = Math.max(16, capacity);
    this.dictionaries = EvalTableBuilder.emptyDictionaries();
    this.codes = Object.fromEntries(EVAL_STRING_COLUMNS.map((c) => [c, new Int32Array(size)])) as CodeColumns;
    this.epoch = new Int32Array(size);
    this.score = new Float64Array(size);
    this.line = new Int32Array(size);
  }

  private static emptyDictionaries(): Record<EvalStringColumnName, StringDictionary> {
    return Object.fromEntries(EVAL_STRING_COLUMNS.map((c) => [c, new StringDictionary()])) as Record<
      EvalStringColumnName,
      StringDictionary
    >;
  }

  /**
   * Empties the builder for another table, keeping its arrays (memory already touched is
   * cheaper to fill than fresh memory): no rows, empty dictionaries. Not after `finish`.
   */
  reset(): void {
    this.length = 0;
    this.order = undefined;
    this.dictionaries = EvalTableBuilder.emptyDictionaries();
    this.answers = null;
    this.answerDictionary = new StringDictionary();
  }

  /** Sets the order value of the last appended row (see EvalTable.order). */
  setOrder(value: number): void {
    if (this.length === 0) throw new RangeError('setOrder: no row appended yet');
    if (!this.order) this.order = new Float64Array(this.epoch.length).fill(Number.NaN);
    this.order[this.length - 1] = value;
  }

  /** A copy of `a` of length `size` whose new entries are NaN. */
  private static resizedOrder(a: Float64Array, keep: number, size: number): Float64Array {
    const b = new Float64Array(size).fill(Number.NaN);
    b.set(a.subarray(0, Math.min(keep, size)));
    return b;
  }

  get rowCount(): number {
    return this.length;
  }

  /** The dictionary code of `value` in `column` (added on first use). */
  code(column: EvalStringColumnName, value: string): number {
    return this.dictionaries[column].code(value);
  }

  /** The code of an answer (added on first use), for {@link setAnswer}. */
  answerCode(value: string): number {
    return this.answerDictionary.code(value);
  }

  /** Gives the last appended row the answer of code `code` (from {@link answerCode}). */
  setAnswer(code: number): void {
    if (this.answers === null) this.answers = new Int32Array(this.epoch.length).fill(-1);
    this.answers[this.length - 1] = code;
  }

  private grow(atLeast = 0): void {
    let size = this.epoch.length * 2;
    while (size < atLeast) size *= 2;
    const grown = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    for (const c of EVAL_STRING_COLUMNS) this.codes[c] = grown(this.codes[c]);
    this.epoch = grown(this.epoch);
    this.score = grown(this.score);
    this.line = grown(this.line);
    if (this.answers !== null) {
      const answers = new Int32Array(size).fill(-1);
      answers.set(this.answers);
      this.answers = answers;
    }
    if (this.order) this.order = EvalTableBuilder.resizedOrder(this.order, this.order.length, size);
  }

  /** Appends one row of codes (cluster −1 = none); `line` 0 when unknown. */
  append(
    source: number,
    task: number,
    system: number,
    question: number,
    cluster: number,
    epoch: number,
    metric: number,
    score: number,
    line: number,
  ): void {
    if (this.length === this.epoch.length) this.grow();
    const i = this.length++;
    const c = this.codes;
    c.source[i] = source;
    c.task[i] = task;
    c.system[i] = system;
    c.question[i] = question;
    c.cluster[i] = cluster;
    c.metric[i] = metric;
    this.epoch[i] = epoch;
    this.score[i] = score;
    this.line[i] = line;
    if (this.answers !== null) this.answers[i] = -1;
  }

  /** Makes room for `rows` more rows at once (so that appending them copies nothing). */
  reserve(rows: number): void {
    const need = this.length + rows;
    if (need <= this.epoch.length) return;
    const resized = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(need);
      b.set(a.subarray(0, this.length));
      return b;
    };
    for (const c of EVAL_STRING_COLUMNS) this.codes[c] = resized(this.codes[c]);
    this.epoch = resized(this.epoch);
    this.score = resized(this.score);
    this.line = resized(this.line);
    if (this.answers !== null) {
      const answers = new Int32Array(need).fill(-1);
      answers.set(this.answers.subarray(0, this.length));
      this.answers = answers;
    }
    if (this.order) this.order = EvalTableBuilder.resizedOrder(this.order, this.length, need);
  }

  /** The rows and dictionaries built so far, as a part for another builder (trimmed copies). */
  part(): TablePart {
    const n = this.length;
    return {
      rowCount: n,
      codes: Object.fromEntries(
        EVAL_STRING_COLUMNS.map((c) => [c, this.codes[c].slice(0, n)]),
      ) as CodeColumns,
      epoch: this.epoch.slice(0, n),
      score: this.score.slice(0, n),
      line: this.line.slice(0, n),
      ...(this.order ? { order: this.order.slice(0, n) } : {}),
      dictionaries: Object.fromEntries(
        EVAL_STRING_COLUMNS.map((c) => [c, this.dictionaries[c].values.slice()]),
      ) as Record<EvalStringColumnName, string[]>,
      ...(this.answers !== null
        ? { answer: { codes: this.answers.slice(0, n), dictionary: this.answerDictionary.values.slice() } }
        : {}),
    };
  }

  /** Appends a part's rows, its codes translated into this builder's (see the module comment). */
  appendPart(part: TablePart): void {
    const n = part.rowCount;
    if (this.length + n > this.epoch.length) this.grow(this.length + n);
    const at = this.length;
    for (const c of EVAL_STRING_COLUMNS) {
      const values = part.dictionaries[c];
      const remap = new Int32Array(values.length);
      for (let k = 0; k < values.length; k++) remap[k] = this.code(c, values[k]);
      const from = part.codes[c];
      const to = this.codes[c];
      for (let i = 0; i < n; i++) {
        const code = from[i];
        to[at + i] = code < 0 ? code : remap[code];
      }
    }
    this.epoch.set(part.epoch, at);
    this.score.set(part.score, at);
    this.line.set(part.line, at);
    if (part.order) {
      if (!this.order) this.order = new Float64Array(this.epoch.length).fill(Number.NaN);
      this.order.set(part.order, at);
    } else if (this.order) this.order.fill(Number.NaN, at, at + n);
    this.length += n;
    if (part.answer !== undefined) {
      const remap = Int32Array.from(part.answer.dictionary, (v) => this.answerDictionary.code(v));
      for (let i = 0; i < n; i++) {
        const code = part.answer.codes[i];
        if (code < 0) continue;
        if (this.answers === null) this.answers = new Int32Array(this.epoch.length).fill(-1);
        this.answers[at + i] = remap[code];
      }
    }
  }

  /** Drops the rows from `rowCount` on (an importer redoing a file); their dictionary entries go at `finish`. */
  truncate(rowCount: number): void {
    if (rowCount < 0 || rowCount > this.length)
      throw new RangeError(`truncate: ${rowCount} is not in [0, ${this.length}]`);
    this.order?.fill(Number.NaN, rowCount, this.length);
    this.answers?.fill(-1, rowCount, this.length);
    this.length = rowCount;
  }

  /**
   * The finished table (columns trimmed to the row count; dictionaries keep only values in
   * use, in first-seen order). Call once: the table takes over the builder's arrays.
   */
  finish(): EvalTable {
    const n = this.length;
    // Full columns are handed over as they are (the builder is not used after finish).
    const trim = <T extends Int32Array | Float64Array>(a: T): T =>
      a.length === n ? a : (a.slice(0, n) as T);
    const column = (name: EvalStringColumnName) => {
      const codes = trim(this.codes[name]);
      const values = this.dictionaries[name].values;
      const used = new Uint8Array(values.length);
      for (let i = 0; i < n; i++) if (codes[i] >= 0) used[codes[i]] = 1;
      if (used.every((u) => u === 1)) return { codes, dictionary: values.slice() };
      const remap = new Int32Array(values.length).fill(-1);
      const dictionary: string[] = [];
      for (let c = 0; c < values.length; c++) if (used[c]) remap[c] = dictionary.push(values[c]) - 1;
      for (let i = 0; i < n; i++) if (codes[i] >= 0) codes[i] = remap[codes[i]];
      return { codes, dictionary };
    };
    let answer: EvalTable['answer'];
    if (this.answers !== null) {
      const codes = trim(this.answers);
      const values = this.answerDictionary.values;
      // As the other columns: the values in use, in code order.
      const used = new Uint8Array(values.length);
      for (let i = 0; i < n; i++) if (codes[i] >= 0) used[codes[i]] = 1;
      const remap = new Int32Array(values.length).fill(-1);
      const dictionary: string[] = [];
      for (let c = 0; c < values.length; c++) if (used[c]) remap[c] = dictionary.push(values[c]) - 1;
      for (let i = 0; i < n; i++) if (codes[i] >= 0) codes[i] = remap[codes[i]];
      if (dictionary.length > 0) answer = { codes, dictionary };
    }
    return {
      rowCount: n,
      source: column('source'),
      task: column('task'),
      system: column('system'),
      question: column('question'),
      cluster: column('cluster'),
      epoch: trim(this.epoch),
      metric: column('metric'),
      score: trim(this.score),
      line: trim(this.line),
      ...(answer !== undefined ? { answer } : {}),
      ...(this.order ? { order: trim(this.order) } : {}),
    };
  }
}
