/**
 * Reads a canonical eval table written by writeEvalArrow.ts: dictionary columns (any number
 * of record batches, their dictionaries merged), epoch ≥ 1, finite scores, and `correct`
 * consistent with the score; every problem names the file, the row (as line row + 2, the
 * first row being line 2 as in a CSV) and the column.
 */
import { DataType, Precision, type Schema, type Vector } from 'apache-arrow';
import { openCanonicalArrow } from './canonicalArrow.js';
import { EVAL_ARROW_METADATA, type ImportedEval } from './evalArrow.js';
import type { EvalSourceInfo } from './evalFormat.js';
import { EvalInputError } from './evalInputError.js';
import {
  EVAL_ANSWER_COLUMN,
  EVAL_STRING_COLUMNS,
  type EvalStringColumn,
  type EvalStringColumnName,
  type EvalTable,
} from './evalTable.js';
import type { EvalImportOptions } from './importOptions.js';

export function readStringColumn(
  vector: Vector,
  name: string,
  file: string,
  nullable: boolean,
): EvalStringColumn {
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
    const remap = Int32Array.from(local, (s) => {
      let code = index.get(s);
      if (code === undefined) {
        code = dictionary.length;
        index.set(s, code);
        dictionary.push(s);
      }
      return code;
    });
    const values = data.values as Int32Array;
    const nulls = data.nullCount > 0;
    const offset = data.offset;
    for (let i = 0; i < data.length; i++, at++) {
      if (nulls && !data.getValid(i)) {
        if (!nullable) throw new EvalInputError({ file, line: at + 2, field: name }, 'is null');
        codes[at] = -1;
      } else {
        const local = values[offset + i];
        if (!(local >= 0 && local < remap.length))
          throw new EvalInputError({ file, line: at + 2, field: name }, 'dictionary code out of range');
        codes[at] = remap[local];
      }
    }
  }
  return { codes, dictionary };
}

/** The `correct` column as 0 (false), 1 (true) or 2 (null), read from its bits; undefined when absent. */
function correctColumn(vector: Vector | null, n: number, file: string): Uint8Array | undefined {
  if (!vector) return undefined;
  if (!DataType.isBool(vector.type)) {
    throw new EvalInputError({ file, field: 'correct' }, `column must be Bool, got ${String(vector.type)}`);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const data of vector.data) {
    const bits = data.values as Uint8Array;
    const nulls = data.nullCount > 0;
    for (let i = 0; i < data.length; i++, at++) {
      const k = data.offset + i;
      out[at] = nulls && !data.getValid(i) ? 2 : (bits[k >> 3] >> (k & 7)) & 1;
    }
  }
  return out;
}

/** True when an Arrow schema carries evalsim's eval-table metadata. */
export function isEvalArrowSchema(schema: Schema): boolean {
  return schema.metadata.has(EVAL_ARROW_METADATA.sources);
}

/** Reads a canonical eval table written by `writeEvalArrow` (`file` names it in errors). */
export function readEvalArrow(path: string, file = path): ImportedEval & { version: string } {
  const { arrow, sources, options, version, child } = openCanonicalArrow<EvalSourceInfo[], EvalImportOptions>(
    path,
    file,
    EVAL_ARROW_METADATA,
    'eval',
  );
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
  const correct = correctColumn(arrow.getChild('correct'), n, file);
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
      const c = correct[i] === 2 ? null : correct[i] === 1;
      const expected = score[i] === 1 ? true : score[i] === 0 ? false : null;
      if (c !== expected) {
        throw new EvalInputError(
          { file, line: i + 2, field: 'correct' },
          `${c} contradicts score ${score[i]}`,
        );
      }
    }
  }
  const answerVector = arrow.getChild(EVAL_ANSWER_COLUMN);
  const answer = answerVector ? readStringColumn(answerVector, EVAL_ANSWER_COLUMN, file, true) : undefined;
  const orderVector = arrow.getChild('order');
  let order: Float64Array | undefined;
  if (orderVector) {
    const ot = orderVector.type;
    if (!(DataType.isFloat(ot) && ot.precision === Precision.DOUBLE))
      throw new EvalInputError({ file, field: 'order' }, `column must be Float64, got ${String(ot)}`);
    order = Float64Array.from(orderVector.toArray() as Float64Array);
  }
  const table: EvalTable = {
    rowCount: n,
    ...strings,
    epoch,
    score,
    line: new Int32Array(n),
    ...(answer !== undefined ? { answer } : {}),
    ...(order ? { order } : {}),
  };
  return { table, warnings: [], provenance: { sources, options }, version };
}
