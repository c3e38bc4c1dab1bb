/** Human labels as a second metric of the same rows: long-table columns and inspect_ai gold scorers. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importEval } from './importEval.js';
import { labelMetricName } from './judgeLabels.js';
import { fixture, inputError, plainRows } from './test-utils/evalFixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-labels-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const judged = fixture('long/judged.csv');
const inspectLogs = [
  fixture('inspect/judged/2025-03-02T10-00-00+00-00_judged-qa_Jd9Alpha00001.eval'),
  fixture('inspect/judged/2025-03-02T11-00-00+00-00_judged-qa_Jd9Beta000002.json'),
];

describe('labels', () => {
  it('names the label metric', () => {
    expect(labelMetricName('human')).toBe('label:human');
    expect(labelMetricName('scorer:gold')).toBe('gold');
    expect(labelMetricName('metric:human_eval')).toBe('human_eval');
  });

  it('a long table column becomes metric label:<column> on the rows that have a value', () => {
    const { table, warnings } = importEval([judged], { labels: 'human' });
    expect(warnings).toEqual([]);
    const rows = plainRows(table);
    const labels = rows.filter((r) => r.metric === 'label:human');
    expect(labels.map((r) => `${r.system}/${r.question}=${r.score}`)).toEqual([
      'alpha/q1=1',
      'alpha/q2=0',
      'alpha/q5=0',
      'alpha/q6=1',
      'beta/q1=0',
      'beta/q4=1',
      'beta/q6=0',
    ]);
    // same cluster, epoch and line as the judged row
    const q2 = rows.filter((r) => r.system === 'alpha' && r.question === 'q2');
    expect(q2.map((r) => [r.metric, r.cluster, r.epoch])).toEqual([
      ['score', 'history', 1],
      ['label:human', 'history', 1],
    ]);
    expect(rows.filter((r) => r.metric === 'score')).toHaveLength(12);
    // without the option the column is ignored
    expect(importEval([judged]).table.metric.dictionary).toEqual(['score']);
  });

  it('refuses a missing column, the score column, and a non-numeric label, naming file, line and column', () => {
    let e = inputError(() => importEval([judged], { labels: 'gold' }));
    expect([e.line, e.field]).toEqual([1, 'gold']);
    expect(e.message).toMatch(/no column "gold" \(given by --labels\)/);
    e = inputError(() => importEval([judged], { labels: 'score' }));
    expect(e.message).toMatch(/names the score column/);
    const bad = join(tmp, 'bad-label.csv');
    writeFileSync(
      bad,
      readFileSync(judged, 'utf8').replace('q5,alpha,biology,0,0', 'q5,alpha,biology,0,maybe'),
    );
    e = inputError(() => importEval([bad], { labels: 'human' }));
    expect([e.line, e.field]).toEqual([6, 'human']);
    expect(e.message).toMatch(/"maybe" is not a number/);
  });

  it('warns when a file has no label at all', () => {
    const none = join(tmp, 'no-labels.csv');
    writeFileSync(none, 'question,system,score,human\nq1,a,1,\nq2,a,0,\n');
    const { warnings } = importEval([none], { labels: 'human' });
    expect(warnings.map((w) => w.message)).toEqual([
      '--labels human: no row of this file has a label (every cell of the column is empty)',
    ]);
  });

  it('inspect_ai: a gold scorer on some samples is its own metric (.eval and .json)', () => {
    const { table, warnings } = importEval(inspectLogs, {
      metric: 'model_graded_qa',
      labels: 'scorer:human_label',
    });
    // The one thing said: the fixture's subjects look like clusters (issue 26 point 3's hint).
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^metadata\.subject looks like a grouping of the questions \(3 values over 12 questions/,
      ),
    ]);
    const rows = plainRows(table);
    const count = (metric: string, system: string) =>
      rows.filter((r) => r.metric === metric && r.system === system).length;
    expect(count('model_graded_qa', 'openai/gpt-4o')).toBe(12);
    expect(count('human_label', 'openai/gpt-4o')).toBe(8);
    expect(count('human_label', 'anthropic/claude-3-5-haiku-20241022')).toBe(8);
    const q7 = rows.filter((r) => r.system === 'openai/gpt-4o' && r.question === '7');
    expect(q7.map((r) => [r.metric, r.score, r.cluster])).toEqual([
      ['model_graded_qa', 0, null],
      ['human_label', 1, null],
    ]);
    // with a cluster, both metrics carry it
    const clustered = importEval(inspectLogs, {
      metric: 'model_graded_qa',
      labels: 'scorer:human_label',
      cluster: 'metadata.subject',
    });
    expect(new Set(plainRows(clustered.table).map((r) => r.cluster))).toEqual(
      new Set(['history', 'law', 'biology']),
    );
  });

  it('refuses labels a format cannot carry, and the judge scorer as its own labels', () => {
    let e = inputError(() => importEval(inspectLogs, { metric: 'model_graded_qa', labels: 'human' }));
    expect(e.field).toBe('labels');
    expect(e.message).toMatch(/inspect-eval logs carry no labels that way/);
    e = inputError(() => importEval([judged], { labels: 'scorer:human' }));
    expect(e.message).toMatch(/long-csv logs carry no labels that way/);
    e = inputError(() =>
      importEval([fixture('openai-evals/240314092653ABCDEF_gpt-4o_arithmetic.dev.match-v1.jsonl')], {
        labels: 'human',
      }),
    );
    expect(e.message).toMatch(/openai-evals logs carry no labels/);
    e = inputError(() =>
      importEval(inspectLogs, { metric: 'model_graded_qa', labels: 'scorer:model_graded_qa' }),
    );
    expect(e.message).toMatch(/is the judge's own scorer/);
    e = inputError(() => importEval(inspectLogs, { metric: 'model_graded_qa', labels: 'scorer:gold' }));
    expect(e.message).toMatch(/no scorer "gold" in this log; scorers: model_graded_qa, human_label/);
  });
});
