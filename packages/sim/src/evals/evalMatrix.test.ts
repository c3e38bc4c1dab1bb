import { describe, expect, it } from 'vitest';
import { evalMatrix } from './evalMatrix.js';
import { importEval } from './importEval.js';
import { fixture, inputError } from './test-utils/evalFixtures.js';

const twoSystems = () => importEval([fixture('long/two-systems.csv')]).table;

describe('evalMatrix', () => {
  it('lays scores out [system][question][epoch] with clusters per question', () => {
    const m = evalMatrix(twoSystems());
    expect(m.systems).toEqual(['alpha', 'beta']);
    expect(m.questions).toEqual(['q,1', 'Zürich-2', 'q3']);
    expect(m.epochs).toBe(2);
    expect(Array.from(m.scores)).toEqual([1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1]);
    expect(m.clusterNames).toEqual(['algebra', 'geometry']);
    expect(Array.from(m.clusterOfQuestion)).toEqual([0, 1, 1]);
    expect(Array.from(m.epochCounts)).toEqual([2, 2, 2, 2, 2, 2]);
    expect([m.task, m.metric, m.binary]).toEqual(['default', 'score', true]);
  });

  it('takes the systems asked for, in that order, and says which are unknown', () => {
    const m = evalMatrix(twoSystems(), { systems: ['beta'] });
    expect(m.systems).toEqual(['beta']);
    expect(Array.from(m.scores.subarray(0, 2))).toEqual([0, 1]);
    expect(evalMatrix(twoSystems(), { systems: ['beta', 'alpha'] }).scores[0]).toBe(0);
    expect(() => evalMatrix(twoSystems(), { systems: ['gamma'] })).toThrow(
      /no system "gamma" for this task and metric; systems: alpha, beta/,
    );
    expect(() => evalMatrix(twoSystems(), { systems: ['beta', 'beta'] })).toThrow(/"beta" is listed twice/);
  });

  it('pairs on the intersection of question sets and says how many each system lost', () => {
    const m = evalMatrix(importEval([fixture('long/bad/different-questions.csv')]).table);
    expect(m.questions).toEqual(['q1', 'q2', 'q3']);
    expect(m.warnings.map((w) => w.message)).toEqual([
      'system alpha: 1 of its 4 questions are not answered by every system compared and were dropped (3 kept): q4',
      'system beta: 1 of its 4 questions are not answered by every system compared and were dropped (3 kept): q5',
    ]);
    expect(m.warnings.map((w) => [w.file, w.field])).toEqual([
      [fixture('long/bad/different-questions.csv'), 'question'],
      [fixture('long/bad/different-questions.csv'), 'question'],
    ]);
  });

  it('marks missing epochs NaN and counts the epochs present', () => {
    const table = importEval([
      fixture('inspect/2024-11-05T11-00-00+00-00_mmlu-0-shot_Mn7xP0aZr4LkQe.json'),
    ]).table;
    const m = evalMatrix(table);
    expect(m.epochs).toBe(2);
    expect(Array.from(m.epochCounts)).toEqual([2, 2, 1, 1]);
    expect(m.scores[2 * 2 + 1]).toBeNaN();
  });

  it('refuses a question whose cluster differs between systems, naming both', () => {
    // (import refuses this file itself now, with the same error: clusterConflict.test.ts)
    const e = inputError(() => importEval([fixture('long/bad/cluster-conflict.csv')]));
    expect([e.line, e.field]).toEqual([5, 'cluster']);
    expect(e.message).toMatch(
      /question q2 is in cluster c2 \(system beta, .*cluster-conflict\.csv line 5\) here but in cluster c1 \(system alpha, .*line 3\) elsewhere/,
    );
  });

  it('asks for a task or metric when the table has several', () => {
    const table = importEval([
      fixture('long/two-systems.csv'),
      fixture('openai-evals/240314092653ABCDEF_gpt-4o_arithmetic.dev.match-v1.jsonl'),
    ]).table;
    expect(() => evalMatrix(table)).toThrow(
      /the eval has 2 tasks \(default, arithmetic.dev.match-v1\); choose one with --task/,
    );
    expect(evalMatrix(table, { task: 'arithmetic.dev.match-v1' }).systems).toEqual(['gpt-4o']);
    expect(() => evalMatrix(table, { task: 'mmlu' })).toThrow(
      /--task "mmlu" is not in the eval; tasks: default, arithmetic.dev.match-v1/,
    );
    const helm = importEval([fixture('helm/runs/v1.0.0')]).table;
    expect(() => evalMatrix(helm, { metric: 'acc' })).toThrow(
      /--metric "acc" is not in the eval; metrics: exact_match/,
    );
  });

  it('accepts graded scores unless a binary-only method asks', () => {
    const table = importEval([fixture('long/graded.jsonl')]).table;
    expect(evalMatrix(table).binary).toBe(false);
    const e = inputError(() => evalMatrix(table, { requireBinary: 'Clopper–Pearson' }));
    expect([e.line, e.field]).toEqual([1, 'score']);
    expect(e.message).toMatch(
      /Clopper–Pearson needs 0\/1 scores, but system judge-a has score 0.75 for question 1 epoch 1/,
    );
  });
});
