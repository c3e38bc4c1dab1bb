import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bool, Int64, Table, tableFromArrays, tableToIPC, Utf8, vectorFromArray } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { detectEvalFormat } from '../detectEvalFormat.js';
import { importEval } from '../importEval.js';
import { fixture, inputError, plainRows, scoresBySystem } from '../test-utils/evalFixtures.js';

const long = (name: string) => fixture(`long/${name}`);
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-long-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('long tables', () => {
  it('reads CSV with quoted ids, UTF-8, clusters and epochs', () => {
    const { table, provenance } = importEval([long('two-systems.csv')]);
    expect(scoresBySystem(table).alpha).toEqual({ 'q,1': [1, 1], 'Zürich-2': [0, 1], q3: [1, 0] });
    expect(table.task.dictionary).toEqual(['default']);
    expect(table.metric.dictionary).toEqual(['score']);
    expect(table.cluster.dictionary).toEqual(['algebra', 'geometry']);
    expect(Array.from(table.line.subarray(0, 3))).toEqual([2, 3, 4]);
    expect(provenance.sources[0]).toMatchObject({ format: 'long-csv', tool: 'table' });
  });

  it('maps other column names (booleans as scores) and ignores unmapped columns', () => {
    const options = {
      question: 'item_id',
      system: 'model',
      score: 'is_correct',
      cluster: 'subject',
      epoch: 'attempt',
    };
    expect(detectEvalFormat(long('custom-columns.csv'), options)).toBe('long-csv');
    const { table } = importEval([long('custom-columns.csv')], options);
    expect(scoresBySystem(table)).toEqual({
      'm-small': { '101': [1, 0], '102': [1, 1] },
      'm-large': { '101': [1, 1], '102': [0, 1] },
    });
    expect(table.metric.dictionary).toEqual(['is_correct']);
    expect(
      importEval([long('custom-columns.csv')], { ...options, metric: 'accuracy' }).table.metric.dictionary,
    ).toEqual(['accuracy']);
    const e = inputError(() => importEval([long('custom-columns.csv')], { ...options, system: 'engine' }));
    expect([e.line, e.field]).toEqual([1, 'engine']);
    expect(e.message).toMatch(
      /no column "engine" \(given by --system\); columns: item_id, model, is_correct, subject, attempt, notes/,
    );
  });

  it('reads JSON Lines with integer ids and graded scores', () => {
    const { table } = importEval([long('graded.jsonl')]);
    expect(scoresBySystem(table)['judge-a']).toEqual({ '1': [0.75], '2': [1], '3': [0.5] });
  });

  it('reads Arrow (Int64 ids, nullable cluster, Bool scores) and a metric column', () => {
    const path = join(tmp, 'long.arrow');
    const table = new Table({
      question: vectorFromArray([1n, 2n, 1n, 2n], new Int64()),
      system: vectorFromArray(['a', 'a', 'b', 'b'], new Utf8()),
      score: vectorFromArray([true, false, true, true], new Bool()),
      cluster: vectorFromArray(['x', null, 'x', null], new Utf8()),
      metric: vectorFromArray(['acc', 'acc', 'acc', 'acc'], new Utf8()),
    });
    writeFileSync(path, tableToIPC(table, 'file'));
    expect(detectEvalFormat(path)).toBe('long-arrow');
    const rows = plainRows(importEval([path]).table);
    expect(rows.map((r) => [r.system, r.question, r.cluster, r.metric, r.score])).toEqual([
      ['a', '1', 'x', 'acc', 1],
      ['a', '2', null, 'acc', 0],
      ['b', '1', 'x', 'acc', 1],
      ['b', '2', null, 'acc', 1],
    ]);
    const floats = join(tmp, 'floats.arrow');
    writeFileSync(
      floats,
      tableToIPC(
        tableFromArrays({ question: ['q'], system: ['s'], score: new Float64Array([0.25]) }),
        'file',
      ),
    );
    expect(Array.from(importEval([floats]).table.score)).toEqual([0.25]);
  });

  it('refuses a duplicate (question, epoch) with both lines named', () => {
    const e = inputError(() => importEval([long('bad/duplicate.csv')]));
    expect([e.line, e.field]).toEqual([5, 'question']);
    expect(e.message).toMatch(
      /system alpha, task default, metric score: question q2 epoch 1 is scored twice \(also at .*duplicate\.csv, line 3\)/,
    );
  });

  it('names file, line and column for invalid UTF-8, a ragged row, a bad score and epoch 0', () => {
    const utf8 = inputError(() => importEval([long('bad/invalid-utf8.csv')]));
    expect([utf8.line, utf8.column]).toEqual([4, 6]);
    const ragged = inputError(() => importEval([long('bad/ragged.csv')]));
    expect(ragged.line).toBe(3);
    expect(ragged.message).toMatch(/has 2 fields, the header has 3/);
    const score = inputError(() => importEval([long('bad/bad-score.csv')]));
    expect([score.line, score.field]).toEqual([3, 'score']);
    expect(score.message).toMatch(/score "yes" is not a number or true\/false/);
    const epoch = inputError(() => importEval([long('bad/epoch-zero.csv')]));
    expect([epoch.line, epoch.field]).toEqual([3, 'epoch']);
    expect(epoch.message).toMatch(/epochs are 1-based/);
  });

  it('labels a file without a system column with --system-label <file>=<label>', () => {
    const path = join(tmp, 'one-system.csv');
    writeFileSync(path, 'question,score\nq1,1\nq2,0\n');
    expect(inputError(() => importEval([path])).message).toMatch(
      /no "system" column; name the system column with --system/,
    );
    const { table } = importEval([path], { systemByFile: { [path]: 'mine' } });
    expect(table.system.dictionary).toEqual(['mine']);
    expect(
      inputError(() => importEval([path], { systemByFile: { 'other.csv': 'x', [path]: 'mine' } })).message,
    ).toMatch(/a system label was given for this path but no imported log is at or under it/);
  });
});

describe('the wide item-population format', () => {
  it('turns answers_<s> into epochs, and first_<s> alone into epoch 1 with a warning', () => {
    const { table, warnings } = importEval([fixture('wide/small.csv')]);
    expect(scoresBySystem(table)).toEqual({
      a: { w1: [1, 0, 1], w2: [0, 0, 0], w3: [1, 1, 1] },
      b: { w1: [1], w2: [0], w3: [1] },
    });
    expect(table.cluster.dictionary).toEqual(['alg', 'geo']);
    expect(table.metric.dictionary).toEqual(['correct']);
    expect(warnings.map((w) => w.message)).toEqual([
      'system b has no answers_b column: only its first answers (epoch 1) were imported',
    ]);
  });

  it('reads the MMLU stand-in: 1,140 questions, K = 5, 5, 2', () => {
    const path = fixture('../../../../../studies/data/mmlu-standin.csv');
    expect(detectEvalFormat(path)).toBe('wide-population');
    const { table } = importEval([path]);
    expect(table.system.dictionary).toEqual(['haiku_off', 'haiku_low', 'sonnet_off']);
    expect(table.question.dictionary).toHaveLength(1140);
    expect(table.cluster.dictionary).toHaveLength(57);
    expect(table.rowCount).toBe(1140 * (5 + 5 + 2));
    let correct = 0;
    for (let i = 0; i < table.rowCount; i++) if (table.system.codes[i] === 0) correct += table.score[i];
    expect(correct).toBe(4567); // the article's 4,567 of 5,700 answers
  });

  it('refuses counts without answers and answers that contradict the counts', () => {
    expect(inputError(() => importEval([fixture('wide/counts-only.csv')])).message).toMatch(
      /system a has only counts \(correct_a of k_a\); per-epoch scores need answers_a/,
    );
    const e = inputError(() => importEval([fixture('wide/contradiction.csv')]));
    expect([e.line, e.field]).toEqual([3, 'answers_a']);
    expect(e.message).toMatch(/"100" has 1 ones but correct_a = 2/);
  });
});
