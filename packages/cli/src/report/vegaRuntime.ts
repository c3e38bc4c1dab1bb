/**
 * Vega and Vega-Lite for the report's plots, imported on first use (once per process), so that
 * only `reproduce` and `run` with plots pay for loading them. node-canvas is not a dependency:
 * vega-canvas finds none, and the plots never depend on whether it happens to be installed.
 */
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';

export interface VegaRuntime {
  readonly vega: typeof Vega;
  readonly vegaLite: typeof VegaLite;
}

let runtime: Promise<VegaRuntime> | undefined;

/** Vega and Vega-Lite, imported once. */
export function vegaRuntime(): Promise<VegaRuntime> {
  runtime ??= Promise.all([import('vega'), import('vega-lite')]).then(([vega, vegaLite]) => ({
    vega,
    vegaLite,
  }));
  return runtime;
}
