/**
 * Compile a Vega-Lite spec and render it to SVG with Vega's headless View
 * (renderer 'none'; no browser, no canvas). Vega is loaded on first use, so the
 * other commands do not pay for it.
 */

// biome-ignore lint/suspicious/noExplicitAny: Vega-Lite's TopLevelSpec type is very large; specs are built in chartSpec.ts.
export type VegaLiteSpec = Record<string, any>;

/** Render a Vega-Lite spec to an SVG string. */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const compiled = vegaLite.compile(spec as any).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
