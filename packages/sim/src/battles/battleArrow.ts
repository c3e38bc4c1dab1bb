/**
 * The battle table as an Arrow IPC file (writeBattleArrow / readBattleArrow). Columns, in order:
 * source, model_a, model_b (Dictionary<Utf8, Int32>, both over the whole model list, so their
 * codes agree), outcome (Float64, model_a's score), winner, question_id, judge, language
 * (dictionaries; the last three nullable), turn (Int32, 0 = unknown), anony (Bool, nullable),
 * tstamp (Float64, nullable), then per style feature `style_a:<feature>` and `style_b:<feature>`
 * (Float64, nullable). Schema metadata: `evalsim.battles.sources` (the files read, with sha256),
 * `evalsim.battles.options` and `evalsim.version`. Fixed dictionary ids and sorted metadata keys:
 * the same import gives the same bytes (the eval table's rules, evals/writeEvalArrow.ts).
 */
import { readFileSync } from 'node:fs';
import {
  Bool,
  type Data,
  DataType,
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
  type Vector,
} from 'apache-arrow';
import { EvalInputError } from '../evals/evalInputError.js';
import type { EvalStringColumn } from '../evals/evalTable.js';
import { parseMetadata, readStringColumn } from '../evals/readEvalArrow.js';
import { dictionaryData, stableJson, validityBitmap } from '../evals/writeEvalArrow.js';
import { writeFileAtomic } from '../output/atomicWrite.js';
import type { BattleImportOptions, BattleSourceInfo, BattleTable, ImportedBattles } from './battleTable.js';

export const BATTLE_ARROW_METADATA = {
  sources: 'evalsim.battles.sources',
  options: 'evalsim.battles.options',
  version: 'evalsim.version',
} as const;

function float(values: Float64Array, n: number): Data {
  const { bitmap, nulls } = validityBitmap(n, (i) => !Number.isNaN(values[i]));
  return makeData({
    type: new Float64(),
    length: n,
    nullCount: nulls,
    ...(nulls > 0 ? { nullBitmap: bitmap } : {}),
    data: values,
  });
}

/** The battle table and its provenance as Arrow IPC file bytes. */
export function battlesToArrow(imported: ImportedBattles, version: string): Uint8Array {
  const t = imported.table;
  const n = t.rowCount;
  const models = t.models as string[];
  const columns: [string, Data, boolean][] = [
    ['source', dictionaryData(t.source, 0, n), false],
    ['model_a', dictionaryData({ codes: t.modelA, dictionary: models }, 1, n), false],
    ['model_b', dictionaryData({ codes: t.modelB, dictionary: models }, 2, n), false],
    ['outcome', makeData({ type: new Float64(), length: n, data: t.outcome }), false],
    ['winner', dictionaryData(t.winner, 3, n), false],
    ['question_id', dictionaryData(t.prompt, 4, n), true],
    ['judge', dictionaryData(t.judge, 5, n), true],
    ['language', dictionaryData(t.language, 6, n), true],
    ['turn', makeData({ type: new Int32(), length: n, data: t.turn }), false],
  ];
  const anonyValid = validityBitmap(n, (i) => t.anony[i] >= 0);
  const anonyBits = validityBitmap(n, (i) => t.anony[i] === 1);
  columns.push([
    'anony',
    makeData({
      type: new Bool(),
      length: n,
      nullCount: anonyValid.nulls,
      ...(anonyValid.nulls > 0 ? { nullBitmap: anonyValid.bitmap } : {}),
      data: anonyBits.bitmap,
    }),
    true,
  ]);
  columns.push(['tstamp', float(t.tstamp, n), true]);
  if (t.style) {
    const k = t.style.features.length;
    for (const [side, values] of [
      ['a', t.style.a],
      ['b', t.style.b],
    ] as const) {
      t.style.features.forEach((feature, q) => {
        const col = new Float64Array(n);
        for (let i = 0; i < n; i++) col[i] = values[i * k + q];
        columns.push([`style_${side}:${feature}`, float(col, n), true]);
      });
    }
  }
  const fields = columns.map(([name, data, nullable]) => new Field(name, data.type, nullable));
  const metadata = new Map<string, string>([
    [BATTLE_ARROW_METADATA.sources, stableJson(imported.provenance.sources)],
    [BATTLE_ARROW_METADATA.options, stableJson(imported.provenance.options)],
    [BATTLE_ARROW_METADATA.version, version],
  ]);
  const schema = new Schema(fields, metadata);
  const struct = makeData({ type: new Struct(fields), length: n, children: columns.map(([, d]) => d) });
  return tableToIPC(new Table(schema, [new RecordBatch(schema, struct)]), 'file');
}

/** Writes the battle table atomically. */
export function writeBattleArrow(
  path: string,
  imported: ImportedBattles,
  options: { version: string },
): void {
  writeFileAtomic(path, battlesToArrow(imported, options.version));
}

/** True when an Arrow schema is a battle table's. */
export function isBattleArrowSchema(metadata: Map<string, string>): boolean {
  return metadata.has(BATTLE_ARROW_METADATA.sources);
}

function checkFloat(vector: Vector, name: string, file: string): void {
  const type = vector.type;
  if (!(DataType.isFloat(type) && type.precision === Precision.DOUBLE)) {
    throw new EvalInputError({ file, field: name }, `column must be Float64, got ${String(type)}`);
  }
}

/** Float64 values with null → NaN. */
function floats(vector: Vector, name: string, file: string): Float64Array {
  checkFloat(vector, name, file);
  const out = new Float64Array(vector.length);
  for (let i = 0; i < vector.length; i++) {
    const v = vector.get(i);
    out[i] = v === null ? Number.NaN : (v as number);
  }
  return out;
}

/** Reads a battle table written by {@link writeBattleArrow}; every problem names the file, row (line row + 2) and column. */
export function readBattleArrow(path: string, file = path): ImportedBattles & { version: string } {
  let arrow: Table;
  try {
    arrow = tableFromIPC(readFileSync(path));
  } catch (error) {
    throw new EvalInputError({ file }, `not a readable Arrow IPC file (${(error as Error).message})`);
  }
  const sources = parseMetadata<BattleSourceInfo[]>(arrow.schema, BATTLE_ARROW_METADATA.sources, file);
  const options = parseMetadata<BattleImportOptions>(arrow.schema, BATTLE_ARROW_METADATA.options, file);
  const version = arrow.schema.metadata.get(BATTLE_ARROW_METADATA.version) ?? 'unknown';
  const child = (name: string) => {
    const v = arrow.getChild(name);
    if (!v) throw new EvalInputError({ file, field: name }, 'column missing from the battle table');
    return v;
  };
  const n = arrow.numRows;
  const strings = (name: string, nullable: boolean): EvalStringColumn =>
    readStringColumn(child(name), name, file, nullable);
  const a = strings('model_a', false);
  const b = strings('model_b', false);
  // One model list: model_a's, then any model only model_b names.
  const models = [...a.dictionary];
  const index = new Map(models.map((m, i) => [m, i]));
  const remapB = b.dictionary.map((m) => {
    let c = index.get(m);
    if (c === undefined) {
      c = models.length;
      index.set(m, c);
      models.push(m);
    }
    return c;
  });
  const modelB = Int32Array.from(b.codes, (c) => remapB[c]);
  const outcome = floats(child('outcome'), 'outcome', file);
  for (let i = 0; i < n; i++) {
    if (!(outcome[i] >= 0 && outcome[i] <= 1)) {
      throw new EvalInputError(
        { file, line: i + 2, field: 'outcome' },
        `${outcome[i]} is not a score in [0, 1]`,
      );
    }
    if (a.codes[i] === modelB[i]) {
      throw new EvalInputError(
        { file, line: i + 2, field: 'model_b' },
        `"${models[a.codes[i]]}" against itself`,
      );
    }
  }
  const turnVector = child('turn');
  if (!(DataType.isInt(turnVector.type) && turnVector.type.bitWidth === 32)) {
    throw new EvalInputError({ file, field: 'turn' }, `column must be Int32, got ${String(turnVector.type)}`);
  }
  const anonyVector = child('anony');
  const anony = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    const v = anonyVector.get(i);
    anony[i] = v === null ? -1 : v ? 1 : 0;
  }
  const styleNames = arrow.schema.fields.map((f) => f.name).filter((name) => name.startsWith('style_a:'));
  let style: BattleTable['style'] = null;
  if (styleNames.length > 0) {
    const features = styleNames.map((name) => name.slice('style_a:'.length));
    const k = features.length;
    const sa = new Float64Array(n * k);
    const sb = new Float64Array(n * k);
    features.forEach((feature, q) => {
      const va = floats(child(`style_a:${feature}`), `style_a:${feature}`, file);
      const vb = floats(child(`style_b:${feature}`), `style_b:${feature}`, file);
      for (let i = 0; i < n; i++) {
        sa[i * k + q] = va[i];
        sb[i * k + q] = vb[i];
      }
    });
    style = { features, a: sa, b: sb };
  }
  const table: BattleTable = {
    rowCount: n,
    source: strings('source', false),
    models,
    modelA: a.codes,
    modelB,
    outcome,
    winner: strings('winner', false),
    prompt: strings('question_id', true),
    judge: strings('judge', true),
    language: strings('language', true),
    turn: Int32Array.from(turnVector.toArray() as Int32Array),
    anony,
    tstamp: floats(child('tstamp'), 'tstamp', file),
    style,
    line: new Int32Array(n),
  };
  return { table, warnings: [], provenance: { sources, options }, version };
}
