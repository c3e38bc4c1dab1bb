import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEval } from '../importEval.js';
import { fixture, inputError, plainRows, scoresBySystem } from '../test-utils/evalFixtures.js';

const mmlu = fixture('lm-eval/mmlu-stem');
const gsm8k = fixture('lm-eval/gsm8k-filters');
const bad = (name: string) => fixture(`lm-eval/bad/${name}`);

describe('lm-evaluation-harness --log_samples', () => {
  it('reads a grouped task: model from results_<date>.json, subtask as cluster, group as task, acc by doc_id', () => {
    const { table, warnings, provenance } = importEval([mmlu]);
    // The fixture's results say n-samples effective 3 of original 100 / 135 (lm-eval --limit 3).
    expect(warnings.map((w) => w.message)).toEqual(
      ['160m', '410m'].map(
        () =>
          '2 tasks were run on part of their split (lm-eval --limit; n-samples effective of original): mmlu_abstract_algebra 3 of 100, mmlu_anatomy 3 of 135; the analysis covers those documents only',
      ),
    );
    expect(warnings[0].file).toMatch(/EleutherAI__pythia-160m\/results_2024-06-03T14-21-07\.318592\.json$/);
    expect(table.rowCount).toBe(12);
    expect(table.system.dictionary).toEqual(['EleutherAI/pythia-160m', 'EleutherAI/pythia-410m']);
    expect(table.task.dictionary).toEqual(['mmlu_stem']);
    expect(table.metric.dictionary).toEqual(['acc,none']);
    expect(table.cluster.dictionary).toEqual(['mmlu_abstract_algebra', 'mmlu_anatomy']);
    expect(scoresBySystem(table)['EleutherAI/pythia-160m']).toEqual({
      'mmlu_abstract_algebra/0': [1],
      'mmlu_abstract_algebra/1': [0],
      'mmlu_abstract_algebra/2': [0],
      'mmlu_anatomy/0': [0],
      'mmlu_anatomy/1': [1],
      'mmlu_anatomy/2': [0],
    });
    const first = plainRows(table)[0];
    expect(first).toMatchObject({ cluster: 'mmlu_abstract_algebra', epoch: 1 });
    expect(first.source).toMatch(
      /EleutherAI__pythia-160m\/samples_mmlu_abstract_algebra_2024-06-03T14-21-07\.318592\.jsonl$/,
    );
    expect(table.line[0]).toBe(1);
    // every file read is in the provenance once, with its hash and lm-eval's version
    const names = provenance.sources.map((s) => basename(s.path));
    expect(names.filter((n) => n.startsWith('results_'))).toHaveLength(2);
    expect(names.filter((n) => n.startsWith('samples_'))).toHaveLength(4);
    for (const s of provenance.sources) {
      expect(s).toMatchObject({ format: 'lm-eval', tool: 'lm-evaluation-harness', toolVersion: '0.4.9.1' });
      expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('pairs on doc_hash with --question doc_hash, clusters by a doc field, or not at all', () => {
    const byHash = importEval([mmlu], { question: 'doc_hash' }).table;
    expect(byHash.question.dictionary[0]).toMatch(/^mmlu_abstract_algebra\/[0-9a-f]{64}$/);
    expect(byHash.question.dictionary).toHaveLength(6);
    const bySubject = importEval([mmlu], { cluster: 'doc.subject' }).table;
    expect(bySubject.cluster.dictionary).toEqual(['abstract_algebra', 'anatomy']);
    const none = importEval([mmlu], { cluster: 'none' }).table;
    expect(Array.from(new Set(none.cluster.codes))).toEqual([-1]);
    expect(inputError(() => importEval([mmlu], { cluster: 'metadata.subject' })).message).toMatch(
      /field "cluster": option cluster "metadata.subject": for lm-evaluation-harness use task, none or doc.<field>/,
    );
    expect(inputError(() => importEval([mmlu], { question: 'id' })).field).toBe('question');
  });

  it('requires a filter choice when a task has several, and keeps only the chosen one', () => {
    const e = inputError(() => importEval([gsm8k]));
    expect(e.field).toBe('filter');
    expect(e.message).toMatch(
      /task gsm8k has several filters \(strict-match, flexible-extract\); choose one with --filter/,
    );
    const { table } = importEval([gsm8k], { filter: 'flexible-extract' });
    expect(table.rowCount).toBe(3);
    expect(table.metric.dictionary).toEqual(['exact_match,flexible-extract']);
    expect(table.system.dictionary).toEqual(['meta-llama/Llama-3.2-1B-Instruct']); // from config.model_args
    expect(table.task.dictionary).toEqual(['gsm8k']);
    expect(Array.from(table.cluster.codes)).toEqual([-1, -1, -1]); // ungrouped: no cluster by default
    expect(Array.from(table.line)).toEqual([4, 5, 6]);
    expect(inputError(() => importEval([gsm8k], { filter: 'majority' })).message).toMatch(
      /no sample has filter "majority"; filters here: strict-match, flexible-extract/,
    );
  });

  it('takes another metric field with --metric and names the missing field otherwise', () => {
    const e = inputError(() => importEval([gsm8k], { filter: 'strict-match', metric: 'acc' }));
    expect([e.line, e.field]).toEqual([1, 'acc']);
    expect(e.message).toMatch(/metric field is missing \(this sample has exact_match\)/);
  });

  it('uses --system as the label and warns when results_<date>.json is missing', () => {
    const { table, warnings } = importEval([bad('nan-score')], { system: 'toy' });
    expect(table.system.dictionary).toEqual(['toy']);
    expect(warnings.map((w) => w.message)).toEqual([
      'no results_2024-08-01T12-00-00.000000.json beside it: the model is named after the directory and task groups are unknown',
      '1 samples with a NaN score were skipped',
    ]);
    expect(table.rowCount).toBe(2);
    expect(importEval([bad('nan-score')]).table.system.dictionary).toEqual(['toy-model']);
  });

  it('names file, line and column of a malformed line, and file, line and field of a missing field', () => {
    const malformed = inputError(() => importEval([bad('malformed-line')]));
    expect(malformed.file).toMatch(
      /malformed-line\/toy-model\/samples_arith_2024-08-01T12-00-00\.000000\.jsonl$/,
    );
    expect([malformed.line, malformed.column]).toEqual([2, 176]); // where the unterminated string opens
    expect(malformed.message).toMatch(/malformed JSON/);
    const missing = inputError(() => importEval([bad('missing-field')]));
    expect([missing.line, missing.field]).toEqual([3, 'doc_id']);
    expect(missing.message).toMatch(/: is missing$/);
  });

  it('refuses an integer id above 2^53', () => {
    const e = inputError(() => importEval([bad('big-id')]));
    expect([e.line, e.field]).toEqual([2, 'doc_id']);
    expect(e.message).toMatch(/above 2\^53 − 1 and cannot be kept exactly; write such ids as strings/);
  });

  it('reads a run from its results file, and says when there are no samples files', () => {
    const results = fixture(
      'lm-eval/mmlu-stem/EleutherAI__pythia-410m/results_2024-06-03T14-21-07.318592.json',
    );
    const { table } = importEval([results]);
    expect(table.rowCount).toBe(6);
    expect(table.system.dictionary).toEqual(['EleutherAI/pythia-410m']);
  });
});
