/**
 * The SVG render thread's entry (bundled to packages/evalsim/dist/svgRenderWorker.mjs by scripts/package.mjs;
 * svgRenderThread.ts starts it): renders each Vega-Lite spec it is sent with renderSvg and
 * answers `{ id, svg }`, or `{ id, error }` with the error's message.
 */
import { parentPort } from 'node:worker_threads';
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

const port = parentPort;
if (port) {
  port.on('message', ({ id, spec }: RenderRequest) => {
    renderSvg(spec).then(
      (svg) => port.postMessage({ id, svg } satisfies RenderAnswer),
      (error: unknown) =>
        port.postMessage({ id, error: (error as Error)?.message ?? String(error) } satisfies RenderAnswer),
    );
  });
}
