/**
 * Many studies on one pool (reproduceStudies.ts): each study's results are the bytes of running it
 * alone, for one computing thread and for two (two lanes), with its formula values computed
 * between chunks; scaled replications; a failing study's error is thrown as `studyError` makes it
 * and stops the rest; an aborted signal resolves with what finished.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Study } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import { reproduceRuns, reproduceStudies } from './reproduceStudies.js';
import type { StudyRun } from './runOptions.js';
import { runStudy } from './runStudy.js';
import { runBytes } from './test-utils/runBytes.js';
import { toyBaseDir } from './test-utils/toyStudy.js';

const tmp = mkdtempSync(join(tmpdir(), 'reproduce-studies-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const study = (name: string, seed: number, replications = 400): Record<string, unknown> => ({
  name,
  title: name,
  seed,
  replications,
  model: { name: 'betaBinomialClusters', params: { p: 0.7, clusters: 8, m: 5 } },
  grid: { rho: [0.05, 0.3] },
  methods: [
    { id: 'naive', method: 'wald' },
    { id: 'cr1', method: 'clustered' },
  ],
  metrics: ['coverage', 'meanWidth'],
  formulas: [
    {
      id: 'analytic',
      formula: 'naiveCoverageUnderDesignEffect',
      metric: 'coverage',
      clusterSize: 'm',
      icc: 'rho',
    },
  ],
});

const CONFIGS = [study('first', 3), study('second', 4, 300), study('third', 5, 200)];

/** The studies validated as reproduce loads them: formula values left to the run. */
const lazy = (): Promise<Study[]> =>
  Promise.all(CONFIGS.map((c) => validateStudy(c, toyBaseDir, { evaluateFormulas: false })));

describe('reproduceStudies', () => {
  test('each study gives the bytes of its run alone, on one computing thread and on two lanes', async () => {
    const alone = await Promise.all(
      CONFIGS.map(async (c) => runBytes(await runStudy(await validateStudy(c, toyBaseDir), { workers: 0 }))),
    );
    for (const workers of [1, 2]) {
      const { runs, totalReplications } = reproduceRuns(await lazy());
      expect(totalReplications).toBe(2 * (400 + 300 + 200));
      const done: (StudyRun | undefined)[] = runs.map(() => undefined);
      const started: number[] = [];
      await reproduceStudies({
        runs,
        outDir: join(tmp, `w${workers}`),
        workers,
        onStudyStart: (i) => started.push(i),
        onStudyDone: (i, run) => {
          done[i] = run;
        },
      });
      // Studies start in index order whichever lane takes them.
      expect(started).toEqual([0, 1, 2]);
      expect(done.map((run) => runBytes(run as StudyRun))).toEqual(alone);
    }
  });

  test('a scaled run: replications × scale, rounded, never below 1', async () => {
    const { runs, totalReplications } = reproduceRuns(await lazy(), 0.1);
    expect(runs.map((r) => r.replications)).toEqual([40, 30, 20]);
    expect(totalReplications).toBe(2 * (40 + 30 + 20));
    expect(reproduceRuns(await lazy(), 1e-9).runs.map((r) => r.replications)).toEqual([1, 1, 1]);
  });

  test("a failing study's error is thrown as studyError makes it, and the studies after it do not start", async () => {
    const studies = await lazy();
    const { runs } = reproduceRuns(studies);
    const broken = { ...runs[1], study: { ...runs[1].study, cells: undefined as never } };
    const started: number[] = [];
    await expect(
      reproduceStudies({
        runs: [runs[0], broken, runs[2]],
        outDir: join(tmp, 'failing'),
        workers: 1,
        onStudyStart: (i) => started.push(i),
        studyError: (i, error) => new Error(`study ${i}: ${(error as Error).message}`),
      }),
    ).rejects.toThrow(/^study 1: /);
    expect(started).toEqual([0, 1]);
  });

  test('an aborted signal stops the studies and resolves', async () => {
    const { runs } = reproduceRuns(await lazy());
    const interrupt = new AbortController();
    const done: number[] = [];
    await reproduceStudies({
      runs,
      outDir: join(tmp, 'interrupted'),
      workers: 1,
      signal: interrupt.signal,
      onStudyDone: (i) => {
        done.push(i);
        interrupt.abort(new Error('interrupted by SIGINT'));
      },
    });
    expect(done).toEqual([0]);
  });
});
