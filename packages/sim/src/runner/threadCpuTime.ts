/**
 * CPU seconds this thread has run, where the system tells (Linux: the first field of
 * /proc/thread-self/schedstat, nanoseconds on a CPU), else wall seconds. Used to time a chunk
 * (probingExecutor.ts): on a machine shared with other work, wall time would count the time the
 * thread waited for a core, and process CPU time would count the other threads' start-up.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const SCHEDSTAT = '/proc/thread-self/schedstat';

let perThread: boolean | undefined;

/** Seconds on a CPU of this thread so far (or, where unknown, wall seconds since the process started). */
export function threadCpuSeconds(): number {
  if (perThread !== false) {
    try {
      const nanoseconds = Number(readFileSync(SCHEDSTAT, 'latin1').split(' ', 1)[0]);
      if (Number.isFinite(nanoseconds)) {
        perThread = true;
        return nanoseconds / 1e9;
      }
    } catch {}
    perThread = false;
  }
  return performance.now() / 1000;
}
