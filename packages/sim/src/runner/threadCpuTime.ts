/**
 * CPU seconds this thread has run, where the system tells (Linux: the first field of
 * /proc/thread-self/schedstat, nanoseconds on a CPU), else wall seconds. Used to time a chunk
 * (probingExecutor.ts): on a machine shared with other work, wall time would count the time the
 * thread waited for a core, and process CPU time would count the other threads' start-up.
 * threadSchedule also gives the second field, the nanoseconds the thread was ready to run and
 * waited for a core (threadTrace.ts: a loaded machine's share of a wall time).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const SCHEDSTAT = '/proc/thread-self/schedstat';

let perThread: boolean | undefined;

/** This thread's seconds on a CPU and waiting for one, since it started; undefined where the system does not tell. */
export function threadSchedule(): { readonly cpuSeconds: number; readonly waitSeconds: number } | undefined {
  if (perThread === false) return undefined;
  try {
    const [cpu, wait] = readFileSync(SCHEDSTAT, 'latin1').split(' ', 2).map(Number);
    if (Number.isFinite(cpu) && Number.isFinite(wait)) {
      perThread = true;
      return { cpuSeconds: cpu / 1e9, waitSeconds: wait / 1e9 };
    }
  } catch {}
  perThread = false;
  return undefined;
}

/** Seconds on a CPU of this thread so far (or, where unknown, wall seconds since the process started). */
export function threadCpuSeconds(): number {
  return threadSchedule()?.cpuSeconds ?? performance.now() / 1000;
}
