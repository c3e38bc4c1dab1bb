// Reading a thread trace (EVALSIM_THREAD_TRACE, packages/cli/src/commands/threadTraceFile.ts):
// per thread its busy time (the union of its intervals), busy fraction over the traced span, CPU
// seconds of its chunks, and a compact timeline, one character per 1/width of the span:
//   █ busy ≥ 7/8 of the slot   ▓ ≥ 1/2   ▒ ≥ 1/4   ░ > 0   · idle
// Used by the benchmarks that print traces (bench-scaling.mjs, bench-reproduce.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const SHADES = [
  [7 / 8, '█'],
  [1 / 2, '▓'],
  [1 / 4, '▒'],
  [0, '░'],
];

/** Sorted, merged [start, end) intervals. */
function union(intervals) {
  const sorted = intervals.map((i) => [i.startMs, i.endMs]).sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Milliseconds of `merged` within [from, to). */
function overlap(merged, from, to) {
  let sum = 0;
  for (const [start, end] of merged) sum += Math.max(0, Math.min(end, to) - Math.max(start, from));
  return sum;
}

/**
 * The lanes of `trace`: the main thread first, then worker threads by id. `from`/`to` (epoch ms)
 * bound the span (default: the whole command, process start to end).
 */
export function summariseTrace(trace, { width = 60, from = trace.startMs, to = trace.endMs } = {}) {
  const byThread = new Map();
  for (const interval of trace.intervals) {
    if (!byThread.has(interval.thread)) byThread.set(interval.thread, []);
    byThread.get(interval.thread).push(interval);
  }
  if (!byThread.has(0)) byThread.set(0, []);
  const span = to - from;
  const lanes = [...byThread.keys()]
    .sort((a, b) => a - b)
    .map((thread) => {
      const intervals = byThread.get(thread);
      const merged = union(intervals);
      const kinds = [...new Set(intervals.map((i) => i.kind))];
      let timeline = '';
      for (let slot = 0; slot < width; slot++) {
        const a = from + (span * slot) / width;
        const b = from + (span * (slot + 1)) / width;
        const busy = overlap(merged, a, b) / (b - a);
        timeline += busy <= 0 ? '·' : SHADES.find(([at]) => busy >= at)[1];
      }
      // The thread's own totals: the main thread's at the end, a worker's at its last chunk.
      const last = intervals.filter((i) => i.threadCpuSeconds).sort((a, b) => b.endMs - a.endMs)[0];
      const schedule =
        thread === 0
          ? trace.main
          : last && { cpuSeconds: last.threadCpuSeconds, waitSeconds: last.threadWaitSeconds };
      return {
        thread,
        cpuSeconds: schedule?.cpuSeconds ?? null,
        waitSeconds: schedule?.waitSeconds ?? null,
        name: thread === 0 ? 'main' : kinds.includes('render') ? `render ${thread}` : `worker ${thread}`,
        kinds,
        busySeconds: overlap(merged, from, to) / 1000,
        busyFraction: span > 0 ? overlap(merged, from, to) / span : 0,
        chunkCpuSeconds: intervals.reduce((sum, i) => sum + (i.cpuSeconds ?? 0), 0),
        timeline,
      };
    });
  return { spanSeconds: span / 1000, lanes };
}

/** The span from the first chunk's start to the last chunk's end (the computing part of a run). */
export function computeSpan(trace) {
  const chunks = trace.intervals.filter((i) => i.kind === 'chunk');
  if (chunks.length === 0) return { from: trace.startMs, to: trace.endMs };
  return {
    from: Math.min(...chunks.map((i) => i.startMs)),
    to: Math.max(...chunks.map((i) => i.endMs)),
  };
}

/** Lines of a trace's lanes: `  main      ███▓··  busy 92% (2.41 s), chunks 2.30 CPU s`. */
export function traceLines(summary, indent = '  ') {
  return summary.lanes.map(
    (lane) =>
      `${indent}${lane.name.padEnd(10)} ${lane.timeline}  busy ${(100 * lane.busyFraction).toFixed(0).padStart(3)}% (${lane.busySeconds.toFixed(2)} s)${lane.chunkCpuSeconds > 0 ? `, chunks ${lane.chunkCpuSeconds.toFixed(2)} CPU s` : ''}`,
  );
}

/**
 * Runs `node <args>` as a whole process with a thread trace; returns its wall seconds, the trace
 * and the process's CPU seconds (user + system, every thread).
 */
export function runTraced(args, { cwd, env = {} } = {}) {
  const dir = mkdtempSync(join(os.tmpdir(), 'evalsim-trace-'));
  const file = join(dir, 'trace.json');
  try {
    const t0 = performance.now();
    execFileSync(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env, EVALSIM_THREAD_TRACE: file },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const wallSeconds = (performance.now() - t0) / 1000;
    const trace = JSON.parse(readFileSync(file, 'utf8'));
    return { wallSeconds, trace, cpuSeconds: trace.cpu.user + trace.cpu.system };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
