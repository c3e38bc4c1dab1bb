/**
 * Builds a battle table row by row: typed columns that double when full, strings interned in
 * dictionaries (models share one). A self-battle (model_a = model_b) is refused with its file,
 * line and field; everything else is checked by the format readers before `add`.
 */

import { EvalInputError } from '../evals/evalInputError.js';
import type { EvalStringColumn } from '../evals/evalTable.js';
import type { BattleStyle, BattleTable } from './battleTable.js';

class Dictionary {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  code(value: string | null | undefined): number {
    if (value === null || value === undefined) return -1;
    let c = this.index.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.index.set(value, c);
      this.values.push(value);
    }
    return c;
  }
}

function grow<T extends Int32Array | Float64Array | Int8Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}

/** One battle's fields (strings may be absent). */
export interface BattleRow {
  readonly modelA: string;
  readonly modelB: string;
  readonly outcome: number;
  readonly winner: string;
  readonly prompt?: string | null;
  readonly judge?: string | null;
  readonly language?: string | null;
  readonly turn?: number;
  readonly anony?: boolean | null;
  readonly tstamp?: number;
  /** k values of each answer's style features, in the builder's feature order. */
  readonly styleA?: ArrayLike<number> | null;
  readonly styleB?: ArrayLike<number> | null;
}

export class BattleTableBuilder {
  private n = 0;
  private capacity = 1024;
  private readonly sources = new Dictionary();
  private readonly models = new Dictionary();
  private readonly winners = new Dictionary();
  private readonly prompts = new Dictionary();
  private readonly judges = new Dictionary();
  private readonly languages = new Dictionary();
  private source = new Int32Array(this.capacity);
  private modelA = new Int32Array(this.capacity);
  private modelB = new Int32Array(this.capacity);
  private outcome = new Float64Array(this.capacity);
  private winner = new Int32Array(this.capacity);
  private prompt = new Int32Array(this.capacity);
  private judge = new Int32Array(this.capacity);
  private language = new Int32Array(this.capacity);
  private turn = new Int32Array(this.capacity);
  private anony = new Int8Array(this.capacity);
  private tstamp = new Float64Array(this.capacity);
  private line = new Int32Array(this.capacity);
  private styleA: Float64Array | null = null;
  private styleB: Float64Array | null = null;
  private currentSource = -1;

  constructor(private readonly styleFeatures: readonly string[]) {}

  get rowCount(): number {
    return this.n;
  }

  /** Rows added from now on come from `file`. */
  startSource(file: string): void {
    this.currentSource = this.sources.code(file);
  }

  private reserve(): void {
    if (this.n < this.capacity) return;
    const size = this.capacity * 2;
    this.source = grow(this.source, size);
    this.modelA = grow(this.modelA, size);
    this.modelB = grow(this.modelB, size);
    this.outcome = grow(this.outcome, size);
    this.winner = grow(this.winner, size);
    this.prompt = grow(this.prompt, size);
    this.judge = grow(this.judge, size);
    this.language = grow(this.language, size);
    this.turn = grow(this.turn, size);
    this.anony = grow(this.anony, size);
    this.tstamp = grow(this.tstamp, size);
    this.line = grow(this.line, size);
    const k = this.styleFeatures.length;
    if (this.styleA && this.styleB) {
      const a = new Float64Array(size * k).fill(Number.NaN);
      const b = new Float64Array(size * k).fill(Number.NaN);
      a.set(this.styleA);
      b.set(this.styleB);
      this.styleA = a;
      this.styleB = b;
    }
    this.capacity = size;
  }

  /** Adds `weight` copies of one battle (arena-hard's strong verdicts count several times). */
  add(row: BattleRow, file: string, line: number, weight = 1): void {
    if (row.modelA === row.modelB) {
      throw new EvalInputError(
        { file, ...(line > 0 ? { line } : {}), field: 'model_b' },
        `"${row.modelA}" against itself: a self-battle says nothing about ratings; remove it`,
      );
    }
    const a = this.models.code(row.modelA);
    const b = this.models.code(row.modelB);
    const w = this.winners.code(row.winner);
    const p = this.prompts.code(row.prompt);
    const j = this.judges.code(row.judge);
    const l = this.languages.code(row.language);
    const k = this.styleFeatures.length;
    for (let copy = 0; copy < weight; copy++) {
      this.reserve();
      const i = this.n++;
      this.source[i] = this.currentSource;
      this.modelA[i] = a;
      this.modelB[i] = b;
      this.outcome[i] = row.outcome;
      this.winner[i] = w;
      this.prompt[i] = p;
      this.judge[i] = j;
      this.language[i] = l;
      this.turn[i] = row.turn ?? 0;
      this.anony[i] = row.anony === true ? 1 : row.anony === false ? 0 : -1;
      this.tstamp[i] = row.tstamp ?? Number.NaN;
      this.line[i] = line;
      if ((row.styleA || row.styleB) && !this.styleA) {
        this.styleA = new Float64Array(this.capacity * k).fill(Number.NaN);
        this.styleB = new Float64Array(this.capacity * k).fill(Number.NaN);
      }
      if (this.styleA && this.styleB) {
        for (let q = 0; q < k; q++) {
          this.styleA[i * k + q] = row.styleA ? row.styleA[q] : Number.NaN;
          this.styleB[i * k + q] = row.styleB ? row.styleB[q] : Number.NaN;
        }
      }
    }
  }

  build(): BattleTable {
    const n = this.n;
    const column = (codes: Int32Array, dictionary: Dictionary): EvalStringColumn => ({
      codes: codes.slice(0, n),
      dictionary: dictionary.values,
    });
    const k = this.styleFeatures.length;
    const style: BattleStyle | null =
      this.styleA && this.styleB
        ? { features: this.styleFeatures, a: this.styleA.slice(0, n * k), b: this.styleB.slice(0, n * k) }
        : null;
    return {
      rowCount: n,
      source: column(this.source, this.sources),
      models: this.models.values,
      modelA: this.modelA.slice(0, n),
      modelB: this.modelB.slice(0, n),
      outcome: this.outcome.slice(0, n),
      winner: column(this.winner, this.winners),
      prompt: column(this.prompt, this.prompts),
      judge: column(this.judge, this.judges),
      language: column(this.language, this.languages),
      turn: this.turn.slice(0, n),
      anony: this.anony.slice(0, n),
      tstamp: this.tstamp.slice(0, n),
      style,
      line: this.line.slice(0, n),
    };
  }
}
