/**
 * The battle importers against an independent pandas reading of the same fixtures
 * (packages/sim/fixtures/scripts/battleImports.py → battleImports.json: FastChat's unique
 * (model_a, model_b, outcome) rows, arena-hard-auto's games → battles, AlpacaEval's 2 − preference),
 * the Arrow round trip, and the bad inputs named by file, line and field.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../test-utils/fixtures.js';
import type { BattleTable } from './battleTable.js';
import { importBattles } from './importBattles.js';
import { readBattleArrow } from './readBattleArrow.js';
import { battlesToArrow, writeBattleArrow } from './writeBattleArrow.js';

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const expected = loadFixture<Record<string, [string, string, number, number][]> & { style: number[][] }>(
  'battleImports',
);
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-battles-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function uniqueRows(t: BattleTable): [string, string, number, number][] {
  const counts = new Map<string, number>();
  for (let i = 0; i < t.rowCount; i++) {
    const key = JSON.stringify([t.models[t.modelA[i]], t.models[t.modelB[i]], t.outcome[i]]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = [...counts].map(
    ([k, n]) => [...(JSON.parse(k) as [string, string, number]), n] as [string, string, number, number],
  );
  return rows.sort((x, y) =>
    x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] - y[2],
  );
}

function sortExpected(rows: [string, string, number, number][]): [string, string, number, number][] {
  return [...rows].sort((x, y) =>
    x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] - y[2],
  );
}

describe('importBattles against pandas', () => {
  for (const [file, options] of [
    ['lmarena/clean-battle.json', {}],
    ['lmarena/clean-battle.jsonl', {}],
    ['lmarena/arena-hard-battles.jsonl', {}],
    ['long/battles.csv', {}],
    ['arena-hard/v2.0-judgments.jsonl', {}],
    ['arena-hard/v0.1-gpt-3.5-turbo-0125.jsonl', { baseline: 'gpt-4-0314' }],
    ['alpaca-eval/annotations-discrete.json', {}],
    ['alpaca-eval/annotations-weighted.json', {}],
  ] as const) {
    it(`${file}: the same (model_a, model_b, outcome) counts`, () => {
      const imported = importBattles([file], options, { cwd: FIXTURES });
      const rows = uniqueRows(imported.table);
      const want = sortExpected(expected[file] as [string, string, number, number][]);
      expect(rows.length).toBe(want.length);
      rows.forEach((row, i) => {
        expect(row[0]).toBe(want[i][0]);
        expect(row[1]).toBe(want[i][1]);
        expect(row[2]).toBeCloseTo(want[i][2], 12);
        expect(row[3]).toBe(want[i][3]);
      });
    });
  }

  it('reads every LMArena field, the style features, and the same table from JSON and JSON Lines', () => {
    const json = importBattles(['lmarena/clean-battle.json'], {}, { cwd: FIXTURES }).table;
    const lines = importBattles(['lmarena/clean-battle.jsonl'], {}, { cwd: FIXTURES }).table;
    expect(json.rowCount).toBe(60);
    const first = json.models[json.modelA[0]];
    expect(first).toBe('vicuna-13b');
    expect(json.prompt.dictionary[json.prompt.codes[0]]).toBe('c0fc42c6f5f14f2aa5a89f71f8553730');
    expect(json.judge.dictionary[json.judge.codes[0]]).toBe('arena_user_973');
    expect(json.line[0]).toBe(2); // the array's first record opens on line 2 (indent=2)
    expect(json.style?.features).toEqual([
      'sum_assistant_tokens',
      'header_count',
      'list_count',
      'bold_count',
    ]);
    const style = json.style as NonNullable<BattleTable['style']>;
    for (let i = 0; i < 60; i++) {
      for (let q = 0; q < 4; q++) {
        expect(style.a[i * 4 + q]).toBe(expected.style[i][q]);
        expect(style.b[i * 4 + q]).toBe(expected.style[i][4 + q]);
      }
    }
    for (const key of ['modelA', 'modelB', 'outcome', 'turn', 'anony', 'tstamp'] as const) {
      expect(Array.from(lines[key])).toEqual(Array.from(json[key]));
    }
    expect(lines.models).toEqual(json.models);
    expect(Array.from(lines.line.slice(0, 3))).toEqual([1, 2, 3]);
  });

  it('counts strong verdicts three times, drops a null game with a warning, and needs a baseline for v0.1', () => {
    const v2 = importBattles(['arena-hard/v2.0-judgments.jsonl'], {}, { cwd: FIXTURES });
    expect(v2.warnings.map((w) => w.message).join()).toMatch(/1 judgment record .* dropped whole/);
    expect(v2.provenance.sources[0].skipped).toBe(1);
    const weight1 = importBattles(
      ['arena-hard/v2.0-judgments.jsonl'],
      { strongWeight: 1 },
      { cwd: FIXTURES },
    );
    expect(weight1.table.rowCount).toBe(2 * 11);
    expect(() => importBattles(['arena-hard/v0.1-gpt-3.5-turbo-0125.jsonl'], {}, { cwd: FIXTURES })).toThrow(
      /line 1, field "baseline": is missing .* --baseline gpt-4-0314/,
    );
    const v01 = importBattles(
      ['arena-hard/v0.1-gpt-3.5-turbo-0125.jsonl'],
      { baseline: 'gpt-4-0314' },
      { cwd: FIXTURES },
    );
    // game 1 A=B (tie), game 2 A>B (the model, shown as A, better: baseline scores 0);
    // record 2: game 1 A>B (baseline better), game 2 B>A (B = the baseline, better)
    expect(Array.from(v01.table.outcome)).toEqual([0.5, 0, 1, 1]);
    expect(v01.table.models).toEqual(['gpt-4-0314', 'gpt-3.5-turbo-0125']);
  });

  it('reads AlpacaEval draws and weighted preferences as fractions of a win', () => {
    const d = importBattles(['alpaca-eval/annotations-discrete.json'], {}, { cwd: FIXTURES }).table;
    expect(d.rowCount).toBe(20);
    expect(Array.from(d.outcome).filter((y) => y === 0.5).length).toBe(2);
    const w = importBattles(['alpaca-eval/annotations-weighted.json'], {}, { cwd: FIXTURES }).table;
    expect(w.outcome[0]).toBeCloseTo(2 - 1.7328323962, 12);
    expect(w.judge.dictionary).toEqual(['weighted_alpaca_eval_gpt4_turbo']);
  });

  it('merges files in order, with one source per file', () => {
    const both = importBattles(
      ['alpaca-eval/annotations-discrete.json', 'alpaca-eval/annotations-weighted.json'],
      {},
      { cwd: FIXTURES },
    );
    expect(both.table.rowCount).toBe(32);
    expect(both.table.source.dictionary).toEqual([
      'alpaca-eval/annotations-discrete.json',
      'alpaca-eval/annotations-weighted.json',
    ]);
    expect(both.table.models).toEqual(['gpt4_1106_preview', 'Ein-70B-v0.1', 'FuseChat-Gemma-2-9B-Instruct']);
    expect(both.provenance.sources.map((s) => s.format)).toEqual(['alpaca-eval', 'alpaca-eval']);
  });
});

describe('battle Arrow', () => {
  it('round-trips every column and writes the same bytes twice', () => {
    const imported = importBattles(['lmarena/clean-battle.json', 'long/battles.csv'], {}, { cwd: FIXTURES });
    const path = join(tmp, 'battles.arrow');
    writeBattleArrow(path, imported, { version: 'test' });
    const back = readBattleArrow(path);
    const t = imported.table;
    const u = back.table;
    expect(u.rowCount).toBe(t.rowCount);
    expect(u.models).toEqual(t.models);
    for (const key of ['modelA', 'modelB', 'outcome', 'turn', 'anony'] as const) {
      expect(Array.from(u[key])).toEqual(Array.from(t[key]));
    }
    expect(Array.from(u.tstamp).map(String)).toEqual(Array.from(t.tstamp).map(String));
    expect(Array.from(u.style?.a ?? []).map(String)).toEqual(Array.from(t.style?.a ?? []).map(String));
    expect(back.provenance).toEqual(JSON.parse(JSON.stringify(imported.provenance)));
    expect(Buffer.from(battlesToArrow(imported, 'test')).equals(readFileSync(path))).toBe(true);
    // and the Arrow file reads back through importBattles like any other battle file
    const again = importBattles([path]);
    expect(Array.from(again.table.outcome)).toEqual(Array.from(t.outcome));
    expect(again.provenance.sources.length).toBe(2);
  });
});

describe('bad battle files', () => {
  const bad =
    (file: string, options = {}) =>
    () =>
      importBattles([`bad/${file}`], options, { cwd: FIXTURES });
  it('names the file, line and field', () => {
    expect(bad('unknown-winner.jsonl')).toThrow(
      'bad/unknown-winner.jsonl, line 2, field "winner": "draw" is not a battle verdict: expected one of model_a, model_b, tie, tie (bothbad), both_bad',
    );
    expect(bad('self-battle.json')).toThrow(/self-battle.json, line 3, field "model_b": "c" against itself/);
    expect(bad('bad-score.csv')).toThrow(/bad-score.csv, line 3, field "winner": "1.5" is not a verdict/);
    expect(bad('missing-model.jsonl')).toThrow(/line 2, field "model_b": is missing/);
    expect(bad('bad-verdict.jsonl')).toThrow(/line 1, field "games\[1\].score": "A>>>B" is not a verdict/);
    expect(bad('bad-preference.json')).toThrow(
      /field "\[0\].preference": 2.5 is not an AlpacaEval preference/,
    );
    expect(bad('broken.json')).toThrow(/broken.json, line 3, column \d+/);
  });
  it('refuses an unknown format and an empty list', () => {
    expect(() => importBattles(['lmarena/clean-battle.json'], { format: 'nope' }, { cwd: FIXTURES })).toThrow(
      /unknown format nope/,
    );
    expect(() => importBattles([])).toThrow(/no battle files/);
    expect(() => importBattles(['missing.json'], {}, { cwd: FIXTURES })).toThrow(
      /missing.json: cannot be read \(ENOENT\)/,
    );
  });

  it('a cut-short battle table is refused by its framing, naming the file, like an eval table', () => {
    const imported = importBattles(['lmarena/clean-battle.json'], {}, { cwd: FIXTURES });
    const whole = battlesToArrow(imported, 'test');
    const cut = join(tmp, 'cut.arrow');
    writeFileSync(cut, whole.subarray(0, 300));
    expect(() => readBattleArrow(cut)).toThrow(/cut\.arrow.*cut short: it starts as an Arrow IPC file/);
  });
});
