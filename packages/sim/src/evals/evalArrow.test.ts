import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bool, Dictionary, Schema, Table, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { EVAL_ARROW_METADATA } from './evalArrow.js';
import { EVAL_COLUMNS } from './evalTable.js';
import { importEval } from './importEval.js';
import { readEvalArrow } from './readEvalArrow.js';
import { fixture, inputError, plainRows } from './test-utils/evalFixtures.js';
import { writeEvalArrow } from './writeEvalArrow.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-arrow-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const inputs = [
  fixture('inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval'),
  fixture('inspect/bad/partial-credit.json'),
];

describe('the canonical eval table in Arrow', () => {
  it('writes the contract columns, dictionary-encoded strings, nullable cluster and correct, and the provenance', () => {
    const imported = importEval(inputs, { cluster: 'metadata.subject' });
    const path = join(tmp, 'eval.arrow');
    writeEvalArrow(path, imported, { version: '9.9.9' });
    const arrow = tableFromIPC(readFileSync(path));
    expect(arrow.schema.fields.map((f) => f.name)).toEqual([...EVAL_COLUMNS]);
    for (const name of ['source', 'task', 'system', 'question', 'cluster', 'metric']) {
      const type = arrow.schema.fields.find((f) => f.name === name)!.type;
      expect(type).toBeInstanceOf(Dictionary);
      expect(String(type)).toBe('Dictionary<Int32, Utf8>');
    }
    expect(arrow.schema.fields.map((f) => String(f.type)).slice(5)).toEqual([
      'Int32',
      'Dictionary<Int32, Utf8>',
      'Float64',
      'Bool',
    ]);
    const correct = arrow.getChild('correct')!;
    const scores = arrow.getChild('score')!.toArray() as Float64Array;
    for (let i = 0; i < arrow.numRows; i++) {
      expect(correct.get(i)).toBe(scores[i] === 1 ? true : scores[i] === 0 ? false : null);
    }
    expect(correct.nullCount).toBe(1); // the "P" score
    const meta = arrow.schema.metadata;
    expect(meta.get(EVAL_ARROW_METADATA.version)).toBe('9.9.9');
    expect(JSON.parse(meta.get(EVAL_ARROW_METADATA.options)!)).toEqual({ cluster: 'metadata.subject' });
    const sources = JSON.parse(meta.get(EVAL_ARROW_METADATA.sources)!);
    expect(sources.map((s: { path: string }) => s.path)).toEqual(inputs);
    expect(Object.keys(sources[0]).sort()).toEqual([
      'bytes',
      'format',
      'formatVersion',
      'path',
      'sha256',
      'tool',
      'toolVersion',
    ]);
    expect(readdirSync(tmp)).toEqual(['eval.arrow']); // no temporary file left
  });

  it('round-trips: readEvalArrow gives the same table, and importing the .arrow gives the same bytes again', () => {
    const imported = importEval(inputs, { cluster: 'metadata.subject' });
    const first = join(tmp, 'first.arrow');
    writeEvalArrow(first, imported, { version: '1' });
    const back = readEvalArrow(first);
    expect(plainRows(back.table)).toEqual(plainRows(imported.table));
    expect(back.provenance).toEqual(JSON.parse(JSON.stringify(imported.provenance)));
    const again = importEval([first], { cluster: 'metadata.subject' });
    expect(plainRows(again.table)).toEqual(plainRows(imported.table));
    expect(again.provenance.sources.map((s) => s.format)).toEqual([
      'inspect-eval',
      'inspect-json',
      'evalsim-arrow',
    ]);
  });

  it('gives byte-identical files for the same inputs', () => {
    const a = join(tmp, 'a.arrow');
    const b = join(tmp, 'b.arrow');
    writeEvalArrow(a, importEval(inputs), { version: '1' });
    writeEvalArrow(b, importEval(inputs), { version: '1' });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });

  it('refuses an Arrow file that is not an eval table, naming the field', () => {
    const path = join(tmp, 'other.arrow');
    writeFileSync(path, readFileSync(join(tmp, 'a.arrow')).subarray(0, 100));
    expect(inputError(() => readEvalArrow(path)).message).toMatch(/other\.arrow: is cut short/);
    expect(existsSync(path)).toBe(true);
  });
});

describe('reading a damaged canonical table', () => {
  /** The eval written and read back with its `correct` column replaced by `values`. */
  function withCorrect(values: (n: number, scores: Float64Array) => (boolean | null)[]): string {
    const imported = importEval(inputs, { cluster: 'metadata.subject' });
    const good = join(tmp, 'good.arrow');
    writeEvalArrow(good, imported, { version: '9.9.9' });
    const arrow = tableFromIPC(readFileSync(good));
    const scores = arrow.getChild('score')!.toArray() as Float64Array;
    const replaced = vectorFromArray(values(arrow.numRows, scores), new Bool());
    const columns = Object.fromEntries(
      arrow.schema.fields.map((f) => [f.name, f.name === 'correct' ? replaced : arrow.getChild(f.name)!]),
    );
    const plain = new Table(columns);
    const table = new Table(new Schema(plain.schema.fields, arrow.schema.metadata), plain.batches);
    const path = join(tmp, `bad-${Math.random().toString(36).slice(2)}.arrow`);
    writeFileSync(path, tableToIPC(table, 'file'));
    return path;
  }
  const truth = (s: number) => (s === 1 ? true : s === 0 ? false : null);

  it('reads a consistent correct column back (the bits, nulls for graded scores)', () => {
    const path = withCorrect((n, s) => Array.from({ length: n }, (_, i) => truth(s[i])));
    expect(readEvalArrow(path).table.rowCount).toBeGreaterThan(3);
  });

  it('names the row and column of a correct value that contradicts its score', () => {
    const path = withCorrect((n, s) =>
      Array.from({ length: n }, (_, i) => (i === 3 ? !truth(s[i]) : truth(s[i]))),
    );
    const e = inputError(() => readEvalArrow(path));
    expect([e.line, e.field]).toEqual([5, 'correct']);
    expect(e.problem).toMatch(/^(true|false) contradicts score [01]$/);
  });
});
