/**
 * Two studies at once on one pool (studyLanes.ts): while both lanes run a study, the lane here
 * computes only here and the worker lane only on the worker threads; a lane whose other lane is
 * idle uses the whole pool; the bytes are those of a run in this thread either way.
 */
import { describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { resultsToArrow } from '../output/arrowResults.js';
import { createStudyPool } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { runStudy, type StudyRun } from './runStudy.js';
import { createStudyLanes } from './studyLanes.js';
import { recordingThread } from './test-utils/recordingThread.js';
import { toyBaseDir } from './test-utils/toyStudy.js';
import { startWorkerThread } from './workerThread.js';

const study = (name: string, seed: number) => ({
  name,
  title: 'Built-in blocks only',
  seed,
  replications: 1000,
  model: { name: 'betaBinomialClusters', params: { p: 0.7, clusters: 8, m: 5 } },
  grid: { rho: [0.05, 0.3] },
  methods: [
    { id: 'naive', method: 'wald' },
    { id: 'clustered', method: 'clustered' },
  ],
  metrics: ['coverage', 'meanWidth', 'bias'],
});

function bytesOf(result: StudyRun): Buffer {
  return Buffer.from(
    resultsToArrow(result.rows, {
      gridKeys: result.study.gridKeys,
      config: result.config,
      version: 'test',
      seed: result.seed!,
      replications: result.replications!,
    }),
  );
}

describe('study lanes', () => {
  test('both busy: each lane keeps to its own thread(s); the bytes are those of a run here', async () => {
    const here = await validateStudy(study('here', 1), toyBaseDir);
    const there = await validateStudy(study('there', 2), toyBaseDir);
    const references = [
      bytesOf(await runStudy(here, { workers: 0 })),
      bytesOf(await runStudy(there, { workers: 0 })),
    ];
    const { thread, log } = recordingThread(startWorkerThread());
    const pool = createStudyPool({ workers: 1, mainThread: true, warm: thread });
    const lanes = createStudyLanes(pool);
    expect(lanes.map((lane) => [lane.executor.workers, lane.executor.mainThread])).toEqual([
      [1, true],
      [1, false],
    ]);
    const starts: number[] = [];
    const counting = lanes[1].executor;
    const workerLane = {
      ...counting,
      run: (task: ChunkTask, signal?: AbortSignal) => {
        starts.push(task.start);
        return counting.run(task, signal);
      },
    };
    for (const lane of lanes) lane.busy = true;
    try {
      // Fixed chunks: the lane here gets its executor as given (no probe).
      const [a, b] = await Promise.all([
        runStudy(here, { pool: lanes[0].executor, chunkSize: 100 }),
        runStudy(there, { pool: workerLane, chunkSize: 100 }),
      ]);
      expect(bytesOf(a).equals(references[0])).toBe(true);
      expect(bytesOf(b).equals(references[1])).toBe(true);
      // The worker thread ran the worker lane's 20 chunks and nothing else.
      expect(starts).toHaveLength(20);
      expect(log.runs).toBe(20);
      // Alone, the lane here shares its chunks with the worker thread.
      lanes[1].busy = false;
      const alone = await runStudy(here, { pool: lanes[0].executor, chunkSize: 100 });
      expect(bytesOf(alone).equals(references[0])).toBe(true);
      expect(log.runs).toBeGreaterThan(20);
    } finally {
      await Promise.all(lanes.map((lane) => lane.executor.close()));
      expect(log.closes).toBe(0); // a lane closes nothing
      await pool.close();
    }
    expect(log.closes).toBe(1);
  });

  test('a pool without worker threads has one lane, computing here', async () => {
    const pool = createStudyPool({ workers: 0 });
    const lanes = createStudyLanes(pool);
    expect(lanes).toHaveLength(1);
    const one = await validateStudy(study('one', 3), toyBaseDir);
    const run = await runStudy(one, { pool: lanes[0].executor });
    expect(bytesOf(run).equals(bytesOf(await runStudy(one, { workers: 0 })))).toBe(true);
    await pool.close();
  });
});
