/**
 * The canonical eval table as an Arrow IPC file. Columns: `source`, `task`, `system`,
 * `question`, `cluster` (nullable), `metric` as Dictionary<Utf8, Int32> (dictionary ids
 * 0–5 in that order, fixed so that the bytes do not depend on what else the process
 * built), `epoch` Int32, `score` Float64, `correct` Bool (null when the score is not 0/1).
 * Schema metadata: `evalsim.eval.sources` (JSON list of {path, sha256, bytes, format,
 * formatVersion, tool, toolVersion?}), `evalsim.eval.options` (the import options, keys
 * sorted) and `evalsim.version`. Nothing run-dependent is stored, so the same inputs give
 * the same bytes. Written atomically (a temporary file in the same directory, then rename),
 * so an interrupted or failed write leaves no partial file.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  Bool,
  type Data,
  DataType,
  Dictionary,
  Field,
  Float64,
  Int32,
  makeData,
  Precision,
  RecordBatch,
  Schema,
  Struct,
  Table,
  tableFromIPC,
  tableToIPC,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import type { EvalSourceInfo } from './evalFormat.js';
import type { EvalWarning } from './evalInputError.js';
import { EvalInputError } from './evalInputError.js';
import {
  EVAL_COLUMNS,
  EVAL_STRING_COLUMNS,
  type EvalStringColumn,
  type EvalStringColumnName,
  type EvalTable,
} from './evalTable.js';
import type { EvalImportOptions } from './importOptions.js';

/** Where the rows came from and how they were imported. */
export interface EvalProvenance {
  readonly sources: readonly EvalSourceInfo[];
  readonly options: EvalImportOptions;
}

/** What `importEval` returns and `writeEvalArrow` writes. */
export interface ImportedEval {
  readonly table: EvalTable;
  readonly warnings: readonly EvalWarning[];
  readonly provenance: EvalProvenance;
}

export const EVAL_ARROW_METADATA = {
  sources: 'evalsim.eval.sources',
  options: 'evalsim.eval.options',
  version: 'evalsim.version',
} as const;

/** JSON with object keys sorted and undefined values dropped (deterministic text). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .filter((k) => v[k] !== undefined)
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

function validityBitmap(n: number, valid: (i: number) => boolean): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array((n + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    if (valid(i)) bitmap[i >> 3] |= 1 << (i & 7);
    else nulls++;
  }
  return { bitmap, nulls };
}

function dictionaryData(column: EvalStringColumn, id: number, n: number): Data {
  const type = new Dictionary(new Utf8(), new Int32(), id, false);
  const dictionary = vectorFromArray(column.dictionary as string[], new Utf8());
  const { bitmap, nulls } = validityBitmap(n, (i) => column.codes[i] >= 0);
  const codes = nulls > 0 ? column.codes.map((c) => Math.max(c, 0)) : column.codes;
  return makeData({
    type,
    length: n,
    nullCount: nulls,
    ...(nulls > 0 ? { nullBitmap: bitmap } : {}),
    data: codes,
    dictionary,
  });
}

/** The table and its provenance as Arrow IPC file bytes. */
export function evalToArrow(imported: ImportedEval, version: string): Uint8Array {
  const { table } = imported;
  const n = table.rowCount;
  const children: Record<string, Data> = {};
  EVAL_STRING_COLUMNS.forEach((name, id) => {
    children[name] = dictionaryData(table[name], id, n);
  });
  children.epoch = makeData({ type: new Int32(), length: n, data: table.epoch });
  children.score = makeData({ type: new Float64(), length: n, data: table.score });
  const correctBits = validityBitmap(n, (i) => table.score[i] === 1);
  const correctValid = validityBitmap(n, (i) => table.score[i] === 0 || table.score[i] === 1);
  children.correct = makeData({
    type: new Bool(),
    length: n,
    nullCount: correctValid.nulls,
    ...(correctValid.nulls > 0 ? { nullBitmap: correctValid.bitmap } : {}),
    data: correctBits.bitmap,
  });
  const fields = EVAL_COLUMNS.map(
    (name) => new Field(name, children[name].type, name === 'cluster' || name === 'correct'),
  );
  const metadata = new Map<string, string>([
    [EVAL_ARROW_METADATA.sources, stableJson(imported.provenance.sources)],
    [EVAL_ARROW_METADATA.options, stableJson(imported.provenance.options)],
    [EVAL_ARROW_METADATA.version, version],
  ]);
  const schema = new Schema(fields, metadata);
  const struct = makeData({
    type: new Struct(fields),
    length: n,
    children: EVAL_COLUMNS.map((name) => children[name]),
  });
  const batch = new RecordBatch(schema, struct);
  return tableToIPC(new Table(schema, [batch]), 'file');
}

/** Writes the table atomically to `path` (directories created as needed). */
export function writeEvalArrow(path: string, imported: ImportedEval, options: { version: string }): void {
  const bytes = evalToArrow(imported, options.version);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function readStringColumn(vector: Vector, name: string, file: string, nullable: boolean): EvalStringColumn {
  const n = vector.length;
  const codes = new Int32Array(n);
  const dictionary: string[] = [];
  const index = new Map<string, number>();
  let at = 0;
  for (const data of vector.data) {
    const type = data.type;
    if (!DataType.isDictionary(type) || !DataType.isUtf8(type.dictionary)) {
      throw new EvalInputError(
        { file, field: name },
        `column must be Dictionary<Utf8, Int32>, got ${String(type)}`,
      );
    }
    const local = (data.dictionary?.toArray() ?? []) as string[];
    const remap = local.map((s) => {
      let code = index.get(s);
      if (code === undefined) {
        code = dictionary.length;
        index.set(s, code);
        dictionary.push(s);
      }
      return code;
    });
    const values = data.values as Int32Array;
    for (let i = 0; i < data.length; i++, at++) {
      if (data.nullCount > 0 && !data.getValid(i)) {
        if (!nullable) throw new EvalInputError({ file, line: at + 2, field: name }, 'is null');
        codes[at] = -1;
      } else {
        const code = remap[values[data.offset + i]];
        if (code === undefined)
          throw new EvalInputError({ file, line: at + 2, field: name }, 'dictionary code out of range');
        codes[at] = code;
      }
    }
  }
  return { codes, dictionary };
}

function parseMetadata<T>(schema: Schema, key: string, file: string): T {
  const text = schema.metadata.get(key);
  if (text === undefined) {
    throw new EvalInputError(
      { file, field: key },
      'missing from the schema metadata: not an evalsim eval table',
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EvalInputError({ file, field: key }, 'is not valid JSON');
  }
}

/** True when an Arrow schema carries evalsim's eval-table metadata. */
export function isEvalArrowSchema(schema: Schema): boolean {
  return schema.metadata.has(EVAL_ARROW_METADATA.sources);
}

/** Reads a canonical eval table written by `writeEvalArrow` (`file` names it in errors). */
export function readEvalArrow(path: string, file = path): ImportedEval & { version: string } {
  let arrow: Table;
  try {
    arrow = tableFromIPC(readFileSync(path));
  } catch (error) {
    throw new EvalInputError({ file }, `not a readable Arrow IPC file (${(error as Error).message})`);
  }
  const sources = parseMetadata<EvalSourceInfo[]>(arrow.schema, EVAL_ARROW_METADATA.sources, file);
  const options = parseMetadata<EvalImportOptions>(arrow.schema, EVAL_ARROW_METADATA.options, file);
  const version = arrow.schema.metadata.get(EVAL_ARROW_METADATA.version) ?? 'unknown';
  const child = (name: string) => {
    const vector = arrow.getChild(name);
    if (!vector) throw new EvalInputError({ file, field: name }, 'column missing from the eval table');
    return vector;
  };
  const strings = Object.fromEntries(
    EVAL_STRING_COLUMNS.map((name) => [name, readStringColumn(child(name), name, file, name === 'cluster')]),
  ) as Record<EvalStringColumnName, EvalStringColumn>;
  const n = arrow.numRows;
  const epochVector = child('epoch');
  const scoreVector = child('score');
  const et = epochVector.type;
  const st = scoreVector.type;
  if (!(DataType.isInt(et) && et.bitWidth === 32 && et.isSigned)) {
    throw new EvalInputError({ file, field: 'epoch' }, `column must be Int32, got ${String(et)}`);
  }
  if (!(DataType.isFloat(st) && st.precision === Precision.DOUBLE)) {
    throw new EvalInputError({ file, field: 'score' }, `column must be Float64, got ${String(st)}`);
  }
  const epoch = Int32Array.from(epochVector.toArray() as Int32Array);
  const score = Float64Array.from(scoreVector.toArray() as Float64Array);
  const correct = arrow.getChild('correct');
  const epochNulls = epochVector.nullCount > 0;
  const scoreNulls = scoreVector.nullCount > 0;
  for (let i = 0; i < n; i++) {
    if (!(epoch[i] >= 1) || (epochNulls && epochVector.get(i) === null)) {
      throw new EvalInputError(
        { file, line: i + 2, field: 'epoch' },
        `epoch ${epochVector.get(i)} is not an integer ≥ 1`,
      );
    }
    if (!Number.isFinite(score[i]) || (scoreNulls && scoreVector.get(i) === null)) {
      throw new EvalInputError(
        { file, line: i + 2, field: 'score' },
        `score ${scoreVector.get(i)} is not a finite number`,
      );
    }
    if (correct) {
      const c = correct.get(i);
      const expected = score[i] === 1 ? true : score[i] === 0 ? false : null;
      if (c !== expected) {
        throw new EvalInputError(
          { file, line: i + 2, field: 'correct' },
          `${c} contradicts score ${score[i]}`,
        );
      }
    }
  }
  const table: EvalTable = { rowCount: n, ...strings, epoch, score, line: new Int32Array(n) };
  return { table, warnings: [], provenance: { sources, options }, version };
}
