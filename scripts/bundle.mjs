// Bundles the piscina worker (packages/sim/dist/runner/worker.bundle.mjs) and the CLI
// (packages/cli/dist/evalsim.mjs) into single ESM files.
// Why: loading the worker's ~900 small modules (most from the single-function @stdlib
// packages) takes ~0.9 s per worker thread; one bundled file loads in ~0.1 s, which
// matters because every `evalsim run` starts a fresh pool (and the CLI itself: a calculator
// answers in ~0.3 s instead of ~1.7 s). esbuild (a devDependency)
// does only this; the packages' own dist/ stays plain tsc output.
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

// @stdlib's gamma quantile requires `debug` (with tty and util) for log lines it never prints
// unless DEBUG is set: the bundles get a silent logger instead, so loading core costs no tty.
const silentDebug = {
  name: 'silent-debug',
  setup(b) {
    b.onResolve({ filter: /^debug$/ }, () => ({ path: 'debug', namespace: 'silent-debug' }));
    b.onLoad({ filter: /.*/, namespace: 'silent-debug' }, () => ({
      contents: 'module.exports = function debug() { return function log() {}; };',
      loader: 'js',
    }));
  },
};

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
  plugins: [silentDebug],
});

// The CLI: split into chunks (dist/chunks/) so that each command's module, loaded by a dynamic
// import in commands/index.ts, brings only its own dependencies: a calculator loads yargs and
// core's functions, never Arrow, ajv, yaml, piscina or the runner.
rmSync('packages/cli/dist/chunks', { recursive: true, force: true });
const cliBuild = await build({
  entryPoints: { evalsim: 'packages/cli/dist/main.js' },
  outdir: 'packages/cli/dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  metafile: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  logLevel: 'warning',
  legalComments: 'none',
  // piscina as above; vega is large and only loaded by `reproduce` (dynamic import).
  external: ['piscina', 'vega', 'vega-lite'],
  plugins: [silentDebug],
});
if (process.env.EVALSIM_METAFILE)
  writeFileSync(process.env.EVALSIM_METAFILE, JSON.stringify(cliBuild.metafile));
