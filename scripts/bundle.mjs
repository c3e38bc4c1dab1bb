// Bundles the piscina worker (packages/sim/dist/runner/worker.bundle.mjs) and the CLI
// (packages/cli/dist/evalsim.mjs) into single ESM files.
// Why: loading the worker's ~900 small modules (most from the single-function @stdlib
// packages) takes ~0.9 s per worker thread; one bundled file loads in ~0.1 s, which
// matters because every `evalsim run` starts a fresh pool (and the CLI itself: a calculator
// answers in ~0.3 s instead of ~1.7 s). esbuild (a devDependency)
// does only this; the packages' own dist/ stays plain tsc output.
import { build } from 'esbuild';

const banner =
  "import { createRequire as __evalsimCreateRequire } from 'node:module'; const require = __evalsimCreateRequire(import.meta.url);";

await build({
  entryPoints: ['packages/sim/dist/runner/worker.js'],
  outfile: 'packages/sim/dist/runner/worker.bundle.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  logLevel: 'warning',
  legalComments: 'none',
  // piscina's move() marks transferables with a module-level symbol: the worker must use the
  // same piscina module as the pool, so it stays external (resolved from packages/sim).
  external: ['piscina'],
});

await build({
  entryPoints: ['packages/cli/dist/main.js'],
  outfile: 'packages/cli/dist/evalsim.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  logLevel: 'warning',
  legalComments: 'none',
  // piscina as above; vega is large and only loaded by `reproduce` (dynamic import).
  external: ['piscina', 'vega', 'vega-lite'],
});
