/**
 * The SVG render thread's entry (bundled to packages/evalsim/dist/svgRenderWorker.mjs by scripts/package.mjs;
 * svgRenderThread.ts starts it with @evalsim/sim/threads' startThread): renders each Vega-Lite
 * spec it is sent with renderSvg and answers `{ id, svg }`, or `{ id, error }` with the error's message.
 */
import { isMainThread } from 'node:worker_threads';
import { threadPort } from '@evalsim/sim/threads';
import { renderSvg, type VegaLiteSpec } from './renderSvg.js';

/** A spec to render, numbered by the sender. */
export interface RenderRequest {
  readonly id: number;
  readonly spec: VegaLiteSpec;
}

/** The rendered SVG, or why not. */
export type RenderAnswer =
  | { readonly id: number; readonly svg: string }
  | { readonly id: number; readonly error: string };

// Started by startThread (its port and counter in workerData); loaded in the main thread, nothing happens.
if (!isMainThread) {
  const port = threadPort<RenderRequest>();
  port.onRequest(({ id, spec }) => {
    renderSvg(spec).then(
      (svg) => port.answer({ id, svg } satisfies RenderAnswer),
      (error: unknown) =>
        port.answer({ id, error: (error as Error)?.message ?? String(error) } satisfies RenderAnswer),
    );
  });
}
