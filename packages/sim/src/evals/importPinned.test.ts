/**
 * Pins what an import of several inspect_ai `.eval` logs produces, however it runs (one
 * thread, a background thread, import threads): every column of the canonical table, the
 * dictionaries (first-seen order, values used by no row dropped), warnings and
 * provenance, checked against an independent slow path — the rows read straight from the
 * JavaScript objects the logs were written from — and the Arrow bytes of every run mode
 * compared with each other.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedEval } from './evalArrow.js';
import { EvalInputError } from './evalInputError.js';
import { EVAL_STRING_COLUMNS, type EvalTable } from './evalTable.js';
import { type ImportRunOptions, importEval } from './importEval.js';
import { fixture } from './test-utils/evalFixtures.js';
import { ZipWriter } from './test-utils/zipWriter.js';
import { evalToArrow } from './writeEvalArrow.js';

/** A small seeded generator (xorshift32), for reproducible logs. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

interface Summary {
  id: number | string;
  epoch: number;
  metadata: { subject: string };
  scores: Record<string, { value: unknown }>;
  input: string;
}

interface LogSpec {
  name: string;
  model: string;
  summaries: Summary[];
  /** Full samples for thinned summaries: name → sample. */
  samples: Map<string, Summary>;
}

const SUBJECTS = ['algebra', 'anatomy', 'world religions', 'law'];
const TASK = 'mmlu';

/** The logs: 5 systems, numeric and string ids, a missing score, thinned metadata, a question first seen unscored. */
function makeLogs(): LogSpec[] {
  const rand = xorshift(20261201);
  const logs: LogSpec[] = [];
  for (let s = 0; s < 5; s++) {
    const summaries: Summary[] = [];
    const samples = new Map<string, Summary>();
    const questions = s === 2 ? 35 : 40; // system 3 lacks some questions
    for (let epoch = 1; epoch <= 3; epoch++) {
      for (let q = 1; q <= questions; q++) {
        // String ids for every fifth question of systems 2 and 4; question 41 only in system 1 (unscored) and 5.
        const id: number | string = q % 5 === 0 && s % 2 === 1 ? `q-${q}` : q;
        // Question 11's subject is long (system 4 thins it in its summaries); a question's cluster agrees across systems.
        const subject = q === 11 ? 'long subject' : SUBJECTS[q % SUBJECTS.length];
        const sample: Summary = {
          id,
          epoch,
          metadata: { subject },
          scores: { choice: { value: rand() < 0.3 + 0.1 * s ? 'C' : 'I' } },
          input: `question ${q} ${'x'.repeat(Math.floor(rand() * 40))}`,
        };
        if (s === 1 && q === 7 && epoch === 2) sample.scores = {}; // errored: no score
        if (s === 3 && q === 11) {
          // Thinned in the summary; the sample file has the full subject.
          samples.set(`samples/${id}_epoch_${epoch}.json`, {
            ...sample,
            metadata: { subject: 'long subject' },
          });
          summaries.push({ ...sample, metadata: { subject: 'long subj...' } });
          continue;
        }
        summaries.push(sample);
      }
      if (s === 0 || s === 4) {
        summaries.push({
          id: 'only-some',
          epoch,
          metadata: { subject: 'rare' },
          scores: s === 0 ? {} : { choice: { value: 0.5 } },
          input: 'rare',
        });
      }
    }
    logs.push({ name: `log-${s + 1}.eval`, model: `provider/model-${s + 1}`, summaries, samples });
  }
  return logs;
}

function writeLog(dir: string, log: LogSpec): string {
  const path = join(dir, log.name);
  const zip = new ZipWriter(path);
  const evalSpec = {
    task: TASK,
    model: log.model,
    created: '2026-01-15T10:00:00+00:00',
    dataset: { name: 'mmlu', samples: 40 },
    config: { epochs: 3 },
    packages: { inspect_ai: '0.3.158' },
    scorers: [{ name: 'choice', options: {}, metrics: [] }],
  };
  zip.add('_journal/start.json', JSON.stringify({ version: 2, eval: evalSpec, plan: {} }));
  for (const [name, sample] of log.samples) zip.add(name, JSON.stringify(sample));
  zip.add('summaries.json', JSON.stringify(log.summaries));
  zip.add(
    'header.json',
    JSON.stringify({
      version: 2,
      status: 'success',
      eval: evalSpec,
      results: { total_samples: 120, completed_samples: 120, scores: [] },
    }),
  );
  zip.close();
  return path;
}

/** The table expected from the logs, built from the objects themselves. */
function expectedTable(logs: LogSpec[], files: string[]) {
  const rows: {
    source: string;
    system: string;
    question: string;
    cluster: string;
    epoch: number;
    score: number;
  }[] = [];
  const firstSeenQuestions: string[] = [];
  logs.forEach((log, k) => {
    for (const s of log.summaries) {
      const question = String(s.id);
      if (!firstSeenQuestions.includes(question)) firstSeenQuestions.push(question);
      const value = s.scores.choice?.value;
      if (value === undefined) continue;
      const full = log.samples.get(`samples/${s.id}_epoch_${s.epoch}.json`) ?? s;
      rows.push({
        source: files[k],
        system: log.model,
        question,
        cluster: full.metadata.subject,
        epoch: s.epoch,
        score: value === 'C' ? 1 : value === 'I' ? 0 : Number(value),
      });
    }
  });
  const dictionary = (values: string[], order: string[] = values) => {
    const used = new Set(values);
    return [...new Set(order)].filter((v) => used.has(v));
  };
  return {
    rows,
    dictionaries: {
      source: dictionary(rows.map((r) => r.source)),
      task: [TASK],
      system: dictionary(rows.map((r) => r.system)),
      question: dictionary(
        rows.map((r) => r.question),
        firstSeenQuestions,
      ),
      cluster: dictionary(rows.map((r) => r.cluster)),
      metric: ['choice'],
    },
  };
}

function decode(table: EvalTable) {
  return Array.from({ length: table.rowCount }, (_, i) => ({
    source: table.source.dictionary[table.source.codes[i]],
    system: table.system.dictionary[table.system.codes[i]],
    question: table.question.dictionary[table.question.codes[i]],
    cluster: table.cluster.dictionary[table.cluster.codes[i]],
    epoch: table.epoch[i],
    score: table.score[i],
  }));
}

describe('importing several .eval logs: the result pinned for every run mode', () => {
  let dir: string;
  let logs: LogSpec[];
  let files: string[];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'evalsim-pinned-'));
    logs = makeLogs();
    files = logs.map((log) => writeLog(dir, log));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const modes: [string, ImportRunOptions][] = [
    ['one thread', { background: false, threads: 0 }],
    ['a background thread', { background: true, threads: 0 }],
    ['one import worker', { threads: 1 }],
    ['two import workers and a background thread', { threads: 2, background: true }],
  ];
  const results = new Map<string, ImportedEval>();

  it.each(modes)(
    '%s: every column, dictionary, warning and source as read from the objects',
    (label, run) => {
      const imported = importEval(files, { cluster: 'metadata.subject' }, run);
      results.set(label, imported);
      const { table } = imported;
      const expected = expectedTable(logs, files);
      expect(table.rowCount).toBe(expected.rows.length);
      expect(decode(table)).toEqual(expected.rows);
      for (const c of EVAL_STRING_COLUMNS) expect(table[c].dictionary).toEqual(expected.dictionaries[c]);
      expect(Array.from(table.metric.codes).every((c) => c === 0)).toBe(true);
      expect(Array.from(table.task.codes).every((c) => c === 0)).toBe(true);
      expect(Array.from(table.line).every((l) => l === 0)).toBe(true);
      expect(imported.warnings).toEqual([
        {
          file: files[0],
          field: 'scores.choice',
          message: '3 samples have no choice score (errored or unscored) and were skipped',
        },
        {
          file: files[1],
          field: 'scores.choice',
          message: '1 samples have no choice score (errored or unscored) and were skipped',
        },
        {
          // System 3 lacks questions 36-40: its header says 40 samples × 3 epochs.
          file: files[2],
          message:
            'the header declares more than the log holds: 35 of its 40 samples (eval.dataset.samples); 105 of the 120 sample records the results count (results.total_samples); only what is there is imported',
        },
      ]);
      expect(imported.provenance.sources).toEqual(
        files.map((path) => {
          const bytes = readFileSync(path);
          return {
            path,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            bytes: bytes.length,
            format: 'inspect-eval',
            formatVersion: 'EvalLog schema 2 (.eval ZIP)',
            tool: 'inspect_ai',
            toolVersion: '0.3.158',
          };
        }),
      );
    },
  );

  it('every run mode writes the same Arrow bytes', () => {
    const bytes = modes.map(([label]) => Buffer.from(evalToArrow(results.get(label)!, 'test')));
    expect(bytes.length).toBeGreaterThan(1);
    for (const b of bytes.slice(1)) expect(b.equals(bytes[0])).toBe(true);
  });
});

describe('import threads: mixed logs and failures as with one thread', () => {
  let dir: string;
  let files: string[];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'evalsim-threads-'));
    files = makeLogs().map((log) => writeLog(dir, log));
    // Two damaged logs: an epoch that is not a number (the second and the fourth log in file order).
    const broken = makeLogs().slice(0, 2);
    broken.forEach((log, k) => {
      log.name = `broken-${k + 1}.eval`;
      log.model = `provider/broken-${k + 1}`;
      (log.summaries[7] as { epoch: unknown }).epoch = k === 0 ? 'two' : 'three';
    });
    files.push(...broken.map((log) => writeLog(dir, log)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const runs: ImportRunOptions[] = [{ threads: 0, background: false }, { threads: 1 }, { threads: 2 }];

  it('reads journal-only, samples-only, zstd and thinned .eval logs and a .json log among them, in file order', () => {
    const paths = [
      files[0],
      fixture('inspect/in-progress.eval'),
      fixture('inspect/2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json'),
      fixture('inspect/samples-only.eval'),
      files[1],
      fixture('inspect/zstd-members.eval'),
      fixture('inspect/thinned-metadata.eval'),
      fixture('inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval'),
      files[2],
    ];
    // The fixtures log one system: each is labelled apart.
    const systemByFile = Object.fromEntries(paths.map((p, k) => [p, `system-${k}`]));
    const [first, ...others] = runs.map((run) => importEval(paths, { systemByFile }, run));
    const bytes = Buffer.from(evalToArrow(first, 'test'));
    expect(first.table.source.dictionary.length).toBe(paths.length);
    for (const other of others) {
      expect(Buffer.from(evalToArrow(other, 'test')).equals(bytes)).toBe(true);
      expect(other.warnings).toEqual(first.warnings);
      expect(other.provenance).toEqual(first.provenance);
    }
  });

  it('reports the first damaged log in file order, whichever thread read it', () => {
    const paths = [files[0], files[5], files[1], files[6], files[2], files[3], files[4]];
    const errors = runs.map((run) => {
      try {
        importEval(paths, { cluster: 'metadata.subject' }, run);
      } catch (error) {
        return error;
      }
      return undefined;
    });
    for (const error of errors) {
      expect(error).toBeInstanceOf(EvalInputError);
      const e = error as EvalInputError;
      expect([e.file, e.field]).toEqual([`${files[5]}!summaries.json`, '[7].epoch']);
      expect(e.message).toBe((errors[0] as Error).message);
    }
    expect((errors[0] as Error).message).toContain('"two"');
  });
});
