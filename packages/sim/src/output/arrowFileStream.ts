/**
 * An Arrow IPC file written record batch by record batch, for outputs too large to hold
 * (2M+ rows of per-replication results or item-level answers): each batch is encoded by
 * apache-arrow's RecordBatchFileWriter and its bytes go straight to a temporary file in
 * the target directory, synchronously, so memory stays that of one batch; `close` writes
 * the footer and renames the file into place (atomic: a reader never sees a half-written
 * file), `abort` removes it. Dictionary columns must share one dictionary vector across
 * batches (the file format allows no replacement dictionaries). With `parquetPath`, every batch
 * also goes to a Parquet file there (ParquetFileStream: one row group per batch), closed and
 * aborted with this one.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type RecordBatch, RecordBatchFileWriter, type Schema } from 'apache-arrow';
import { ParquetFileStream } from './parquetFileStream.js';

/** RecordBatchFileWriter whose every byte goes to a file descriptor as it is produced. */
class FileDescriptorWriter extends RecordBatchFileWriter {
  fd = -1;

  protected override _write(chunk: string | ArrayBufferView | ArrayBuffer): this {
    if (!this._started) return this;
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : ArrayBuffer.isView(chunk)
          ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : new Uint8Array(chunk);
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(this.fd, bytes, written);
    this._position += bytes.byteLength;
    return this;
  }
}

export class ArrowFileStream {
  private readonly writer = new FileDescriptorWriter();
  private readonly temporary: string;
  private readonly parquet: ParquetFileStream | undefined;
  private open = true;

  constructor(
    readonly path: string,
    readonly schema: Schema,
    options: { readonly parquetPath?: string | undefined } = {},
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.parquet =
      options.parquetPath !== undefined ? new ParquetFileStream(options.parquetPath, schema) : undefined;
    this.temporary = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    this.writer.fd = openSync(this.temporary, 'w');
    this.writer.reset(undefined, schema);
  }

  /** Appends one record batch (its schema must be this file's). */
  write(batch: RecordBatch): void {
    this.writer.write(batch);
    this.parquet?.write(batch);
  }

  /** Writes the footer and moves the file into place. */
  close(): void {
    if (!this.open) return;
    this.open = false;
    this.writer.close();
    closeSync(this.writer.fd);
    renameSync(this.temporary, this.path);
    this.parquet?.close();
  }

  /** Discards the file (after a failure). */
  abort(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.writer.fd);
    rmSync(this.temporary, { force: true });
    this.parquet?.abort();
  }
}
