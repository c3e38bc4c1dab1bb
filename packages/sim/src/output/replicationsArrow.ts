/**
 * The per-replication results file (`keep: ['replications']`, `<study>.replications.arrow`):
 * one row per (cell, replication, method) the method ran on, in that order, so any metric
 * can be computed later without a rerun (SimDesign's stored results). Columns:
 *
 *   cell (Int32), the grid parameters (as in the results file), replication (Int32),
 *   method (dictionary of the method ids), truth (Float64: the cell's true value),
 *   estimate, se, lower, upper, pTwoSided, pGreater, pLess (Float64), degenerate (Bool)
 *
 * Written batch by batch (ArrowFileStream); the caller fills `rows` and calls `flush`.
 * Provenance in the schema metadata (keptMetadata.ts).
 */
import {
  Bool,
  type Data,
  Dictionary,
  Field,
  Float64,
  Int32,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { boolData, dictionaryData, type GridColumn, gridColumn, typedData } from './arrowColumns.js';
import { ArrowFileStream } from './arrowFileStream.js';
import { type KeptMetadata, keptMetadataEntries } from './keptMetadata.js';

/** The Float64 result columns, in file order. */
export const REPLICATION_VALUE_COLUMNS = [
  'estimate',
  'se',
  'lower',
  'upper',
  'pTwoSided',
  'pGreater',
  'pLess',
] as const;

/** One batch's rows, filled by the caller up to `flush(length)`. */
export interface ReplicationRows {
  readonly replication: Int32Array;
  /** Index into the method ids. */
  readonly method: Int32Array;
  /** By REPLICATION_VALUE_COLUMNS. */
  readonly values: readonly Float64Array[];
  /** 1 degenerate, 0 not. */
  readonly degenerate: Uint8Array;
}

export class ReplicationsArrowWriter {
  /** Rows of the batch being filled (capacity `batchRows`). */
  readonly rows: ReplicationRows;
  private readonly file: ArrowFileStream;
  private readonly schema: Schema;
  private readonly grid: readonly GridColumn[];
  /** Dictionary ids are fixed (0 for methods, 1… for grid keys) so the bytes never depend on the process. */
  private readonly methodType = new Dictionary(new Utf8(), new Int32(), 0);
  private readonly methods;

  constructor(
    path: string,
    methods: readonly string[],
    private readonly metadata: KeptMetadata,
    readonly batchRows: number,
    /** Also write the rows as Parquet there (ArrowFileStream). */
    parquetPath?: string,
  ) {
    this.methods = vectorFromArray([...methods], new Utf8());
    this.grid = metadata.gridKeys.map((key, i) => gridColumn(key, metadata.cells, i + 1));
    const fields = [
      new Field('cell', new Int32(), false),
      ...this.grid.map((column) => new Field(column.key, column.type, false)),
      new Field('replication', new Int32(), false),
      new Field('method', this.methodType, false),
      new Field('truth', new Float64(), false),
      ...REPLICATION_VALUE_COLUMNS.map((name) => new Field(name, new Float64(), false)),
      new Field('degenerate', new Bool(), false),
    ];
    this.schema = new Schema(fields, keptMetadataEntries(metadata));
    this.rows = {
      replication: new Int32Array(batchRows),
      method: new Int32Array(batchRows),
      values: REPLICATION_VALUE_COLUMNS.map(() => new Float64Array(batchRows)),
      degenerate: new Uint8Array(batchRows),
    };
    this.file = new ArrowFileStream(path, this.schema, { parquetPath });
  }

  /** Writes the first `length` rows as one batch of `cell` (whose true value is `truth`). */
  flush(cell: number, truth: number, length: number): void {
    if (length === 0) return;
    const point = this.metadata.cells[cell];
    const children: Data[] = [
      typedData(new Int32(), new Int32Array(length).fill(cell), length),
      ...this.grid.map((column) => column.constant(point[column.key], length)),
      typedData(new Int32(), this.rows.replication, length),
      dictionaryData(this.methodType, this.methods, this.rows.method, length),
      typedData(new Float64(), new Float64Array(length).fill(truth), length),
      ...this.rows.values.map((values) => typedData(new Float64(), values, length)),
      boolData(this.rows.degenerate, length),
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
