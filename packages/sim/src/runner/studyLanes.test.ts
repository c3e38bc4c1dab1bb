/**
 * Two studies at once on one pool (studyLanes.ts): while both lanes run a study, the lane here
 * computes only here and the worker lane only on the worker threads; a lane whose other lane is
 * idle uses the whole pool; the bytes are those of a run in this thread either way.
 */
import { describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { createStudyPool } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { runStudy } from './runStudy.js';
import { createStudyLanes } from './studyLanes.js';
import { recordingThread } from './test-utils/recordingThread.js';
import { runBytes } from './test-utils/runBytes.js';
import { BUILT_IN_STUDY, toyBaseDir } from './test-utils/toyStudy.js';
import { startWorkerThread } from './workerThread.js';

const study = (name: string, seed: number) => ({ ...BUILT_IN_STUDY, name, seed });

describe('study lanes', () => {
  test('both busy: each lane keeps to its own thread(s); the bytes are those of a run here', async () => {
    const here = await validateStudy(study('here', 1), toyBaseDir);
    const there = await validateStudy(study('there', 2), toyBaseDir);
    const references = [
      runBytes(await runStudy(here, { workers: 0 })),
      runBytes(await runStudy(there, { workers: 0 })),
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
      expect(runBytes(a).equals(references[0])).toBe(true);
      expect(runBytes(b).equals(references[1])).toBe(true);
      // The worker thread ran the worker lane's 20 chunks and nothing else.
      expect(starts).toHaveLength(20);
      expect(log.runs).toBe(20);
      // Alone, the lane here shares its chunks with the worker thread.
      lanes[1].busy = false;
      const alone = await runStudy(here, { pool: lanes[0].executor, chunkSize: 100 });
      expect(runBytes(alone).equals(references[0])).toBe(true);
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
    expect(runBytes(run).equals(runBytes(await runStudy(one, { workers: 0 })))).toBe(true);
    await pool.close();
  });
});
