/**
 * The process's resident memory, watched while chunks of user code (or time-limited chunks) run
 * on worker threads. `--worker-memory` is each worker thread's V8 heap limit
 * (resourceLimits.maxOldGenerationSizeMb), and V8 bounds only the JavaScript heap with it —
 * Node's documentation: "these limits only affect the JS engine, and no external data,
 * including no ArrayBuffers" — so a user method that fills typed arrays grows the process
 * without any bound (6.2 GB under a 512 MB limit). Every WATCH_INTERVAL_MS the resident set
 * (process.memoryUsage.rss(): the operating system's count for every thread, heap or not) is
 * compared with
 *
 *   limit = the resident set when the run's chunks start + MAIN_THREAD_SLACK_MB
 *           + worker threads × (workerMemoryMb + WORKER_THREAD_OVERHEAD_MB)
 *
 * — each worker thread's heap and its memory outside the heap together within its
 * `--worker-memory`, besides what any thread costs (its stack, code, young generation) — and past it the run stops the chunks running (their workers are
 * terminated) and fails, naming them. The overshoot is what the threads allocate within one
 * interval. What evalsim itself allocates in a worker (a chunk's output, a model's data, kept
 * records) is bounded by the study's validated sizes (base/limits.ts) and stays well inside.
 */

/** How often the resident set is read, ms. */
export const WATCH_INTERVAL_MS = 50;

/** Room for this thread's own growth during a run (folds, progress, formulas), MB. */
export const MAIN_THREAD_SLACK_MB = 256;

/** What a worker thread costs outside its old generation (stack, compiled code, young generation), MB. */
export const WORKER_THREAD_OVERHEAD_MB = 48;

/** The resident-set limit for `workers` worker threads of `workerMemoryMb` each, from the resident set `baselineBytes` now. */
export function processMemoryLimit(baselineBytes: number, workers: number, workerMemoryMb: number): number {
  return (
    baselineBytes +
    (MAIN_THREAD_SLACK_MB + Math.max(1, workers) * (workerMemoryMb + WORKER_THREAD_OVERHEAD_MB)) * 1048576
  );
}

/**
 * Calls `onExceeded(rss)` (once) when the resident set passes `limitBytes`; returns the function
 * that stops watching. The timer does not keep the process alive.
 */
export function watchProcessMemory(
  limitBytes: number,
  onExceeded: (residentBytes: number) => void,
  read: () => number = () => process.memoryUsage.rss(),
): () => void {
  const timer = setInterval(() => {
    const resident = read();
    if (resident > limitBytes) {
      clearInterval(timer);
      onExceeded(resident);
    }
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
