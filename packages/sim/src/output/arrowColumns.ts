/**
 * Column builders for the batch-by-batch Arrow writers: typed-array columns as Arrow Data
 * without copying, Booleans packed into bitmaps, columns whose value is constant over a
 * batch (a cell's grid values), and dictionary columns over one shared dictionary.
 */
import {
  Bool,
  type Data,
  type DataType,
  Dictionary,
  Float64,
  type Int,
  Int8,
  Int16,
  Int32,
  makeData,
  Uint8,
  Uint16,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import type { ParamValue } from '../base/cellParams.js';

/** Index types of the dictionary columns. */
export type DictionaryIndex = Int8 | Int16 | Int32;

/** The smallest unsigned integer type holding 0 … max (Uint8, Uint16, else Int32). */
export function indexType(max: number): Uint8 | Uint16 | Int32 {
  if (max <= 255) return new Uint8();
  if (max <= 65535) return new Uint16();
  return new Int32();
}

/** A typed array for values of integer type `type`, of length `length`. */
export function integerArray(
  type: Int,
  length: number,
): Uint8Array | Uint16Array | Int8Array | Int16Array | Int32Array {
  if (type instanceof Uint8) return new Uint8Array(length);
  if (type instanceof Uint16) return new Uint16Array(length);
  if (type instanceof Int8) return new Int8Array(length);
  if (type instanceof Int16) return new Int16Array(length);
  return new Int32Array(length);
}

/** Data of `type` over the first `length` values of `values` (no copy). */
export function typedData<T extends DataType>(
  type: T,
  values: ArrayLike<number> & ArrayBufferView,
  length: number,
): Data<T> {
  const view = (values as unknown as Int32Array).subarray(0, length);
  return makeData({ type, length, data: view } as never) as Data<T>;
}

/** A Bool column of the first `length` 0/1 values of `flags`, packed into a bitmap. */
export function boolData(flags: Uint8Array, length: number): Data<Bool> {
  const bits = new Uint8Array((length + 7) >> 3);
  for (let i = 0; i < length; i++) if (flags[i]) bits[i >> 3] |= 1 << (i & 7);
  return makeData({ type: new Bool(), length, data: bits });
}

/** A dictionary column of `indices` into the shared `dictionary` (type `type`). */
export function dictionaryData(
  type: Dictionary<Utf8, DictionaryIndex>,
  dictionary: Vector<Utf8>,
  indices: ArrayLike<number> & ArrayBufferView,
  length: number,
): Data<Dictionary<Utf8, DictionaryIndex>> {
  const view = (indices as unknown as Int32Array).subarray(0, length);
  return makeData({ type, length, data: view, dictionary });
}

/** How a grid key's values are stored: Float64, Bool, or Utf8 (lists and mixed values as JSON text) in a dictionary. */
export interface GridColumn {
  readonly key: string;
  readonly type: Float64 | Bool | Dictionary<Utf8, DictionaryIndex>;
  /** The column of one batch whose rows all hold `value`. */
  constant(value: ParamValue, length: number): Data;
}

function gridText(value: ParamValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The column of grid key `key` over the values it takes in `points` (same rule as the
 * results file); a dictionary column gets the fixed id `dictionaryId`.
 */
export function gridColumn(
  key: string,
  points: readonly Readonly<Record<string, ParamValue>>[],
  dictionaryId: number,
): GridColumn {
  const values = points.map((point) => point[key]);
  if (values.every((v) => typeof v === 'number')) {
    return {
      key,
      type: new Float64(),
      constant: (value, length) =>
        typedData(new Float64(), new Float64Array(length).fill(value as number), length),
    };
  }
  if (values.every((v) => typeof v === 'boolean')) {
    return {
      key,
      type: new Bool(),
      constant: (value, length) => boolData(new Uint8Array(length).fill(value ? 1 : 0), length),
    };
  }
  const texts = [...new Set(values.map(gridText))];
  const dictionary = vectorFromArray(texts, new Utf8());
  const type = new Dictionary(new Utf8(), new Int32(), dictionaryId);
  return {
    key,
    type,
    constant: (value, length) =>
      dictionaryData(type, dictionary, new Int32Array(length).fill(texts.indexOf(gridText(value))), length),
  };
}
