/**
 * Writes the battle table as an Arrow IPC file (read back by readBattleArrow.ts). Columns, in order:
 * source, model_a, model_b (Dictionary<Utf8, Int32>, both over the whole model list, so their
 * codes agree), outcome (Float64, model_a's score), winner, question_id, judge, language
 * (dictionaries; the last three nullable), turn (Int32, 0 = unknown), anony (Bool, nullable),
 * tstamp (Float64, nullable), then per style feature `style_a:<feature>` and `style_b:<feature>`
 * (Float64, nullable). Schema metadata: `evalsim.battles.sources` (the files read, with sha256),
 * `evalsim.battles.options` and `evalsim.version`. Fixed dictionary ids and sorted metadata keys:
 * the same import gives the same bytes (the eval table's rules, evals/writeEvalArrow.ts).
 */
import {
  Bool,
  type Data,
  Field,
  Float64,
  Int32,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  tableToIPC,
} from 'apache-arrow';
import { dictionaryData, stableJson, validityBitmap } from '../evals/writeEvalArrow.js';
import { writeFileAtomic } from '../output/atomicWrite.js';
import type { ImportedBattles } from './battleTable.js';
import { BATTLE_ARROW_METADATA } from './readBattleArrow.js';

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
