/**
 * populationCsv: a 0/1 eval keeps the wide format of studies/data/README.md byte for byte
 * (correct, k, first, answers); a graded one is written with `scores_<system>` and reads back
 * through the one loader with every score and total exactly as in the eval (no rounding); a
 * missing epoch is skipped; a score outside [0, 1] is refused naming system, question, epoch.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import { loadItemPopulation } from '../population/loadItemPopulation.js';
import { populationCsv } from './populationCsv.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-population-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two systems × three questions × two epochs; `b`'s scores as given. */
function matrix(b: readonly number[]): EvalMatrix {
  const a = [1, 0, 0, 0, 1, 1];
  return {
    task: 't',
    metric: 'm',
    systems: ['a', 'openai/b'],
    questions: ['q1', 'q,2', 'q3'],
    clusterOfQuestion: Int32Array.from([0, 0, -1]),
    clusterNames: ['alg'],
    epochs: 2,
    scores: Float64Array.from([...a, ...b]),
    epochCounts: new Int32Array(6).fill(2),
    binary: b.every((y) => Number.isNaN(y) || y === 0 || y === 1),
    warnings: [],
  };
}

describe('populationCsv', () => {
  it('writes 0/1 systems in the counts-and-answers format, unchanged', () => {
    const { csv, graded } = populationCsv(matrix([1, 1, 0, Number.NaN, 0, 1]));
    expect(graded).toEqual([false, false]);
    expect(csv).toBe(
      [
        'question,cluster,correct_a,k_a,first_a,answers_a,correct_openai/b,k_openai/b,first_openai/b,answers_openai/b',
        'q1,alg,1,2,1,10,2,2,1,11',
        '"q,2",alg,0,2,0,00,0,1,0,0',
        'q3,q3,2,2,1,11,1,2,0,01',
        '',
      ].join('\n'),
    );
  });

  it('writes a graded system as its scores and total, read back exactly by the loader', () => {
    const b = [0.1, 0.7, 1 / 3, Number.NaN, 0.2, 2e-7];
    const { csv, graded } = populationCsv(matrix(b));
    expect(graded).toEqual([false, true]);
    expect(csv.split('\n')[0]).toBe(
      'question,cluster,correct_a,k_a,first_a,answers_a,correct_openai/b,k_openai/b,scores_openai/b',
    );
    const file = join(dir, 'graded.csv');
    writeFileSync(file, csv);
    const population = loadItemPopulation(file);
    const s = population.systems.get('openai/b');
    expect(s?.scores).not.toBeNull();
    expect([...(s?.scores?.values ?? [])]).toEqual([0.1, 0.7, 1 / 3, 0.2, 2e-7]);
    expect([...(s?.k ?? [])]).toEqual([2, 1, 2]);
    expect([...(s?.correct ?? [])]).toEqual([0.1 + 0.7, 1 / 3, 0.2 + 2e-7]);
    expect(population.systems.get('a')?.scores).toBeNull();
  });

  it('refuses a score outside [0, 1], naming system, question and epoch', () => {
    expect(() => populationCsv(matrix([0, 1, 0.5, 1.5, 0, 1]))).toThrow(
      /system "openai\/b", question "q,2", epoch 2: score 1.5 is outside \[0, 1\]/,
    );
  });
});
