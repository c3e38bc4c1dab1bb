/**
 * Writes the canonical eval table (evalArrow.ts) as an Arrow IPC file. Dictionary ids 0–5
 * are fixed (source, task, system, question, cluster, metric; 6 the optional answer) so that the bytes do not
 * depend on what else the process built; nothing run-dependent is stored, so the same
 * inputs give the same bytes. Written atomically (a temporary file in the same directory,
 * then rename), so a failed write leaves no partial file.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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
  Table,
  tableToIPC,
  Utf8,
  vectorFromArray,
} from 'apache-arrow';
import { EVAL_ARROW_METADATA, type ImportedEval } from './evalArrow.js';
import { EVAL_ANSWER_COLUMN, EVAL_COLUMNS, EVAL_STRING_COLUMNS, type EvalStringColumn } from './evalTable.js';

/** JSON with object keys sorted and undefined values dropped (deterministic text). */
export function stableJson(value: unknown): string {
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

export function validityBitmap(
  n: number,
  valid: (i: number) => boolean,
): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array((n + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    if (valid(i)) bitmap[i >> 3] |= 1 << (i & 7);
    else nulls++;
  }
  return { bitmap, nulls };
}

export function dictionaryData(column: EvalStringColumn, id: number, n: number): Data {
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
  const unhashed = imported.provenance.sources.find((s) => s.sha256 === null);
  if (unhashed)
    throw new TypeError(
      `evalToArrow: ${unhashed.path} was imported without its digest (importEval's digests: false); an eval table records every file's SHA-256`,
    );
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
  // The optional columns go last, each only when the table has it, so a table without them has
  // exactly the bytes it had before they existed: answer (dictionary id 6, when some row has an
  // answer), then order (EvalTable.order).
  const names: string[] = [...EVAL_COLUMNS];
  if (table.answer !== undefined) {
    children[EVAL_ANSWER_COLUMN] = dictionaryData(table.answer, EVAL_STRING_COLUMNS.length, n);
    names.push(EVAL_ANSWER_COLUMN);
  }
  if (table.order) {
    children.order = makeData({ type: new Float64(), length: n, data: table.order });
    names.push('order');
  }
  const fields = names.map(
    (name) =>
      new Field(
        name,
        children[name].type,
        name === 'cluster' || name === 'correct' || name === EVAL_ANSWER_COLUMN,
      ),
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
    children: names.map((name) => children[name]),
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
