/**
 * The optional order column (EvalTable.order, `--order`) and logs still being written: a long
 * table's order column as numbers or ISO 8601 timestamps, refused when a row lacks one or names
 * a format that has no such column; kept through a builder part and an Arrow round trip, and
 * absent from the Arrow file of a table without one; a JSON Lines log's partial last line is an
 * error when importing, skipped with a warning when the logs are growing.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { EVAL_COLUMNS } from './evalTable.js';
import { EvalTableBuilder } from './evalTableBuilder.js';
import { importEval } from './importEval.js';
import { readEvalArrow } from './readEvalArrow.js';
import { fixture } from './test-utils/evalFixtures.js';
import { evalToArrow, writeEvalArrow } from './writeEvalArrow.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-order-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

describe('order column', () => {
  it('reads numbers and ISO 8601 timestamps as the rows’ order', () => {
    const csv = write('o.csv', 'question,system,score,t\nq1,a,1,3\nq1,b,0,1.5\nq2,a,1,2\n');
    expect(Array.from(importEval([csv], { order: 't' }).table.order ?? [])).toEqual([3, 1.5, 2]);
    const iso = write(
      'o.jsonl',
      '{"question":"q1","system":"a","score":1,"at":"2025-01-02T10:00:00Z"}\n{"question":"q1","system":"b","score":1,"at":"2025-01-02T09:59:59.5Z"}\n',
    );
    const order = importEval([iso], { order: 'at' }).table.order as Float64Array;
    expect(order[0] - order[1]).toBe(500);
    expect(importEval([csv]).table.order).toBeUndefined();
  });
  it('refuses a row without an order, an order that is not one, a missing column, a log with no order column', () => {
    const empty = write('e.csv', 'question,system,score,t\nq1,a,1,3\nq1,b,0,\n');
    expect(() => importEval([empty], { order: 't' })).toThrow(/e\.csv, line 3, field "t": has no order/);
    const text = write('x.csv', 'question,system,score,t\nq1,a,1,soon\n');
    expect(() => importEval([text], { order: 't' })).toThrow(
      /line 2, field "t": order "soon" is not a number or an ISO 8601 timestamp/,
    );
    expect(() => importEval([text], { order: 'ts' })).toThrow(/no column "ts" \(given by --order\)/);
    const lm = fixture('lm-eval/mmlu-stem');
    expect(() => importEval([lm], { order: 'doc_id' })).toThrow(
      /--order names a column of a long table .* this is a lm-eval log/,
    );
  });
  it('is kept by builder parts and the Arrow file, and a table without it writes the columns it always had', () => {
    const csv = write('p.csv', 'question,system,score,t\nq1,a,1,7\nq2,a,0,8\n');
    const imported = importEval([csv], { order: 't' });
    const path = join(tmp, 'p.arrow');
    writeEvalArrow(path, imported, { version: 'test' });
    expect(Array.from(readEvalArrow(path).table.order ?? [])).toEqual([7, 8]);
    const plain = importEval([write('q.csv', 'question,system,score\nq1,a,1\n')]);
    const fields = tableFromIPC(evalToArrow(plain, 'test')).schema.fields.map((f) => f.name);
    expect(fields).toEqual([...EVAL_COLUMNS]);
    expect(readEvalArrow(path).table.rowCount).toBe(2);
    const from = new EvalTableBuilder();
    from.append(
      from.code('source', 's'),
      from.code('task', 't'),
      from.code('system', 'a'),
      from.code('question', 'q'),
      -1,
      1,
      from.code('metric', 'm'),
      1,
      1,
    );
    from.setOrder(42);
    const to = new EvalTableBuilder();
    to.append(
      to.code('source', 's'),
      to.code('task', 't'),
      to.code('system', 'b'),
      to.code('question', 'q'),
      -1,
      1,
      to.code('metric', 'm'),
      0,
      1,
    );
    to.appendPart(from.part());
    const table = to.finish();
    expect(Number.isNaN(table.order?.[0])).toBe(true);
    expect(table.order?.[1]).toBe(42);
    expect(readdirSync(tmp).some((f) => f.includes('.tmp-'))).toBe(false);
  });
});

describe('a log still being written', () => {
  const rows = '{"question":"q1","system":"a","score":1}\n{"question":"q1","system":"b","score":0}\n';
  it('a partial last line is an error when importing, a warning when monitoring', () => {
    const path = write('growing.jsonl', `${rows}{"question":"q2","sys`);
    expect(() => importEval([path])).toThrow(/growing\.jsonl, line 3/);
    const { table, warnings } = importEval([path], {}, { growing: true });
    expect(table.rowCount).toBe(2);
    expect(warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      '3: ignored a partial last line (the log is still being written)',
    ]);
  });
  it('only the last line, only without a newline: a bad line before it is still an error', () => {
    const bad = write('bad.jsonl', `${rows}{"question":\n{"question":"q2","system":"a","score":1}`);
    expect(() => importEval([bad], {}, { growing: true })).toThrow(/bad\.jsonl, line 3/);
    const complete = write('complete.jsonl', `${rows}{"question":"q2","system":"a","score":1}`);
    expect(importEval([complete], {}, { growing: true }).table.rowCount).toBe(3);
  });
});
