/**
 * Compile a Vega-Lite spec and render it to SVG with Vega's headless View
 * (renderer 'none'; no browser, no canvas). Vega is loaded on first use
 * (vegaRuntime.ts), so the other commands do not pay for it.
 */
import { type VegaRuntime, vegaRuntime } from './vegaRuntime.js';

// biome-ignore lint/suspicious/noExplicitAny: Vega-Lite's TopLevelSpec type is very large; specs are built in chartSpec.ts.
export type VegaLiteSpec = Record<string, any>;

/** Render a Vega-Lite spec to an SVG string (with `runtime`'s Vega, by default this module's). */
export async function renderSvg(spec: VegaLiteSpec, runtime?: VegaRuntime): Promise<string> {
  const { vega, vegaLite } = runtime ?? (await vegaRuntime());
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const compiled = vegaLite.compile(spec as any).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
