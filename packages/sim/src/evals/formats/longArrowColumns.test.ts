/**
 * The long table's column-at-a-time Arrow path against the row path: the same rows written as
 * JSON Lines (read row by row) and as Arrow (dictionary-encoded and plain UTF-8 strings,
 * integer epochs, float and boolean scores, a nullable cluster, NaN scores, a metric column
 * filtered by --metric, answers) import to the same rows, dictionaries and warnings, and the
 * same first error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bool, Dictionary, Float64, Int32, Table, tableToIPC, Utf8, vectorFromArray } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { importEval } from '../importEval.js';
import type { EvalImportOptions } from '../importOptions.js';
import { inputError, plainRows } from '../test-utils/evalFixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-longarrow-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Row {
  question: string;
  system: string;
  cluster: string | null;
  epoch: number;
  score: number;
  metric: string;
  answer: string;
}

function rows(): Row[] {
  const out: Row[] = [];
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  for (const system of ['zeta', 'alpha', 'mid']) {
    for (let q = 0; q < 9; q++) {
      for (let e = 1; e <= 3; e++) {
        for (const metric of ['acc', 'f1']) {
          const u = next();
          out.push({
            question: `q${(q * 7) % 9}`,
            system,
            cluster: q % 4 === 3 ? null : `c${q % 3}`,
            epoch: e,
            score: u < 0.05 ? Number.NaN : u < 0.55 ? 1 : 0,
            metric,
            answer: ['A', 'B', 'C'][Math.floor(next() * 3)],
          });
        }
      }
    }
  }
  return out;
}

function write(
  data: Row[],
  name: string,
  dictionary: boolean,
  boolScore = false,
): { jsonl: string; arrow: string } {
  const jsonl = join(tmp, `${name}.jsonl`);
  writeFileSync(
    jsonl,
    `${data
      .map((r) =>
        JSON.stringify({
          ...r,
          score: Number.isNaN(r.score) ? 'NaN' : boolScore ? r.score === 1 : r.score,
          cluster: r.cluster ?? undefined,
        }),
      )
      .join('\n')
      .replaceAll('"NaN"', 'NaN')}\n`,
  );
  const strings = (values: (string | null)[]) =>
    dictionary
      ? vectorFromArray(values, new Dictionary(new Utf8(), new Int32()))
      : vectorFromArray(values, new Utf8());
  const table = new Table({
    question: strings(data.map((r) => r.question)),
    system: strings(data.map((r) => r.system)),
    cluster: strings(data.map((r) => r.cluster)),
    epoch: vectorFromArray(
      data.map((r) => r.epoch),
      new Int32(),
    ),
    score: boolScore
      ? vectorFromArray(
          data.map((r) => r.score === 1),
          new Bool(),
        )
      : vectorFromArray(
          data.map((r) => r.score),
          new Float64(),
        ),
    metric: strings(data.map((r) => r.metric)),
    answer: strings(data.map((r) => r.answer)),
  });
  const arrow = join(tmp, `${name}.arrow`);
  writeFileSync(arrow, tableToIPC(table, 'file'));
  return { jsonl, arrow };
}

const strip = (t: ReturnType<typeof importEval>) => ({
  rows: plainRows(t.table).map(({ source: _s, ...r }) => r),
  systems: t.table.system.dictionary,
  questions: t.table.question.dictionary,
  clusters: t.table.cluster.dictionary,
  answers: t.table.answer?.dictionary,
  answerCodes: t.table.answer ? Array.from(t.table.answer.codes) : undefined,
  warnings: t.warnings.map((w) => w.message),
});

describe('long Arrow tables, column by column', () => {
  it.each([
    ['dictionary strings', true, false],
    ['plain UTF-8 strings', false, false],
  ])('%s: the same import as the row path', (_name, dictionary, bool) => {
    const data = rows().filter((r) => !(bool && Number.isNaN(r.score)));
    const { jsonl, arrow } = write(data, `t-${dictionary}-${bool}`, dictionary, bool);
    for (const options of [{ metric: 'acc' }, { metric: 'f1', answer: 'answer' }] as EvalImportOptions[]) {
      expect(strip(importEval([arrow], options))).toEqual(strip(importEval([jsonl], options)));
    }
  });
  it('boolean scores', () => {
    const data = rows().filter((r) => !Number.isNaN(r.score));
    const { jsonl, arrow } = write(data, 'bool', true, true);
    expect(strip(importEval([arrow], { metric: 'acc' }))).toEqual(
      strip(importEval([jsonl], { metric: 'acc' })),
    );
  });
  it('the same first error', () => {
    const data = rows();
    data[40].question = '';
    const { jsonl, arrow } = write(data, 'bad', true);
    const a = inputError(() => importEval([arrow], { metric: 'acc' }));
    const j = inputError(() => importEval([jsonl], { metric: 'acc' }));
    expect([a.field, a.problem]).toEqual([j.field, j.problem]);
    expect(a.line).toBe(42);
    data[40].question = 'q1';
    data[50].epoch = 0;
    const e = write(data, 'bad-epoch', true);
    expect(inputError(() => importEval([e.arrow], { metric: 'acc' })).problem).toMatch(/epoch 0/);
  });
});
