/**
 * A trace of what each thread of this process was busy with, for benchmarks (`pnpm bench
 * scaling`, `pnpm bench reproduce`): off unless started, and then only a list of intervals.
 *
 *   interval = (thread, start, end, kind, label), times in epoch milliseconds
 *              (performance.timeOrigin + performance.now(): comparable across the threads of
 *              one process), thread = worker_threads' threadId (0: the main thread)
 *
 * A chunk measures itself on the thread that runs it and carries its interval back in its
 * header (chunkOutput.ts), so worker threads need no trace of their own; the main thread records
 * its folds and formula slices here. A thread's busy fraction over a span is the union of its
 * intervals over the span — a figure that a loaded machine inflates far less than wall times
 * (the time a thread waits for work is the scheduling's; the time it waits for a core is the
 * machine's, and `cpuSeconds` tells them apart).
 */
import { performance } from 'node:perf_hooks';
import { threadSchedule } from './threadCpuTime.js';

export { threadSchedule };

/** What a thread was busy with. */
export type BusyKind = 'chunk' | 'fold' | 'formula' | 'render' | 'import' | 'analyze';

export interface BusyInterval {
  /** worker_threads' threadId of the thread (0: the main thread). */
  readonly thread: number;
  /** Epoch milliseconds (traceClockMs). */
  readonly startMs: number;
  readonly endMs: number;
  readonly kind: BusyKind;
  /** The study (or file) the work was for. */
  readonly label: string;
  /** The thread's CPU seconds over the interval, where known (threadCpuTime.ts). */
  readonly cpuSeconds?: number | undefined;
  /**
   * The thread's seconds on a CPU and ready but waiting for one, since it started, at the
   * interval's end (chunks; 0 where unknown): a thread's last chunk tells its totals.
   */
  readonly threadCpuSeconds?: number | undefined;
  readonly threadWaitSeconds?: number | undefined;
}

let intervals: BusyInterval[] | undefined;

/** The trace clock: epoch milliseconds, the same scale on every thread of the process. */
export function traceClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Starts (or restarts, empty) the trace. */
export function startThreadTrace(): void {
  intervals = [];
}

/** Whether a trace is being recorded. */
export function tracingThreads(): boolean {
  return intervals !== undefined;
}

/** Records an interval (nothing without a trace). */
export function traceBusy(interval: BusyInterval): void {
  intervals?.push(interval);
}

/** Ends the trace and returns its intervals, in the order they were recorded. */
export function stopThreadTrace(): BusyInterval[] {
  const recorded = intervals ?? [];
  intervals = undefined;
  return recorded;
}
