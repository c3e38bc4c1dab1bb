/**
 * Arrow record batches as Parquet columns (hyparquet-writer's column sources): the Parquet type
 * of each Arrow type evalsim writes, and each column's values.
 *
 * | Arrow | Parquet (physical, converted) | DuckDB reads |
 * | --- | --- | --- |
 * | Float64, Float32 | DOUBLE, FLOAT | DOUBLE, FLOAT |
 * | Int8, Int16, Int32 | INT32 (INT_8, INT_16, —) | TINYINT, SMALLINT, INTEGER |
 * | Uint8, Uint16 | INT32 (UINT_8, UINT_16) | UTINYINT, USMALLINT |
 * | Int64 | INT64 | BIGINT |
 * | Bool | BOOLEAN | BOOLEAN |
 * | Utf8, Dictionary of Utf8 | BYTE_ARRAY (UTF8), dictionary-encoded by the writer | VARCHAR |
 *
 * A nullable field is OPTIONAL (its nulls kept), any other REQUIRED. The schema's key–value
 * metadata (evalsim's provenance) is the Parquet file's key–value metadata. Another Arrow
 * type is refused naming the column (no evalsim table has one).
 */

import { type DataType, type Field, type RecordBatch, type Schema, Type, type Vector } from 'apache-arrow';
import type { ColumnSource } from 'hyparquet-writer';

/** A Parquet schema element, as hyparquet-writer takes it. */
export interface ParquetSchemaElement {
  readonly name: string;
  readonly type?: 'BOOLEAN' | 'INT32' | 'INT64' | 'FLOAT' | 'DOUBLE' | 'BYTE_ARRAY';
  readonly converted_type?: 'UTF8' | 'INT_8' | 'INT_16' | 'UINT_8' | 'UINT_16';
  readonly repetition_type?: 'REQUIRED' | 'OPTIONAL';
  readonly num_children?: number;
}

function physical(field: Field): Omit<ParquetSchemaElement, 'name' | 'repetition_type'> {
  const type: DataType = field.type;
  switch (type.typeId) {
    case Type.Float:
      return { type: (type as unknown as { precision: number }).precision === 2 ? 'DOUBLE' : 'FLOAT' };
    case Type.Int: {
      const { bitWidth, isSigned } = type as unknown as { bitWidth: number; isSigned: boolean };
      if (bitWidth === 64 && isSigned) return { type: 'INT64' };
      if (bitWidth === 32 && isSigned) return { type: 'INT32' };
      if (bitWidth === 16) return { type: 'INT32', converted_type: isSigned ? 'INT_16' : 'UINT_16' };
      if (bitWidth === 8) return { type: 'INT32', converted_type: isSigned ? 'INT_8' : 'UINT_8' };
      break;
    }
    case Type.Bool:
      return { type: 'BOOLEAN' };
    case Type.Utf8:
      return { type: 'BYTE_ARRAY', converted_type: 'UTF8' };
    case Type.Dictionary:
      if ((type as unknown as { dictionary: DataType }).dictionary.typeId === Type.Utf8)
        return { type: 'BYTE_ARRAY', converted_type: 'UTF8' };
      break;
  }
  throw new Error(
    `Parquet: column ${field.name} has Arrow type ${String(type)}, which evalsim does not write to Parquet`,
  );
}

/** The Parquet schema of an Arrow schema (root first, as the format lists it). */
export function parquetSchema(schema: Schema): ParquetSchemaElement[] {
  return [
    { name: 'root', num_children: schema.fields.length },
    ...schema.fields.map((field) => ({
      name: field.name,
      ...physical(field),
      repetition_type: field.nullable ? ('OPTIONAL' as const) : ('REQUIRED' as const),
    })),
  ];
}

/** The schema's key–value metadata, in its order. */
export function parquetKeyValues(schema: Schema): { key: string; value: string }[] {
  return [...schema.metadata].map(([key, value]) => ({ key, value }));
}

/** A column's values: the typed array itself when it has no nulls and is numeric, else one value per row. */
function columnValues(vector: Vector, element: ParquetSchemaElement): ColumnSource['data'] {
  const numeric = element.type !== 'BYTE_ARRAY' && element.type !== 'BOOLEAN';
  if (numeric && vector.nullCount === 0) {
    const values = vector.toArray() as ArrayLike<number>;
    // INT32 columns from 8- and 16-bit integers, as Int32 values.
    return element.type === 'INT32' && !(values instanceof Int32Array)
      ? Int32Array.from(values)
      : (values as Float64Array);
  }
  const out = new Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector.get(i);
  return out;
}

/** The column sources of one batch under `schema` (parquetSchema(batch.schema)). */
export function batchColumns(batch: RecordBatch, schema: readonly ParquetSchemaElement[]): ColumnSource[] {
  return batch.schema.fields.map((field, i) => ({
    name: field.name,
    data: columnValues(batch.getChildAt(i)!, schema[i + 1]),
  }));
}
