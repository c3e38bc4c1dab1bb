import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalMatrix } from '../evalMatrix.js';
import { importEval } from '../importEval.js';
import { ZipArchive } from '../io/zipArchive.js';
import { fixture, inputError, plainRows, scoresBySystem } from '../test-utils/evalFixtures.js';
import { ZipWriter } from '../test-utils/zipWriter.js';

const haiku = fixture('inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval');
const mini = fixture('inspect/2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json');
const bad = (name: string) => fixture(`inspect/bad/${name}`);

describe('inspect_ai .eval logs', () => {
  it('reads summaries.json: model, task, scorer, id × epoch, C/I → 1/0, cluster from metadata', () => {
    const { table, warnings, provenance } = importEval([haiku], { cluster: 'metadata.subject' });
    expect(warnings).toEqual([]);
    expect(table.system.dictionary).toEqual(['anthropic/claude-3-5-haiku-20241022']);
    expect(table.task.dictionary).toEqual(['inspect_evals/mmlu_0_shot']);
    expect(table.metric.dictionary).toEqual(['choice']);
    expect(scoresBySystem(table)['anthropic/claude-3-5-haiku-20241022']).toEqual({
      '1': [1, 1],
      '2': [0, 1],
      '3': [1, 1],
      '4': [0, 0],
    });
    expect(plainRows(table).find((r) => r.question === '3')?.cluster).toBe('anatomy');
    expect(plainRows(table)[0].source).toBe(haiku);
    expect(provenance.sources).toHaveLength(1);
    expect(provenance.sources[0]).toMatchObject({
      format: 'inspect-eval',
      formatVersion: 'EvalLog schema 2 (.eval ZIP)',
      tool: 'inspect_ai',
      toolVersion: '0.3.158',
    });
  });

  it('reads a log whose members are zstandard-compressed (inspect_ai since April 2026) like its deflated twin', () => {
    const zstd = importEval([fixture('inspect/zstd-members.eval')], { cluster: 'metadata.subject' });
    const deflated = importEval([haiku], { cluster: 'metadata.subject' });
    const strip = (rows: ReturnType<typeof plainRows>) => rows.map(({ source: _, ...rest }) => rest);
    expect(strip(plainRows(zstd.table))).toEqual(strip(plainRows(deflated.table)));
  });

  it('reads an in-progress log from its journal: start.json and journal summaries, the requeued sample last', () => {
    const { table, warnings } = importEval([fixture('inspect/in-progress.eval')]);
    expect(scoresBySystem(table)['anthropic/claude-3-opus-20240229']).toEqual({
      '1': [1],
      '2': [0],
      '3': [1],
    });
    expect(warnings.map((w) => w.message)).toEqual([
      '1 repeated (id, epoch) records (requeued samples): the last of each kept, as inspect_ai does',
      'log status is "started" (not success); 3 samples imported',
      'the header declares more than the log holds: 3 of its 4 samples (eval.dataset.samples); only what is there is imported',
    ]);
  });

  it('reads the sample files when there are no summaries', () => {
    const { table } = importEval([fixture('inspect/samples-only.eval')]);
    expect(scoresBySystem(table)['anthropic/claude-3-opus-20240229']).toEqual({
      '1': [1],
      '2': [1],
      '3': [1],
      '4': [0],
    });
  });

  it('reads a cluster value that inspect_ai shortened in the summary from the sample file', () => {
    const { table } = importEval([fixture('inspect/thinned-metadata.eval')], { cluster: 'metadata.subject' });
    const cluster = plainRows(table).find((r) => r.question === '1')!.cluster!;
    expect(cluster.length).toBe(1207);
    expect(cluster.endsWith('mathematics')).toBe(true);
    expect(plainRows(table).find((r) => r.question === '1')!.source).toBe(
      fixture('inspect/thinned-metadata.eval'),
    );
  });
});

describe('inspect_ai .json logs', () => {
  it('reads samples, skipping an errored sample and a NaN (unscored) one with warnings', () => {
    const { table, warnings } = importEval([mini]);
    expect(scoresBySystem(table)['openai/gpt-4o-mini-2024-07-18']).toEqual({
      '1': [1, 1],
      '2': [1, 1],
      '3': [0],
      '4': [1],
    });
    expect(warnings.map((w) => [w.field, w.message])).toEqual([
      ['scores.choice', '1 samples have no choice score (errored or unscored) and were skipped'],
      ['scores.choice', '1 samples scored NaN (unscored) were skipped'],
    ]);
  });

  it('pairs with the .eval log of the same task: the epoch each system has for every question', () => {
    const { table } = importEval([haiku, mini], { cluster: 'metadata.subject' });
    const m = evalMatrix(table);
    expect(m.systems).toEqual(['anthropic/claude-3-5-haiku-20241022', 'openai/gpt-4o-mini-2024-07-18']);
    expect(m.questions).toEqual(['1', '2', '3', '4']);
    expect(m.epochs).toBe(2);
    expect(Array.from(m.epochCounts)).toEqual([2, 2, 2, 2, 2, 2, 1, 1]);
    expect(m.clusterNames).toEqual(['abstract_algebra', 'anatomy']);
    expect(Array.from(m.clusterOfQuestion)).toEqual([0, 0, 1, 1]);
    expect(m.binary).toBe(true);
  });

  it('chooses a key of a dict-valued score with --metric scorer.key', () => {
    const file = fixture('inspect/dict-scores.json');
    const { table } = importEval([file], { metric: 'rubric.accuracy' });
    expect(table.metric.dictionary).toEqual(['rubric.accuracy']);
    expect(Array.from(table.score)).toEqual([1, 0, 1, 1]);
    expect(Array.from(importEval([file], { metric: 'rubric.style' }).table.score)).toEqual([
      0.5, 0.5, 0.5, 0.5,
    ]);
    const e = inputError(() => importEval([file]));
    expect(e.field).toBe('samples[0].scores.rubric.value');
    expect(e.message).toMatch(/is not one inspect_ai's value_to_float maps .*--metric <scorer>\.<key>/);
    expect(inputError(() => importEval([file], { metric: 'rubric.speed' })).message).toMatch(
      /no key "speed" in the score value; keys: accuracy, style/,
    );
  });

  it('refuses two scorers with none chosen, and takes the one chosen', () => {
    const e = inputError(() => importEval([bad('two-scorers.json')]));
    expect(e.field).toBe('scores');
    expect(e.message).toMatch(
      /2 scorers \(choice, model_graded_fact\) and none chosen: choose one with --metric/,
    );
    expect(
      Array.from(importEval([bad('two-scorers.json')], { metric: 'model_graded_fact' }).table.score),
    ).toEqual([0, 0, 0, 0]);
    expect(inputError(() => importEval([bad('two-scorers.json')], { metric: 'f1' })).message).toMatch(
      /no scorer "f1" in this log; scorers: choice, model_graded_fact/,
    );
  });

  it('names the sample and field of a missing epoch and of missing cluster metadata', () => {
    const epoch = inputError(() => importEval([bad('missing-epoch.json')]));
    expect(epoch.file).toBe(bad('missing-epoch.json'));
    expect(epoch.field).toBe('samples[2].epoch');
    expect(epoch.message).toMatch(/the epoch is missing/);
    const cluster = inputError(() =>
      importEval([bad('missing-cluster.json')], { cluster: 'metadata.subject' }),
    );
    expect(cluster.field).toBe('samples[3].metadata.subject');
    expect(inputError(() => importEval([mini], { cluster: 'subject' })).message).toMatch(
      /for inspect_ai logs use metadata.<key> \(sample metadata\) or none/,
    );
  });

  it('refuses the same (id, epoch) twice', () => {
    const e = inputError(() => importEval([bad('duplicate-sample.json')]));
    expect(e.field).toBe('question');
    expect(e.message).toMatch(/question 2 epoch 1 is scored twice/);
  });

  it('maps P to 0.5, so the scores are graded and a binary-only method is refused with the place named', () => {
    const { table } = importEval([bad('partial-credit.json')]);
    expect(Array.from(table.score)).toEqual([1, 1, 0.5, 1]);
    const m = evalMatrix(table);
    expect(m.binary).toBe(false);
    const e = inputError(() => evalMatrix(table, { requireBinary: 'McNemar' }));
    expect(e.file).toBe(bad('partial-credit.json'));
    expect(e.field).toBe('score');
    expect(e.message).toMatch(
      /McNemar needs 0\/1 scores, but system openai\/gpt-4o-mini-2024-07-18 has score 0.5 for question 3 epoch 1 \(metric choice\)/,
    );
  });
});

describe('inspect_ai .eval: the summaries scan and its fallbacks', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'evalsim-inspect-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** The haiku log's members, with summaries.json replaced by `summaries` (text). */
  function withSummaries(name: string, summaries: (original: string) => string): string {
    const source = ZipArchive.open(haiku);
    const path = join(tmp, name);
    const w = new ZipWriter(path);
    try {
      for (const entry of source.entries) {
        const text = source.read(entry).toString('utf8');
        w.add(entry.name, entry.name === 'summaries.json' ? summaries(text) : text);
      }
    } finally {
      w.close();
      source.close();
    }
    return path;
  }

  it('gives the same rows from the scan, from whole parsing (no scorers in the header), and with background threads', () => {
    const scanned = plainRows(importEval([haiku], { cluster: 'metadata.subject' }).table);
    const parsed = withSummaries('parsed.eval', (t) => t);
    // The same log whose header lists no scorers: summaries are parsed whole.
    const noScorers = join(tmp, 'no-scorers.eval');
    const source = ZipArchive.open(haiku);
    const w = new ZipWriter(noScorers);
    for (const entry of source.entries) {
      let text = source.read(entry).toString('utf8');
      if (entry.name === 'header.json') {
        const header = JSON.parse(text);
        delete header.eval.scorers;
        delete header.results;
        text = JSON.stringify(header);
      }
      w.add(entry.name, text);
    }
    w.close();
    source.close();
    const strip = (rows: ReturnType<typeof plainRows>) => rows.map(({ source: _, ...rest }) => rest);
    expect(strip(plainRows(importEval([parsed], { cluster: 'metadata.subject' }).table))).toEqual(
      strip(scanned),
    );
    expect(strip(plainRows(importEval([noScorers], { cluster: 'metadata.subject' }).table))).toEqual(
      strip(scanned),
    );
    const background = importEval([haiku, mini], { cluster: 'metadata.subject' }, { background: true });
    const foreground = importEval([haiku, mini], { cluster: 'metadata.subject' }, { background: false });
    expect(plainRows(background.table)).toEqual(plainRows(foreground.table));
    expect(background.provenance).toEqual(foreground.provenance);
  });

  it('reads a .json log the same way whether its samples are scanned or parsed whole', () => {
    const log = readFileSync(mini, 'utf8');
    const parsedPath = join(tmp, 'no-scorers.json');
    // Without scorers in the header the scan cannot choose one before the samples: whole parse.
    writeFileSync(
      parsedPath,
      log.replace('"scorers": [', '"scorers_": [').replace('"results": {', '"results_": {'),
    );
    const strip = (rows: ReturnType<typeof plainRows>) => rows.map(({ source: _, ...rest }) => rest);
    const scanned = importEval([mini]);
    const parsed = importEval([parsedPath]);
    expect(strip(plainRows(parsed.table))).toEqual(strip(plainRows(scanned.table)));
    expect(parsed.warnings.map((w) => w.message)).toEqual(scanned.warnings.map((w) => w.message));
  });

  it('keeps the last of a repeated (id, epoch) in summaries.json, as inspect_ai does', () => {
    const path = withSummaries('repeated.eval', (t) => {
      const list = JSON.parse(t);
      const again = structuredClone(list[1]);
      again.scores.choice.value = 'C';
      return JSON.stringify([...list, again]);
    });
    const { table, warnings } = importEval([path]);
    expect(scoresBySystem(table)['anthropic/claude-3-5-haiku-20241022']['2']).toEqual([1, 1]);
    expect(table.rowCount).toBe(8);
    expect(warnings.map((w) => w.message)).toEqual([
      '1 repeated (id, epoch) records (requeued samples): the last of each kept, as inspect_ai does',
    ]);
  });

  it('names line and column of malformed JSON in summaries.json', () => {
    const path = withSummaries('malformed.eval', (t) => t.replace('"epoch": 1,', '"epoch": 1,,'));
    const e = inputError(() => importEval([path]));
    expect(e.file).toBe(`${path}!summaries.json`);
    expect([e.line, e.column]).toEqual([4, 16]);
  });
});
