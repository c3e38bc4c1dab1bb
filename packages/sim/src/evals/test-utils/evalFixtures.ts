/** Helpers for the evals tests: fixture paths, caught input errors, rows as plain objects. */
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { EvalInputError } from '../evalInputError.js';
import { columnValue, type EvalTable } from '../evalTable.js';

/** Absolute path of a file under evals/fixtures/. */
export function fixture(relative: string): string {
  return fileURLToPath(new URL(`../fixtures/${relative}`, import.meta.url));
}

/** The EvalInputError thrown by `run` (fails the test when none is thrown). */
export function inputError(run: () => unknown): EvalInputError {
  try {
    run();
  } catch (error) {
    if (!(error instanceof EvalInputError)) throw error;
    return error;
  }
  expect.fail('expected an EvalInputError');
}

export interface PlainRow {
  source: string;
  task: string;
  system: string;
  question: string;
  cluster: string | null;
  epoch: number;
  metric: string;
  score: number;
}

/** The table's rows as objects (small test tables only). */
export function plainRows(table: EvalTable): PlainRow[] {
  return Array.from({ length: table.rowCount }, (_, i) => ({
    source: columnValue(table.source, i)!,
    task: columnValue(table.task, i)!,
    system: columnValue(table.system, i)!,
    question: columnValue(table.question, i)!,
    cluster: columnValue(table.cluster, i),
    epoch: table.epoch[i],
    metric: columnValue(table.metric, i)!,
    score: table.score[i],
  }));
}

/** `system → question → scores by epoch` for compact assertions. */
export function scoresBySystem(table: EvalTable): Record<string, Record<string, number[]>> {
  const out: Record<string, Record<string, number[]>> = {};
  for (const row of plainRows(table)) {
    out[row.system] ??= {};
    out[row.system][row.question] ??= [];
    out[row.system][row.question][row.epoch - 1] = row.score;
  }
  return out;
}
