// Bundles the piscina worker into one ESM file (packages/sim/dist/runner/worker.bundle.mjs).
// Why: loading the worker's ~900 small modules (most from the single-function @stdlib
// packages) takes ~0.9 s per worker thread; one bundled file loads in ~0.1 s, which
// matters because every `evalsim run` starts a fresh pool. esbuild (a devDependency)
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
