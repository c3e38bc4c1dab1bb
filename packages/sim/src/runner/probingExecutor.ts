/**
 * Workers only when they pay for themselves: the first chunks of a run of built-in blocks run in
 * this thread, one after the other, timed by this thread's CPU time (threadCpuTime.ts), until
 * they have taken PROBE_SECONDS; from the time per replication of the last of them the rest of the
 * run is estimated, and worker threads are used only when
 *
 *   rest = seconds(last chunk) / replications(last chunk) · (replications − done) > WORKERS_PAY_AFTER_SECONDS
 *
 * else every chunk runs here and no pool is made (a thread started early, `warm`, is closed). A
 * worker thread costs its start, its bundle load and a cold JIT (0.3–0.5 CPU s on the studies of
 * studies/), and the run's end waits for its last, slowest chunk; and a run in one thread is not on
 * one core: V8 compiles and collects garbage on the other (few-clusters alone: 1.39 CPU s in
 * 1.29 s; two copies at once: 1.56–1.62 s each), which a worker thread takes from it. On a run of
 * a second or less it only adds. The code is cold at first: over the first 0.1 CPU s the mean time
 * per replication after the first chunk overestimated the rest 3–150 times (power-resampling 3.2 s
 * for a run of 0.5 s, paired-intervals 224 s for 1.8 s), so `--workers 2` made power-resampling,
 * small-n-coverage and paired-false-win slower than `--workers 1` (0.93 against 0.77 s, 0.95 against
 * 0.78 s, 1.06 against 0.84 s). The last chunk of 0.2 CPU s is the warmest: it estimates
 * power-resampling's rest at 0.26 s and small-n-coverage's at 0.27 s, which then stay here (0.79
 * and 0.81 s), while few-clusters (1.5 s) and paired-intervals (32 s) still use workers. A run done
 * within the probe never starts a pool. A
 * chunk's bytes do not depend on where it ran (blocks.ts); the chunks asked for during the probe
 * wait for it, in order.
 */
import type { ChunkExecutor } from './chunkExecutor.js';
import type { ChunkTask } from './chunkTask.js';
import { threadCpuSeconds } from './threadCpuTime.js';

/** CPU seconds of chunks run here before the decision (about a worker thread's start and bundle load). */
export const PROBE_SECONDS = 0.2;
/**
 * Estimated seconds of work left (in this thread) above which worker threads are used: a
 * thread's start and cold code cost a run that is shorter than this more than the second core
 * gives back (tuned on the studies of studies/ with `pnpm bench`).
 */
export const WORKERS_PAY_AFTER_SECONDS = 1;
/**
 * The same for a pool whose worker threads are started already (`evalsim reproduce`'s, shared by
 * the studies): they cost no start, but each study's code is cold in them and the run waits for
 * their last queued chunks, so short studies stay in this thread (tuned on `evalsim reproduce`).
 */
export const STARTED_WORKERS_PAY_AFTER_SECONDS = 0.25;

/**
 * Whether worker threads pay for `rest` replications, the last chunk of `count` having taken
 * `seconds` here: the rest estimated at that rate exceeds `paysAfter` seconds.
 */
export function workersPay(
  seconds: number,
  count: number,
  rest: number,
  paysAfter: number = WORKERS_PAY_AFTER_SECONDS,
): boolean {
  return (seconds / count) * rest > paysAfter;
}

interface Waiting {
  readonly task: ChunkTask;
  readonly signal: AbortSignal | undefined;
  readonly onStart: (() => void) | undefined;
  readonly resolve: (buffer: ArrayBuffer) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * An executor that runs tasks here, timed, until they have taken PROBE_SECONDS, then sends every
 * task to `pool()` (made then) if workers pay for the rest of the run's `replications`, or to
 * `here` otherwise.
 */
export function createProbingExecutor(
  replications: number,
  here: ChunkExecutor,
  pool: () => ChunkExecutor,
  paysAfter: number = WORKERS_PAY_AFTER_SECONDS,
): ChunkExecutor {
  let chosen: ChunkExecutor | undefined;
  let busy: Promise<unknown> | undefined;
  let spent = 0;
  let done = 0;
  const waiting: Waiting[] = [];
  const send = (executor: ChunkExecutor, next: Waiting) =>
    executor.run(next.task, next.signal, next.onStart).then(next.resolve, next.reject);
  const runHere = (next: Waiting) => {
    // The in-process executor starts the chunk after this turn of the event loop; nothing else runs here meanwhile.
    const started = threadCpuSeconds();
    busy = here
      .run(next.task, next.signal, next.onStart)
      .then((buffer) => {
        const seconds = threadCpuSeconds() - started;
        spent += seconds;
        done += next.task.count;
        // The rate of the last chunk, the warmest (of the first, when it took the whole probe).
        if (spent >= PROBE_SECONDS)
          chosen = workersPay(seconds, next.task.count, replications - done, paysAfter) ? pool() : here;
        next.resolve(buffer);
      }, next.reject)
      .finally(() => {
        busy = undefined;
        dispatch();
      });
  };
  const dispatch = () => {
    if (chosen) for (const next of waiting.splice(0)) send(chosen, next);
    else if (!busy && waiting.length > 0) runHere(waiting.shift()!);
  };
  return {
    get workers() {
      return chosen?.workers ?? 0;
    },
    get mainThread() {
      return chosen?.mainThread ?? true;
    },
    run(task, signal, onStart) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        waiting.push({ task, signal, onStart, resolve, reject });
        dispatch();
      });
    },
    async close() {
      for (const next of waiting.splice(0)) next.reject(new Error('the study pool was closed'));
      await busy;
      if (chosen && chosen !== here) await chosen.close();
      await here.close();
    },
  };
}
