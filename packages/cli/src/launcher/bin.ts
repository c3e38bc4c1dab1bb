#!/usr/bin/env node
/**
 * The `evalsim` bin, bundled to dist/evalsim.mjs by scripts/bundle.mjs: runs the CLI built
 * beside it (launch.ts). `EVALSIM_CODE_CACHE=1` reports on stderr whether the code cache was used.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './launch.js';

const cache = await launch(dirname(fileURLToPath(import.meta.url)), process.argv.slice(2));
if (process.env.EVALSIM_CODE_CACHE === '1')
  process.stderr.write(`evalsim: code cache ${cache ?? 'not used (ESM)'}\n`);
