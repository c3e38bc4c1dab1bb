/**
 * Opening an Arrow IPC file (file format, `ARROW1…`, or stream format) for reading record
 * batch by record batch, so a file of millions of rows prints its first rows at once and
 * never has to fit in memory. A path that is missing, a folder, empty or not Arrow is
 * refused with a plain message before anything is read — and without echoing any of its
 * bytes.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { arrowFileProblem, notRegularFile } from '@evalsim/sim/internal';
import { type RecordBatch, RecordBatchReader, type Schema } from 'apache-arrow';

/** The Arrow file format's magic bytes (the stream format starts with 0xFFFFFFFF instead). */
const FILE_MAGIC = 'ARROW1';

/** An open Arrow file: its schema and metadata, and its record batches in order. */
export interface ArrowSource {
  readonly schema: Schema;
  readonly metadata: ReadonlyMap<string, string>;
  readonly batches: AsyncIterable<RecordBatch>;
  /** Releases the file (safe to call twice). */
  close(): Promise<void>;
}

/** A file that cannot be shown, with the reason (the path as the user gave it). */
export class ArrowFileError extends Error {}

async function firstBytes(path: string, count: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Opens `path` (absolute) for streaming; `shown` is the path as the user typed it, for messages. */
export async function openArrowFile(path: string, shown: string): Promise<ArrowSource> {
  if (!existsSync(path)) throw new ArrowFileError(`no file ${shown}`);
  const stats = statSync(path);
  if (stats.isDirectory()) throw new ArrowFileError(`${shown} is a folder, not an Arrow file`);
  // A FIFO, socket or device is refused before it is opened (a FIFO's read would block).
  if (!stats.isFile()) throw new ArrowFileError(`${shown} ${notRegularFile(stats)}`);
  if (stats.size === 0) throw new ArrowFileError(`${shown} is an empty file (0 bytes), not an Arrow file`);
  const head = await firstBytes(path, 8);
  const isFile = head.subarray(0, FILE_MAGIC.length).toString('latin1') === FILE_MAGIC;
  const isStream = head.length >= 4 && head.readUInt32LE(0) === 0xffffffff;
  if (!isFile && !isStream) {
    throw new ArrowFileError(
      `${shown} is not an Arrow IPC file (it does not start with the Arrow magic bytes; evalsim show reads .arrow files such as evalsim run writes)`,
    );
  }
  const problem = isFile ? arrowFileProblem(path) : undefined;
  if (problem) throw new ArrowFileError(`${shown} ${problem}`);
  const handle = isFile ? await open(path, 'r') : undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle?.close();
  };
  try {
    const reader = handle
      ? await RecordBatchReader.from(handle)
      : await RecordBatchReader.from(createReadStream(path) as unknown as AsyncIterable<Uint8Array>);
    await reader.open();
    return {
      schema: reader.schema,
      metadata: reader.schema.metadata,
      batches: {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const batch of reader) yield batch;
          } catch (error) {
            throw new ArrowFileError(`${shown}: the file is damaged (${(error as Error).message})`);
          } finally {
            await close();
          }
        },
      },
      close,
    };
  } catch (error) {
    await close();
    if (error instanceof ArrowFileError) throw error;
    throw new ArrowFileError(`${shown} cannot be read as Arrow (${(error as Error).message})`);
  }
}
