import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalMatrix } from '../evalMatrix.js';
import { importEval } from '../importEval.js';
import { fixture, inputError, scoresBySystem } from '../test-utils/evalFixtures.js';

const gpt4o = fixture('openai-evals/240314092653ABCDEF_gpt-4o_arithmetic.dev.match-v1.jsonl');
const mini = fixture('openai-evals/240314093120GHIJKL_gpt-4o-mini_arithmetic.dev.match-v1.jsonl');
const graded = fixture('openai-evals/240315101010MNOPQR_gpt-4o_joke-fruits.dev.v0.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-oai-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('openai/evals run logs', () => {
  it('reads match events: completion fn as system, eval name as task, sample_id as question', () => {
    const { table, warnings, provenance } = importEval([gpt4o, mini]);
    expect(warnings).toEqual([]);
    expect(table.task.dictionary).toEqual(['arithmetic.dev.match-v1']);
    expect(table.metric.dictionary).toEqual(['match']);
    expect(scoresBySystem(table)).toEqual({
      'gpt-4o': {
        'arithmetic.dev.0': [1],
        'arithmetic.dev.1': [1],
        'arithmetic.dev.2': [1],
        'arithmetic.dev.3': [1],
        'arithmetic.dev.4': [0],
      },
      'gpt-4o-mini': {
        'arithmetic.dev.0': [1],
        'arithmetic.dev.1': [0],
        'arithmetic.dev.2': [1],
        'arithmetic.dev.4': [1],
      },
    });
    expect(Array.from(table.line.subarray(0, 2))).toEqual([3, 5]);
    expect(provenance.sources.map((s) => s.tool)).toEqual(['openai/evals', 'openai/evals']);
  });

  it('pairs systems on the questions both answered and says how many were dropped', () => {
    const m = evalMatrix(importEval([gpt4o, mini]).table);
    expect(m.questions).toEqual([
      'arithmetic.dev.0',
      'arithmetic.dev.1',
      'arithmetic.dev.2',
      'arithmetic.dev.4',
    ]);
    expect(m.warnings.map((w) => w.message)).toEqual([
      'system gpt-4o: 1 of its 5 questions are not answered by every system compared and were dropped (4 kept): arithmetic.dev.3',
    ]);
    expect(m.warnings[0].file).toBe(gpt4o);
  });

  it('reads a number from metrics events with --metric <key>', () => {
    const { table } = importEval([graded], { metric: 'score' });
    expect(Array.from(table.score)).toEqual([1, 0, 1, 0.5]);
    expect(inputError(() => importEval([graded])).message).toMatch(/no match events/);
  });

  it('warns when the final report disagrees with the events, and names a bad line', () => {
    const lines = readFileSync(gpt4o, 'utf8').trimEnd().split('\n');
    const report = JSON.parse(lines[lines.length - 1]);
    report.final_report.accuracy = 0.9;
    const changed = join(tmp, 'changed.jsonl');
    writeFileSync(changed, [...lines.slice(0, -1), JSON.stringify(report)].join('\n'));
    expect(importEval([changed]).warnings.map((w) => w.field)).toEqual(['final_report.accuracy']);
    const notBool = join(tmp, 'not-bool.jsonl');
    writeFileSync(
      notBool,
      lines.map((l, k) => (k === 2 ? l.replace('"correct": true', '"correct": "yes"') : l)).join('\n'),
    );
    const e = inputError(() => importEval([notBool]));
    expect([e.line, e.field]).toEqual([3, 'data.correct']);
  });
});
