#!/usr/bin/env node
/**
 * The `evalsim` bin, bundled to dist/evalsim.cjs (a CommonJS file) by scripts/code-cache.mjs:
 * runs the CLI built beside it (launch.ts). CommonJS because Node starts a CommonJS entry without
 * its ES-module loader: 14 ms less per process here (docs/performance.md §9l); the ESM bundle
 * (--version, the calculators) is `import()`ed from it. The build defines `import.meta.url` as
 * this file's URL. `EVALSIM_CODE_CACHE=1` reports on stderr whether the code cache was used.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './launch.js';

void launch(dirname(fileURLToPath(import.meta.url)), process.argv.slice(2)).then((cache) => {
  if (process.env.EVALSIM_CODE_CACHE === '1')
    process.stderr.write(`evalsim: code cache ${cache ?? 'not used (ESM)'}\n`);
});
