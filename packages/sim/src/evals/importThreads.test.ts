import { describe, expect, it } from 'vitest';
import { importInspectEval } from './formats/inspectEval.js';
import { ImportThreads } from './importThreads.js';
import type { LogUnit } from './logUnits.js';
import { fixture } from './test-utils/evalFixtures.js';
import { importUnitAlone, unitReader } from './unitImport.js';

// Runs the built worker (dist/evals/importWorker.bundle.mjs): build first, as for the study runner.
const names = [
  'inspect/in-progress.eval',
  'inspect/samples-only.eval',
  'inspect/zstd-members.eval',
  'inspect/thinned-metadata.eval',
  'inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval',
  'inspect/bad/two-scorers.json', // not a .eval: fails in the worker, as plain data
];
const units: LogUnit[] = names.map((n) => ({ path: fixture(n), file: n, format: 'inspect-eval' }));

describe('ImportThreads', () => {
  it('gives every log as importing it alone on this thread does, when only workers read', () => {
    for (const threads of [1, 2]) {
      const pool = new ImportThreads(units, {}, importInspectEval, threads, false);
      try {
        expect(pool.threads).toBe(threads);
        units.forEach((unit, i) => {
          expect(pool.result(i)).toEqual(importUnitAlone(importInspectEval, unit, {}, unitReader()));
        });
        expect(pool.readHere).toBe(0);
      } finally {
        pool.close();
      }
    }
  });

  it('reads every log on this thread when no worker is asked for', () => {
    const pool = new ImportThreads(units, {}, importInspectEval, 0);
    units.forEach((unit, i) => {
      const result = pool.result(i);
      expect(result.ok).toBe(i < units.length - 1);
      expect(result).toEqual(importUnitAlone(importInspectEval, unit, {}, unitReader()));
    });
    expect(pool.readHere).toBe(units.length);
    pool.close();
  });

  it('reads on this thread when the options cannot be sent to a worker', () => {
    const options = { metric: 'choice', hook: () => 1 } as unknown as Record<string, string>;
    const pool = new ImportThreads(units.slice(0, 2), options, importInspectEval, 1, false);
    expect(pool.threads).toBe(0);
    expect(pool.result(0)).toEqual(importUnitAlone(importInspectEval, units[0], options, unitReader()));
    expect(pool.readHere).toBe(1);
    pool.close();
  });
});
