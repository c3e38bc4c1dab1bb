/**
 * Workers only when they pay for themselves: the first chunks of a run of built-in blocks run in
 * this thread, one after the other, timed by this thread's CPU time (threadCpuTime.ts), until
 * they have taken PROBE_SECONDS; from then on, after every chunk, the rest of the run is estimated
 * from the time per replication of the latest chunks (PROBE_SECONDS / 2 of them), and worker
 * threads are used as soon as
 *
 *   rest = seconds(latest chunks) / replications(latest chunks) · (replications − done) > WORKERS_PAY_AFTER_SECONDS
 *
 * — the first cells may be cheaper than the later ones (clustered-coverage's first 11% of
 * replications estimated the rest at 0.9–1.3 s of its 1.9) — else every chunk runs here and the
 * pool is closed unused. The pool is made when the run starts,
 * so its threads start and load their bundle during the probe, on the other core, instead of after
 * it (the worker joined a long run 0.3–0.5 s after its first chunk, a tenth of a 3-second run's
 * second core); a pool hands a thread chunks only once it has loaded (chunkExecutor.ts), so the
 * probe never waits for one. A worker thread costs its start, its bundle load and a cold JIT
 * (0.3–0.5 CPU s on the studies of studies/), and the run's end waits for its last, slowest chunk;
 * and a run in one thread is not on one core: V8 compiles and collects garbage on the other
 * (few-clusters alone: 1.39 CPU s in 1.29 s; two copies at once: 1.56–1.62 s each), which a worker
 * thread takes from it. On a run of a second or less using it only adds. The code is cold at
 * first: over the first 0.1 CPU s the mean time per replication after the first chunk
 * overestimated the rest 3–150 times (power-resampling 3.2 s for a run of 0.5 s, paired-intervals
 * 224 s for 1.8 s), so `--workers 2` made power-resampling, small-n-coverage and paired-false-win
 * slower than `--workers 1` (0.93 against 0.77 s, 0.95 against 0.78 s, 1.06 against 0.84 s); the
 * probe's second half is warm (its last chunk estimated power-resampling's rest at 0.26 s and
 * small-n-coverage's at 0.27 s, which stay here, while few-clusters, 1.5 s, and paired-intervals,
 * 32 s, use workers). Its mean rather than the last chunk alone: CPU time is read in scheduler
 * ticks of a few milliseconds on some systems, as coarse as a chunk. A chunk's bytes do not depend
 * on where it ran (blocks.ts); the chunks asked for during the probe wait for it, in order.
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
 * CPU seconds of chunks here after which a thread that has already loaded (started with the
 * process, `evalsim run`'s `warm`) is used when the rest exceeds STARTED_WORKERS_PAY_AFTER_SECONDS:
 * its start is paid, on the other core, so what it costs a short run is only its cold code and
 * the run's wait for its last chunks, and what waiting for the whole probe costs a long one is
 * PROBE_SECONDS of the second core (half a 20,000-leaderboard run). The early, cold estimate
 * errs high, towards the thread.
 */
export const LOADED_PROBE_SECONDS = 0.05;

/**
 * Milliseconds a chunk here must have run before chunks are lent to the pool (ProbingOptions.speculate):
 * a chunk is cut to take CHUNK_SECONDS (chunkSizer.ts), so one that runs this long is a single
 * dear block, and a run with one is long; a short run's chunks end first and lend nothing.
 */
export const LEND_AFTER_MS = 50;

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

export interface ProbingOptions {
  /** Estimated seconds of work left above which the pool is used (default WORKERS_PAY_AFTER_SECONDS). */
  readonly paysAfter?: number | undefined;
  /** Settles when a thread started before the run has loaded: see LOADED_PROBE_SECONDS. */
  readonly loaded?: Promise<void> | undefined;
  /**
   * Once a chunk here has run LEND_AFTER_MS and while the probe lasts, lend the waiting chunks to
   * the pool, one at a time (its own pool only: a shared pool's threads run other studies'
   * chunks). A chunk its thread has not started by the end of the chunk here is taken back.
   * Needs a `here` that lets the event loop run during a chunk (the main thread's chunks do:
   * simulateInSlices.ts). Default false.
   */
  readonly speculate?: boolean | undefined;
  /** Milliseconds a chunk here runs before lending starts (default LEND_AFTER_MS). */
  readonly lendAfterMs?: number | undefined;
}

/**
 * An executor that runs tasks here, one at a time, timed, and once they have taken PROBE_SECONDS
 * (LOADED_PROBE_SECONDS once `loaded` has settled) sends every task to the pool as soon as workers
 * pay for the rest of the run's `replications` at the rate of the latest PROBE_SECONDS / 2 here (checked after every chunk: the run's later cells
 * may be dearer than its first). The pool is made at once (`pool()`), so its threads start and
 * load while the probe runs here (a pool gives a thread chunks only once it has loaded:
 * chunkExecutor.ts); a run that never pays closes it unused.
 */
export function createProbingExecutor(
  replications: number,
  here: ChunkExecutor,
  pool: () => ChunkExecutor,
  options: ProbingOptions = {},
): ChunkExecutor {
  const paysAfter = options.paysAfter ?? WORKERS_PAY_AFTER_SECONDS;
  const lendAfterMs = options.lendAfterMs ?? LEND_AFTER_MS;
  const { loaded } = options;
  const threads = pool();
  // A thread started before the run (runStudy's `warm`) that has loaded: see LOADED_PROBE_SECONDS.
  let ready = false;
  loaded?.then(() => {
    ready = true;
  });
  let chosen: ChunkExecutor | undefined;
  let busy: Promise<unknown> | undefined;
  let spent = 0;
  let done = 0;
  // The latest chunks run here, (CPU seconds, replications), at least PROBE_SECONDS / 2 of them.
  const recent: [number, number][] = [];
  let recentSeconds = 0;
  let recentCount = 0;
  const waiting: Waiting[] = [];
  // The chunk lent to the pool while the probe runs (options.speculate), whether its thread has
  // started it, and how to take it back if not; and whether a lent chunk ran on a worker thread.
  let lent: { readonly next: Waiting; started: boolean; readonly withdraw: AbortController } | undefined;
  let lentRan = false;
  // A chunk here has run LEND_AFTER_MS: lend from now on while the probe lasts.
  let lending = false;
  const send = (executor: ChunkExecutor, next: Waiting) =>
    executor.run(next.task, next.signal, next.onStart).then(next.resolve, next.reject);
  /**
   * Lends the next waiting chunk to the pool while a long chunk of the probe runs here: the pool's
   * thread takes it once it has loaded, instead of idling until that chunk ends (a first chunk of
   * a run whose capped methods all fall in its first block can take seconds: arena-20-copies).
   * Sent with a signal of its own, so the pool hands it to a thread alone and, while it still
   * waits, can be taken back (aborted) when this thread is free first. Only chunks without a
   * signal of their own (time-limited chunks never come here).
   */
  const lend = () => {
    if (!lending || chosen || lent || spent >= PROBE_SECONDS) return;
    const index = waiting.findIndex((w) => w.signal === undefined);
    if (index < 0) return;
    const [next] = waiting.splice(index, 1);
    const loan = { next, started: false, withdraw: new AbortController() };
    lent = loan;
    threads
      .run(next.task, loan.withdraw.signal, () => {
        loan.started = true;
        lentRan = true;
        next.onStart?.();
      })
      .then(
        (buffer) => {
          if (!loan.started) return;
          done += next.task.count;
          next.resolve(buffer);
        },
        (error) => {
          if (loan.started) next.reject(error);
        },
      )
      .finally(() => {
        if (lent === loan) lent = undefined;
        dispatch();
      });
  };
  /** Takes the lent chunk back if its thread has not started it: it waits here again, first. */
  const reclaim = () => {
    if (!lent || lent.started) return;
    lent.withdraw.abort();
    waiting.unshift(lent.next);
    lent = undefined;
  };
  const runHere = (next: Waiting) => {
    // The in-process executor starts the chunk after this turn of the event loop; nothing else runs here meanwhile.
    const started = threadCpuSeconds();
    const long =
      options.speculate && !lending
        ? setTimeout(() => {
            lending = true;
            lend();
          }, lendAfterMs)
        : undefined;
    busy = here
      .run(next.task, next.signal, next.onStart)
      .then((buffer) => {
        reclaim();
        const seconds = threadCpuSeconds() - started;
        spent += seconds;
        done += next.task.count;
        recent.push([seconds, next.task.count]);
        recentSeconds += seconds;
        recentCount += next.task.count;
        while (recent.length > 1 && recentSeconds - recent[0][0] >= PROBE_SECONDS / 2) {
          const [oldSeconds, oldCount] = recent.shift()!;
          recentSeconds -= oldSeconds;
          recentCount -= oldCount;
        }
        const rest = replications - done;
        if (
          (spent >= PROBE_SECONDS && workersPay(recentSeconds, recentCount, rest, paysAfter)) ||
          (ready &&
            spent >= LOADED_PROBE_SECONDS &&
            workersPay(recentSeconds, recentCount, rest, STARTED_WORKERS_PAY_AFTER_SECONDS))
        )
          chosen = threads;
        next.resolve(buffer);
      }, next.reject)
      .finally(() => {
        clearTimeout(long);
        busy = undefined;
        dispatch();
      });
  };
  const dispatch = () => {
    if (chosen) for (const next of waiting.splice(0)) send(chosen, next);
    else {
      if (!busy && waiting.length > 0) runHere(waiting.shift()!);
      if (busy) lend();
    }
  };
  return {
    get workers() {
      return chosen === threads || lentRan ? threads.workers : 0;
    },
    get mainThread() {
      return chosen === threads || lentRan ? threads.mainThread : true;
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
      await threads.close();
      await here.close();
    },
  };
}
