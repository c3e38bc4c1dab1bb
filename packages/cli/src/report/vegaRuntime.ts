/**
 * Vega and Vega-Lite for the report's plots, loaded once per process and folder.
 *
 * Beside the CLI's code-cached script (dist/evalsim.script.cjs, codeCache/codeCache.ts) the build
 * puts the two libraries bundled as one classic script with V8's code cache
 * (dist/vega.script.cjs and dist/vega.script.cache, made by scripts/code-cache.mjs after
 * rendering sampleChartSpecs.ts's charts): loading it skips resolving and linking the ~270 ES
 * modules of 53 packages (≈ 0.2–0.3 s of `evalsim reproduce`'s main thread) and the lazy compiles of the functions a
 * render uses. Anywhere else (the ESM bundle's chunks, tsc's dist/, the tests' sources) no such
 * script is beside this module, and both are imported as ES modules. Same code either way, so the
 * same SVG bytes (vegaRuntime.test.ts compares them) — the bundle's only difference is that
 * node-canvas is never looked for (vega-canvas, which measures text with it when it is
 * installed, is a stub returning no canvas): the plots never depend on whether it happens to be.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import { type CachedScript, compileCachedScript } from '../codeCache/codeCache.js';

/** The code-cached Vega script and its cache, in the CLI's dist/ folder. */
export const VEGA_FILES = { script: 'vega.script.cjs', cache: 'vega.script.cache' } as const;

export interface VegaRuntime {
  readonly vega: typeof Vega;
  readonly vegaLite: typeof VegaLite;
  /** The code-cached script they were loaded from; undefined when imported as ES modules. */
  readonly script?: CachedScript;
}

const runtimes = new Map<string, Promise<VegaRuntime>>();

/** Vega from `dir`'s code-cached script when there is one, else imported; one load per folder. */
export function vegaRuntime(dir: string = dirname(fileURLToPath(import.meta.url))): Promise<VegaRuntime> {
  let runtime = runtimes.get(dir);
  if (runtime === undefined) {
    runtime = loadVegaRuntime(dir);
    runtimes.set(dir, runtime);
  }
  return runtime;
}

async function loadVegaRuntime(dir: string): Promise<VegaRuntime> {
  const file = join(dir, VEGA_FILES.script);
  if (existsSync(file)) {
    const script = compileCachedScript(file, join(dir, VEGA_FILES.cache));
    const { vega, vegaLite } = script.run() as Pick<VegaRuntime, 'vega' | 'vegaLite'>;
    return { vega, vegaLite, script };
  }
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  return { vega, vegaLite };
}
