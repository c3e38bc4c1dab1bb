/**
 * The EvalTable's optional `answer` column (issue 29, for maj@k): imported only when asked
 * (`answer` option), kept through Arrow write/read and re-import, aligned by evalMatrix; a
 * table without answers writes exactly the columns (and bytes) it did before the column existed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { evalMatrix } from './evalMatrix.js';
import { EVAL_ANSWER_COLUMN, EVAL_COLUMNS } from './evalTable.js';
import { EvalTableBuilder } from './evalTableBuilder.js';
import { importEval } from './importEval.js';
import { readEvalArrow } from './readEvalArrow.js';
import { fixture } from './test-utils/evalFixtures.js';
import { evalToArrow, writeEvalArrow } from './writeEvalArrow.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-answers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function longTable(): string {
  const path = join(tmp, 'answers.csv');
  const rows = ['question,system,epoch,score,answer'];
  const answers = [
    ['A', 'A', 'B'],
    ['7', '', '7'],
  ];
  answers.forEach((list, q) => {
    list.forEach((a, e) => {
      rows.push(`q${q},m,${e + 1},${a === (q === 0 ? 'A' : '7') ? 1 : 0},${a}`);
    });
  });
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

describe('the answer column', () => {
  it('is imported only when asked, and round-trips through Arrow and re-import', () => {
    const path = longTable();
    const without = importEval([path]);
    expect(without.table.answer).toBeUndefined();
    const plain = tableFromIPC(evalToArrow(without, '1'));
    expect(plain.schema.fields.map((f) => f.name)).toEqual([...EVAL_COLUMNS]);

    const imported = importEval([path], { answer: 'answer' });
    const answer = imported.table.answer!;
    expect(answer.dictionary).toEqual(['A', 'B', '7']);
    expect(Array.from(answer.codes)).toEqual([0, 0, 1, 2, -1, 2]);
    const file = join(tmp, 'eval.arrow');
    writeEvalArrow(file, imported, { version: '1' });
    const arrow = tableFromIPC(readFileSync(file));
    expect(arrow.schema.fields.map((f) => f.name)).toEqual([...EVAL_COLUMNS, EVAL_ANSWER_COLUMN]);
    const back = readEvalArrow(file).table;
    expect(back.answer!.dictionary).toEqual(answer.dictionary);
    expect(Array.from(back.answer!.codes)).toEqual(Array.from(answer.codes));
    const again = importEval([file]).table;
    expect(Array.from(again.answer!.codes)).toEqual(Array.from(answer.codes));
    const matrix = evalMatrix(again);
    expect(Array.from(matrix.answers!)).toEqual([0, 0, 1, 2, -1, 2]);
    expect(matrix.answerNames).toEqual(['A', 'B', '7']);
  });
  it('names a missing answer column', () => {
    expect(() => importEval([longTable()], { answer: 'extracted' })).toThrow(
      /no column "extracted" \(given by --answer\)/,
    );
  });
  it("reads inspect_ai's Score.answer with answer: 'score', and refuses other values", () => {
    const log = fixture('inspect/2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json');
    const t = importEval([log], { answer: 'score' }).table;
    expect(t.answer).toBeDefined();
    expect(t.answer!.dictionary.length).toBeGreaterThan(0);
    expect(() => importEval([log], { answer: 'filtered' })).toThrow(/for inspect_ai logs use score/);
  });
  it('keeps answers through a builder part merged into another builder (thread merges)', () => {
    const a = new EvalTableBuilder();
    const s = a.code('source', 'f');
    a.append(
      s,
      a.code('task', 't'),
      a.code('system', 'x'),
      a.code('question', 'q'),
      -1,
      1,
      a.code('metric', 'm'),
      1,
      0,
    );
    a.setAnswer(a.answerCode('yes'));
    a.append(s, 0, 0, 0, -1, 2, 0, 0, 0);
    const b = new EvalTableBuilder();
    b.answerCode('unused');
    b.appendPart(a.part());
    const t = b.finish();
    expect(t.answer!.dictionary).toEqual(['yes']);
    expect(Array.from(t.answer!.codes)).toEqual([0, -1]);
  });
});
