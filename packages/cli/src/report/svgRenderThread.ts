/**
 * Plots rendered on a thread of their own: `evalsim reproduce` renders a study's plots while the
 * next study simulates. Vega's compile, parse and dataflow would otherwise run in this thread,
 * which also hands the worker threads their chunks, so a worker thread would sit idle meanwhile;
 * a render thread shares the cores instead of stopping one. Same specs, same renderSvg, same SVG
 * bytes.
 *
 * The thread (started by @evalsim/sim/threads' startThread) runs svgRenderWorker.mjs (svgRenderWorker.ts), found beside the bundle chunk that
 * runs this code (the package's dist/, scripts/package.mjs); where it is not built (tests from
 * src) plots are rendered in this thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { traceBusy, traceClockMs, tracingThreads } from '@evalsim/sim/internal';
import { type StartedThread, startThread } from '@evalsim/sim/threads';
import { renderSvg, type VegaLiteSpec } from './renderSvg.js';
import type { RenderAnswer, RenderRequest } from './svgRenderWorker.js';

/** Renders specs to SVG; `close` stops its thread (if any) once every render has answered. */
export interface SvgRenderer {
  render(spec: VegaLiteSpec): Promise<string>;
  close(): Promise<void>;
}

/** The built render thread module, or undefined. */
export function svgRenderWorkerFile(): string | undefined {
  for (const relative of ['./svgRenderWorker.mjs', '../svgRenderWorker.mjs']) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** A renderer on a thread of its own, started at the first render; in this thread when the module is not built. */
export function createSvgRenderer(file = svgRenderWorkerFile()): SvgRenderer {
  if (!file) return { render: renderSvg, close: async () => {} };
  let thread: StartedThread<RenderAnswer> | undefined;
  let next = 0;
  let lastAnswer = 0;
  const waiting = new Map<number, { resolve: (svg: string) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = (): StartedThread<RenderAnswer> => {
    const started = startThread<RenderAnswer>(file);
    if (!started) throw new Error('the plot render thread could not be started');
    started.onAnswer((answer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if ('svg' in answer) pending.resolve(answer.svg);
      else pending.reject(new Error(`rendering a plot: ${answer.error}`));
    });
    started.onEnd((error) => {
      if (thread === started) thread = undefined;
      failAll(new Error(`the plot render thread failed: ${error.message}`));
    });
    return started;
  };
  return {
    render(spec) {
      thread ??= start();
      const current = thread;
      const id = next++;
      const answer = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
      // Only while a render is pending does the thread keep the process alive.
      current.keepAlive(true);
      current.post({ id, spec } satisfies RenderRequest);
      // Traced (runner/threadTrace.ts) from when the thread could take it (it renders one at a
      // time) to its answer.
      const posted = tracingThreads() ? traceClockMs() : 0;
      return answer.finally(() => {
        if (posted) {
          const endMs = traceClockMs();
          traceBusy({
            thread: current.threadId,
            startMs: Math.max(posted, lastAnswer),
            endMs,
            kind: 'render',
            label: 'plots',
          });
          lastAnswer = endMs;
        }
        if (waiting.size === 0) thread?.keepAlive(false);
      });
    },
    async close() {
      const current = thread;
      thread = undefined;
      if (current) await current.close();
    },
  };
}
