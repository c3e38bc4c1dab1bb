/**
 * `EVALSIM_THREAD_TRACE=<file>`: any command (cli.ts) then records what each thread was busy with
 * (runner/threadTrace.ts: `run`'s and `reproduce`'s chunks, folds, formula slices and plot
 * renders) and writes it to `<file>` as JSON when the command ends — for the benchmarks (scripts/bench-scaling.mjs, scripts/bench-reproduce.mjs), which
 * print it as a timeline per thread and busy fractions. Nothing is recorded without the variable.
 *
 *   { "startMs": process start, "endMs": command end (trace clock, epoch ms),
 *     "cpu": { "user", "system" } (seconds, the whole process), "maxRssMiB",
 *     "main": { "cpuSeconds", "waitSeconds" } (the main thread on a CPU and waiting for one) or null,
 *     "intervals": [{ thread, startMs, endMs, kind, label, cpuSeconds? }, …] }
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { CliIo } from '../io.js';

/** The environment variable naming the trace file. */
export const THREAD_TRACE_VARIABLE = 'EVALSIM_THREAD_TRACE';

/** Runs `work`, tracing the threads when the environment asks for it (see the module comment). */
export async function withThreadTrace<T>(io: CliIo, work: () => Promise<T>): Promise<T> {
  const file = io.env[THREAD_TRACE_VARIABLE];
  if (!file) return work();
  const { startThreadTrace, stopThreadTrace, threadSchedule, traceClockMs } = await import(
    '@evalsim/sim/run'
  );
  startThreadTrace();
  try {
    return await work();
  } finally {
    const intervals = stopThreadTrace();
    const cpu = process.cpuUsage();
    const trace = {
      startMs: performance.timeOrigin,
      endMs: traceClockMs(),
      cpu: { user: cpu.user / 1e6, system: cpu.system / 1e6 },
      main: threadSchedule() ?? null,
      maxRssMiB: process.resourceUsage().maxRSS / 1024,
      intervals,
    };
    writeFileSync(io.resolve(file), `${JSON.stringify(trace)}\n`);
  }
}
