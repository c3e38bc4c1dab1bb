/**
 * Reads a battle table written by writeBattleArrow.ts (opened by evals/canonicalArrow.ts, as the
 * eval table is: regular files only, the IPC framing checked first). Only `tableFromIPC` is imported from
 * apache-arrow and column types are checked by their type ids: the simulation workers load this
 * file (models/battleArena.ts reads a design file) with Arrow's reader alone (scripts/bundle.mjs's
 * lazy-arrow stub), so the eval table's reader (evals/readEvalArrow.ts, which imports Arrow's type
 * classes) is not used. Every problem names the file, the row (line row + 2) and the column.
 */
import type { Vector } from 'apache-arrow';
import { openCanonicalArrow } from '../evals/canonicalArrow.js';
import { EvalInputError } from '../evals/evalInputError.js';
import type { EvalStringColumn } from '../evals/evalTable.js';
import type { BattleImportOptions, BattleSourceInfo, BattleTable, ImportedBattles } from './battleTable.js';

export const BATTLE_ARROW_METADATA = {
  sources: 'evalsim.battles.sources',
  options: 'evalsim.battles.options',
  version: 'evalsim.version',
} as const;

// apache-arrow's Type and Precision enums (stable since Arrow 0.x)
const TYPE_INT = 2;
const TYPE_FLOAT = 3;
const TYPE_UTF8 = 5;
const TYPE_BOOL = 6;
const TYPE_DICTIONARY = -1;
const PRECISION_DOUBLE = 2;

/** A Dictionary<Utf8, Int32> column, its batches' dictionaries merged (nulls → −1 when allowed). */
function readStringColumn(vector: Vector, name: string, file: string, nullable: boolean): EvalStringColumn {
  const codes = new Int32Array(vector.length);
  const dictionary: string[] = [];
  const index = new Map<string, number>();
  let at = 0;
  for (const data of vector.data) {
    const type = data.type as { typeId: number; dictionary?: { typeId: number } };
    if (type.typeId !== TYPE_DICTIONARY || type.dictionary?.typeId !== TYPE_UTF8) {
      throw new EvalInputError(
        { file, field: name },
        `column must be Dictionary<Utf8, Int32>, got ${String(data.type)}`,
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
        const c = values[data.offset + i];
        if (!(c >= 0 && c < remap.length))
          throw new EvalInputError({ file, line: at + 2, field: name }, 'dictionary code out of range');
        codes[at] = remap[c];
      }
    }
  }
  return { codes, dictionary };
}

/** True when an Arrow schema is a battle table's. */
export function isBattleArrowSchema(metadata: Map<string, string>): boolean {
  return metadata.has(BATTLE_ARROW_METADATA.sources);
}

function checkFloat(vector: Vector, name: string, file: string): void {
  const type = vector.type as { typeId: number; precision?: number };
  if (!(type.typeId === TYPE_FLOAT && type.precision === PRECISION_DOUBLE)) {
    throw new EvalInputError({ file, field: name }, `column must be Float64, got ${String(vector.type)}`);
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
  const { arrow, sources, options, version, child } = openCanonicalArrow<
    BattleSourceInfo[],
    BattleImportOptions
  >(path, file, BATTLE_ARROW_METADATA, 'battle');
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
  const turnType = turnVector.type as { typeId: number; bitWidth?: number };
  if (!(turnType.typeId === TYPE_INT && turnType.bitWidth === 32)) {
    throw new EvalInputError({ file, field: 'turn' }, `column must be Int32, got ${String(turnVector.type)}`);
  }
  const anonyVector = child('anony');
  if ((anonyVector.type as { typeId: number }).typeId !== TYPE_BOOL) {
    throw new EvalInputError(
      { file, field: 'anony' },
      `column must be Bool, got ${String(anonyVector.type)}`,
    );
  }
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
