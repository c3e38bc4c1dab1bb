/**
 * Two studies at once on one pool (`evalsim reproduce`): a lane in this thread and a lane on the
 * worker threads, each running one study at a time. While the other lane runs a study, a lane's
 * chunks stay on its own thread(s) — a small study then costs no worker thread its cold start,
 * and no study waits for chunks queued behind the other's; while the other lane is idle (no study
 * left for it), they go to the whole pool, so the last study has every thread. The lane here
 * gives its executor to runStudy as a pool it computes in, so a study still starts in this
 * thread and goes to the pool only when workers pay (probingExecutor.ts). A chunk's bytes do not
 * depend on where it ran (blocks.ts).
 */
import { type ChunkExecutor, createInProcessExecutor, mayRunHere, type StudyPool } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';

/**
 * Tasks a worker thread holds in a pool with lanes (StudyPoolOptions.tasksPerThread), and so the
 * chunks a lane's study keeps in flight per computing thread (runStudy's maxInFlight). Many of the
 * worker lane's chunks are short (a cell's first replications, a method's capped stretch), so a
 * few queued ones drain while this thread runs a chunk of its own or a formula, and the worker
 * thread would idle: sixteen keep it busy. A lane's study has the other lane to absorb its tail,
 * which `evalsim run` has not, so run keeps four (TASKS_PER_THREAD).
 */
export const LANE_TASKS_PER_THREAD = 16;

export interface StudyLane {
  /** The executor to give runStudy for a study of this lane (closing it closes nothing). */
  readonly executor: ChunkExecutor;
  /** Whether the lane runs a study now (set by its runner). */
  busy: boolean;
}

/**
 * The lanes of `pool`: one in this thread and one on its worker threads; a pool without worker
 * threads has the one lane, the pool itself.
 */
export function createStudyLanes(pool: StudyPool): StudyLane[] {
  const workerThreads = pool.workerThreads;
  if (!workerThreads) return [{ executor: { ...pool, close: async () => {} }, busy: false }];
  const here = createInProcessExecutor();
  const lanes: StudyLane[] = [];
  const otherBusy = (self: StudyLane) => lanes.some((lane) => lane !== self && lane.busy);
  const lane = (
    own: (task: ChunkTask, signal?: AbortSignal, onStart?: () => void) => Promise<ArrayBuffer>,
    mainThread: boolean,
  ): StudyLane => {
    const self: StudyLane = {
      busy: false,
      executor: {
        workers: pool.workers,
        mainThread,
        tasksPerThread: pool.tasksPerThread,
        run: (task, signal, onStart) =>
          otherBusy(self) ? own(task, signal, onStart) : pool.run(task, signal, onStart),
        async close() {},
      },
    };
    lanes.push(self);
    return self;
  };
  // User code and time-limited chunks never run here: the pool sends them to a worker thread.
  lane(
    (task, signal, onStart) =>
      mayRunHere(task, signal) ? here.run(task, undefined, onStart) : pool.run(task, signal, onStart),
    true,
  );
  lane((task, signal, onStart) => workerThreads.run(task, signal, onStart), false);
  return lanes;
}
