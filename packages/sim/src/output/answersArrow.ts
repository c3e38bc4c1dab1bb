/**
 * The item-level answers file (`keep: ['answers']`, `<study>.answers.arrow`; what
 * `evalsim leaderboard` exports): one row per (cell, replication, system, answer slot), in
 * that order. Columns, each the smallest type that holds its values:
 *
 *   cell (Uint8/Uint16/Int32), replication (Uint16, or Int32 beyond 65,536 replications),
 *   model (Uint8, or Uint16 beyond 256 systems: the system or copy, 0-based),
 *   question (dictionary of the population's question ids), cluster (dictionary of its
 *   cluster names; only when the questions have clusters), correct (Uint8: 1 right, 0 wrong)
 *
 * Written batch by batch (ArrowFileStream); the caller fills `rows` and calls `flush`.
 * Provenance in the schema metadata (keptMetadata.ts).
 */
import {
  type Data,
  Dictionary,
  Field,
  type Int,
  Int16,
  Int32,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Uint8,
  Uint16,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import type { AnswerSheet } from '../base/roles.js';
import { type DictionaryIndex, dictionaryData, indexType, integerArray, typedData } from './arrowColumns.js';
import { ArrowFileStream } from './arrowFileStream.js';
import { type KeptMetadata, keptMetadataEntries } from './keptMetadata.js';

type IndexArray = Uint8Array | Uint16Array | Int8Array | Int16Array | Int32Array;

/** One batch's rows, filled by the caller up to `flush(length)`. */
export interface AnswerRows {
  readonly replication: IndexArray;
  readonly model: IndexArray;
  /** Population question index. */
  readonly question: IndexArray;
  /** Cluster index of the question (when the sheet has clusters). */
  readonly cluster: IndexArray | null;
  readonly correct: Uint8Array;
}

interface DictionaryColumn {
  readonly type: Dictionary<Utf8, DictionaryIndex>;
  readonly values: Vector<Utf8>;
}

/**
 * A dictionary of `names` with id `id` (fixed, so the file's bytes do not depend on how many
 * dictionaries this process made before), Int16 indices (Int32 beyond 32,767 names).
 */
function dictionaryColumn(names: readonly string[], id: number): DictionaryColumn {
  return {
    type: new Dictionary(new Utf8(), names.length <= 32767 ? new Int16() : new Int32(), id),
    values: vectorFromArray([...names], new Utf8()),
  };
}

/**
 * The size of an answers file in bytes, estimated before a run from the same column types the
 * writer picks: rows (cells × replications × systems × slots) × the bytes of one row's values
 * — without the dictionaries, padding and metadata, which add under 1% to a file large enough
 * to warn about (a 1,000-leaderboard export of 20 copies × 1,140 questions: 205 MB, 9 bytes a row).
 */
export function answersFileBytes(sheet: AnswerSheet, cells: number, replications: number): number {
  const bytes = (t: Int) => t.bitWidth / 8;
  const row =
    bytes(indexType(Math.max(0, cells - 1))) +
    (replications <= 65536 ? 2 : 4) +
    (sheet.systems <= 256 ? 1 : 2) +
    (sheet.questionIds.length <= 32767 ? 2 : 4) +
    (sheet.clusters ? (sheet.clusters.names.length <= 32767 ? 2 : 4) : 0) +
    1;
  return cells * replications * sheet.systems * sheet.slots * row;
}

export class AnswersArrowWriter {
  readonly rows: AnswerRows;
  private readonly file: ArrowFileStream;
  private readonly schema: Schema;
  private readonly cellType: Int;
  private readonly replicationType: Int;
  private readonly modelType: Int;
  private readonly question: DictionaryColumn;
  private readonly cluster: DictionaryColumn | null;

  constructor(
    path: string,
    sheet: AnswerSheet,
    metadata: KeptMetadata,
    readonly batchRows: number,
    /** Also write the rows as Parquet there (ArrowFileStream). */
    parquetPath?: string,
  ) {
    this.cellType = indexType(metadata.cells.length - 1);
    this.replicationType = metadata.replications <= 65536 ? new Uint16() : new Int32();
    this.modelType = sheet.systems <= 256 ? new Uint8() : new Uint16();
    this.question = dictionaryColumn(sheet.questionIds, 0);
    this.cluster = sheet.clusters ? dictionaryColumn(sheet.clusters.names, 1) : null;
    const fields = [
      new Field('cell', this.cellType, false),
      new Field('replication', this.replicationType, false),
      new Field('model', this.modelType, false),
      new Field('question', this.question.type, false),
      ...(this.cluster ? [new Field('cluster', this.cluster.type, false)] : []),
      new Field('correct', new Uint8(), false),
    ];
    this.schema = new Schema(fields, keptMetadataEntries(metadata));
    this.rows = {
      replication: integerArray(this.replicationType, batchRows),
      model: integerArray(this.modelType, batchRows),
      question: integerArray(this.question.type.indices, batchRows),
      cluster: this.cluster ? integerArray(this.cluster.type.indices, batchRows) : null,
      correct: new Uint8Array(batchRows),
    };
    this.file = new ArrowFileStream(path, this.schema, { parquetPath });
  }

  /** Writes the first `length` rows as one batch of `cell`. */
  flush(cell: number, length: number): void {
    if (length === 0) return;
    const cells = integerArray(this.cellType, length).fill(cell);
    const children: Data[] = [
      typedData(this.cellType, cells, length),
      typedData(this.replicationType, this.rows.replication, length),
      typedData(this.modelType, this.rows.model, length),
      dictionaryData(this.question.type, this.question.values, this.rows.question, length),
      ...(this.cluster && this.rows.cluster
        ? [dictionaryData(this.cluster.type, this.cluster.values, this.rows.cluster, length)]
        : []),
      typedData(new Uint8(), this.rows.correct, length),
    ];
    const data = makeData({ type: new Struct(this.schema.fields), length, children, nullCount: 0 });
    this.file.write(new RecordBatch(this.schema, data));
  }

  close(): void {
    this.file.close();
  }

  abort(): void {
    this.file.abort();
  }
}
