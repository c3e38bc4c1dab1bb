/**
 * Parquet beside Arrow: the Parquet bytes of an Arrow IPC file's table (every record batch a
 * row group, the schema's metadata as the file's key–value metadata; types as
 * parquetColumns.ts maps them), and the rule that names the Parquet twin of an Arrow file —
 * `x.arrow` → `x.parquet` (any other name gets `.parquet` appended). Made from the very bytes of
 * the Arrow file, so both hold the same rows and values.
 */
import { type RecordBatch, tableFromIPC } from 'apache-arrow';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { batchColumns, parquetKeyValues, parquetSchema } from './parquetColumns.js';
import { PARQUET_CREATED_BY } from './parquetFileStream.js';

/** The Parquet twin of an Arrow file's path. */
export function parquetPathOf(arrowPath: string): string {
  return /\.arrow$/i.test(arrowPath) ? arrowPath.replace(/\.arrow$/i, '.parquet') : `${arrowPath}.parquet`;
}

/** The Parquet file of the table in `arrow` (Arrow IPC file or stream bytes). */
export function parquetFromArrow(arrow: Uint8Array): Uint8Array {
  const table = tableFromIPC(arrow);
  const elements = parquetSchema(table.schema);
  const out = new ByteWriter();
  const writer = new ParquetWriter({
    writer: out,
    schema: elements as never,
    kvMetadata: parquetKeyValues(table.schema),
    createdBy: PARQUET_CREATED_BY,
  });
  for (const batch of table.batches as RecordBatch[])
    if (batch.numRows > 0)
      writer.write({ columnData: batchColumns(batch, elements), rowGroupSize: batch.numRows });
  writer.finish();
  return out.getBytes().slice();
}
