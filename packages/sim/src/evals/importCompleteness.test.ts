/**
 * Import tells what is missing (issue 26 points 2 and 3; issue 27 point 6, the lm-eval half):
 * lm-eval samples against `n-samples`, tasks without a samples file, a damaged samples file in a
 * run directory (an error naming it); an inspect header that declares more samples or epochs
 * than the log holds; a grouping column or metadata key named when no cluster is set. The logs
 * are the committed fixtures (their formats read from the tools' sources, evals/fixtures/README.md),
 * copied and edited in a temporary directory.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importEval } from './importEval.js';
import { fixture, inputError } from './test-utils/evalFixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-complete-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const DATE = '2024-06-03T14-21-07.318592';
const messages = (ws: readonly { message: string }[]) => ws.map((w) => w.message);

/** A copy of the lm-eval mmlu-stem fixture run of pythia-160m. */
function lmEvalRun(name: string): string {
  const dir = join(tmp, name);
  cpSync(fixture('lm-eval/mmlu-stem/EleutherAI__pythia-160m'), dir, { recursive: true });
  return dir;
}

describe('lm-eval: samples against results_<date>.json', () => {
  it('a samples file holding fewer documents than n-samples says how many are missing', () => {
    const dir = lmEvalRun('short');
    const results = join(dir, `results_${DATE}.json`);
    const json = JSON.parse(readFileSync(results, 'utf8'));
    json['n-samples'].mmlu_anatomy = { original: 5000, effective: 5000 };
    writeFileSync(results, JSON.stringify(json));
    const { warnings } = importEval([dir]);
    expect(messages(warnings)).toContain(
      `holds 3 documents of task mmlu_anatomy but results_${DATE}.json says 5,000 were evaluated (n-samples): 4,997 are missing from the samples file`,
    );
  });
  it('a task of the results without a samples file is named', () => {
    const dir = lmEvalRun('no-anatomy');
    rmSync(join(dir, `samples_mmlu_anatomy_${DATE}.jsonl`));
    const { warnings } = importEval([dir]);
    const w = warnings.find((x) => /no samples_<task>/.test(x.message))!;
    expect(w.message).toBe(
      `1 task in n-samples has no samples_<task>_${DATE}.jsonl beside it and cannot be imported: mmlu_anatomy`,
    );
    expect(w.file).toMatch(/results_2024-06-03T14-21-07\.318592\.json$/);
  });
  it.each([
    ['a NUL byte', Buffer.from([0, 0, 10])],
    ['UTF-16', Buffer.from('\ufeff{"doc_id": 0}\n', 'utf16le')],
    ['nothing (empty)', Buffer.alloc(0)],
  ])('a damaged samples file in a run directory (%s) is an error naming it, not skipped', (_label, bytes) => {
    const dir = lmEvalRun(`damaged-${bytes.length}`);
    const damaged = join(dir, `samples_mmlu_anatomy_${DATE}.jsonl`);
    writeFileSync(damaged, bytes);
    const e = inputError(() => importEval([dir]));
    expect(e.file).toBe(damaged);
    expect(e.message).toMatch(
      /named as an lm-evaluation-harness samples file but cannot be read \(damaged, not skipped\)/,
    );
  });
});

/** The inspect_ai .json fixture as an object (its one NaN score, as Python writes it, read as null). */
function inspectLog() {
  const text = readFileSync(
    fixture('inspect/2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json'),
    'utf8',
  );
  return JSON.parse(text.replace(/: NaN\b/g, ': null'));
}

describe('inspect_ai: the header against the log', () => {
  it('a header of 79 samples and 4 epochs over a log of 1 sample and 1 epoch is said', () => {
    const log = inspectLog();
    log.eval.dataset.samples = 79;
    log.eval.config.epochs = 4;
    log.results.total_samples = 316;
    log.samples = log.samples.filter((s: { id: number; epoch: number }) => s.id === 1 && s.epoch === 1);
    const path = join(tmp, 'partial.json');
    writeFileSync(path, JSON.stringify(log));
    expect(messages(importEval([path]).warnings)).toEqual([
      'the header declares more than the log holds: 1 of its 79 samples (eval.dataset.samples); 1 of its 4 epochs (eval.config.epochs); 1 of the 316 sample records the results count (results.total_samples); only what is there is imported',
    ]);
  });
});

describe('clusters are never dropped silently (issue 26 point 3)', () => {
  const hint = (field: string, clusters: number, questions: number) =>
    `${field} looks like a grouping of the questions (${clusters} values over ${questions} questions, ${(questions / clusters).toFixed(1)} each) but no cluster is set`;
  it('a long table: a subject column is named with its cluster count, once for all systems; not with --cluster', () => {
    const lines = ['question,system,subject,epoch,score,latency'];
    for (const system of ['a', 'b'])
      for (let q = 0; q < 30; q++)
        for (let e = 1; e <= 2; e++) lines.push(`q${q},${system},s${q % 5},${e},${(q + e) % 2},${q * 7 + e}`);
    const path = join(tmp, 'long.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const found = messages(importEval([path]).warnings);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${hint('subject', 5, 30).replace(/[()]/g, '\\$&')}`));
    expect(found[0]).toMatch(/pass --cluster subject to use its 5 clusters/);
    expect(importEval([path], { cluster: 'subject' }).warnings).toEqual([]);
    expect(importEval([path], { cluster: 'none' }).warnings).toEqual([]);
  });
  it('inspect_ai: metadata.<key>', () => {
    const log = inspectLog();
    const template = log.samples.find((s: { scores?: unknown }) => s.scores)!;
    log.samples = Array.from({ length: 24 }, (_, i) => ({
      ...template,
      id: i + 1,
      epoch: 1,
      metadata: { subject: `subject-${i % 4}`, note: `free text ${i}` },
    }));
    delete log.results;
    const path = join(tmp, 'grouped.json');
    writeFileSync(path, JSON.stringify(log));
    const found = messages(importEval([path]).warnings).filter((m) => /looks like a grouping/.test(m));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^metadata\.subject looks like a grouping of the questions \(4 values over 24 questions/,
    );
    expect(
      messages(importEval([path], { cluster: 'metadata.subject' }).warnings).some((m) => /grouping/.test(m)),
    ).toBe(false);
  });
  it('lm-eval: doc.<field> of a task without groups', () => {
    const dir = join(tmp, 'lm-flat');
    cpSync(fixture('lm-eval/gsm8k-filters/meta-llama__Llama-3.2-1B-Instruct'), dir, { recursive: true });
    const samples = join(dir, 'samples_gsm8k_2024-07-11T09-02-44.901233.jsonl');
    const first = JSON.parse(readFileSync(samples, 'utf8').split('\n')[0]);
    const lines = Array.from({ length: 18 }, (_, i) =>
      JSON.stringify({ ...first, doc_id: i, doc: { ...first.doc, topic: `t${i % 3}` } }),
    );
    writeFileSync(samples, `${lines.join('\n')}\n`);
    const found = messages(importEval([dir], { filter: first.filter }).warnings).filter((m) =>
      /grouping/.test(m),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^doc\.topic looks like a grouping of the questions \(3 values over 18 questions/,
    );
  });
});
