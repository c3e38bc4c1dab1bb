/**
 * Rows of an Arrow record batch as plain records (column name → value) for printing:
 * integers as numbers (a 64-bit one beyond 2^53 as its exact decimal text), dictionary
 * values as their strings, lists and structs as JSON-ready values, dates as ISO text,
 * binary as its byte count.
 */
import type { RecordBatch } from 'apache-arrow';

export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };
export type PlainRecord = Record<string, PlainValue>;

/** One Arrow cell as a plain value (see the module comment). */
export function plainValue(value: unknown): PlainValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    default:
      break;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  const json = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof json === 'function') {
    const plain = json.call(value);
    if (Array.isArray(plain)) return plain.map(plainValue);
    if (plain !== null && typeof plain === 'object')
      return Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, plainValue(v)]));
    return plainValue(plain);
  }
  if (ArrayBuffer.isView(value))
    return Array.from(value as unknown as ArrayLike<number>, (v) => plainValue(v));
  return String(value);
}

/** The rows of `batch` as records of the columns `names` (schema order), one at a time. */
export function* batchRecords(batch: RecordBatch, names: readonly string[]): Generator<PlainRecord> {
  const vectors = names.map((name) => batch.getChild(name));
  for (let i = 0; i < batch.numRows; i++) {
    const record: PlainRecord = {};
    names.forEach((name, j) => {
      record[name] = plainValue(vectors[j]?.get(i));
    });
    yield record;
  }
}
