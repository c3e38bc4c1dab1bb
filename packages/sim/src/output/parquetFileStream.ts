/**
 * A Parquet file written record batch by record batch (hyparquet-writer's ParquetWriter, one
 * row group per batch), beside the Arrow file of the same rows (ArrowFileStream's `parquetPath`)
 * or from a whole table (parquetFromArrow.ts): its bytes go to a temporary file in the target
 * directory a megabyte at a time, so memory stays that of one batch; `close` writes the footer
 * and renames the file into place, `abort` removes it. The same batches give the same bytes.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RecordBatch, Schema } from 'apache-arrow';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import {
  batchColumns,
  type ParquetSchemaElement,
  parquetKeyValues,
  parquetSchema,
} from './parquetColumns.js';

/** The writer named in every file's footer. */
export const PARQUET_CREATED_BY = 'evalsim (hyparquet-writer)';

/** Bytes held before they go to the file. */
const FLUSH_BYTES = 1 << 20;

/** hyparquet-writer's byte writer, emptied into a file descriptor past FLUSH_BYTES and at each row group. */
class FileDescriptorByteWriter extends ByteWriter {
  constructor(private readonly fd: number) {
    super(FLUSH_BYTES + 1024);
  }

  override ensure(size: number): void {
    if (this.index > FLUSH_BYTES) this.flush();
    super.ensure(size);
  }

  flush(): void {
    const bytes = new Uint8Array(this.buffer, 0, this.index);
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(this.fd, bytes, written);
    this.index = 0;
  }

  override finish(): void {
    this.flush();
  }
}

export class ParquetFileStream {
  private readonly temporary: string;
  private readonly fd: number;
  private readonly writer: ParquetWriter;
  private readonly elements: ParquetSchemaElement[];
  private open = true;

  constructor(
    readonly path: string,
    schema: Schema,
  ) {
    this.elements = parquetSchema(schema);
    mkdirSync(dirname(path), { recursive: true });
    this.temporary = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    this.fd = openSync(this.temporary, 'w');
    try {
      this.writer = new ParquetWriter({
        writer: new FileDescriptorByteWriter(this.fd),
        schema: this.elements as never,
        kvMetadata: parquetKeyValues(schema),
        createdBy: PARQUET_CREATED_BY,
      });
    } catch (error) {
      this.abort();
      throw error;
    }
  }

  /** Appends one record batch as a row group (its schema must be this file's). */
  write(batch: RecordBatch): void {
    if (batch.numRows === 0) return;
    this.writer.write({ columnData: batchColumns(batch, this.elements), rowGroupSize: batch.numRows });
  }

  /** Writes the footer and moves the file into place. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.writer.finish();
    closeSync(this.fd);
    renameSync(this.temporary, this.path);
  }

  /** Discards the file (after a failure). */
  abort(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.fd);
    rmSync(this.temporary, { force: true });
  }
}
