/**
 * Population files reach worker threads on shared memory only when a task goes to one
 * (chunkExecutor.ts, withPopulations): a run that stays in this thread shares nothing, and every
 * task a worker thread gets carries the population files loaded here. The population is a copy of
 * the MMLU stand-in in a folder of this test's own, so no other test has shared it before.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { readPopulationFile } from '../models/support/populationFile.js';
import { createStudyPool } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';
import { runStudy } from './runStudy.js';
import { runBytes } from './test-utils/runBytes.js';
import { DEFAULT_WORKER_MEMORY_MB, type WorkerThread } from './workerThread.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-population-sharing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
copyFileSync(
  fileURLToPath(new URL('../../../../studies/data/mmlu-standin.csv', import.meta.url)),
  join(dir, 'p.csv'),
);

const CONFIG = {
  name: 'population-sharing',
  title: 'Leaderboards of copies from a population file',
  seed: 3,
  replications: 400,
  model: { name: 'systemCopies', params: { population: 'p.csv', system: 'haiku_off', copies: 5 } },
  methods: [{ id: 'pairs', method: 'leaderboardPairs' }],
  metrics: ['meanEstimate'],
};

/** Whether this thread's copy of the population has its columns on shared memory. */
function shared(): boolean {
  const { population } = readPopulationFile('p.csv', { baseDir: dir });
  return population.systems.get('haiku_off')?.correct.buffer instanceof SharedArrayBuffer;
}

test('a run that stays in this thread shares no population; a task sent to a worker thread carries them all', async () => {
  const study = await validateStudy(CONFIG, dir);
  // Two workers allowed, none made: the first chunks show the rest is too short to pay (probingExecutor.ts).
  const here = await runStudy(study, { workers: 2 });
  expect(here).toMatchObject({ workers: 0, threads: 1 });
  expect(shared()).toBe(false);

  // A stand-in worker thread that records its tasks and computes them here.
  const tasks: ChunkTask[] = [];
  const thread: WorkerThread = {
    memoryMb: DEFAULT_WORKER_MEMORY_MB,
    run: async (task) => {
      tasks.push(task as ChunkTask);
      return executeChunk(task as ChunkTask);
    },
    close: async () => {},
  };
  const pool = createStudyPool({ workers: 1, warm: thread });
  const there = await runStudy(study, { pool, chunkSize: 100 }).finally(() => pool.close());
  expect(tasks).toHaveLength(4);
  for (const task of tasks) expect(task.populations?.map((file) => file.path)).toContain(join(dir, 'p.csv'));
  expect(shared()).toBe(true);
  expect(runBytes(there).equals(runBytes(here))).toBe(true);
});
