// Bundles the piscina worker (packages/sim/dist/runner/worker.bundle.mjs), the import worker
// (packages/sim/dist/evals/importWorker.bundle.mjs) and the CLI (packages/cli/dist/evalsim.cjs)
// into single ESM files, straight from the TypeScript sources.
// Why bundles: loading the worker's ~900 small modules (most from the single-function @stdlib
// packages) takes ~0.9 s per worker thread; one bundled file loads in ~0.1 s, which
// matters because every `evalsim run` starts a fresh pool (and the CLI itself: a calculator
// answers in ~0.3 s instead of ~1.7 s). Why from the sources: esbuild strips the types itself
// (no typecheck), so the quick start (`npm run setup`) builds everything it runs in ~1 s without
// tsc; `npm run build` (tests, the npm package, CI) still runs `tsc -b` first, which typechecks
// and writes the packages' own dist/ (plain JavaScript and declarations). esbuild (a
// devDependency) does only this.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { buildCodeCachedCli } from './code-cache.mjs';

/** Each workspace package's entry, as its package.json exports it, mapped to its TypeScript source. */
const WORKSPACE_SOURCES = {
  '@evalsim/core': 'packages/core/src/index.ts',
  '@evalsim/sim': 'packages/sim/src/index.ts',
  '@evalsim/sim/light': 'packages/sim/src/light.ts',
  '@evalsim/sim/run': 'packages/sim/src/studyRun.ts',
  '@evalsim/sim/threads': 'packages/sim/src/runner/workerThread.ts',
};
const STUDY_VALIDATOR = 'packages/sim/dist/config/studyValidator.js';

// The workspace packages come from their sources (an exact match for each entry, so that
// '@evalsim/sim/light' is not '@evalsim/sim' + '/light'), and sim's config/schema.ts gets the
// generated study validator, which exists only in dist (the tsc output's sibling).
const workspaceSources = {
  name: 'workspace-sources',
  setup(b) {
    b.onResolve({ filter: /^@evalsim\// }, (args) => {
      const source = WORKSPACE_SOURCES[args.path];
      if (source === undefined)
        return { errors: [{ text: `scripts/bundle.mjs: no source for ${args.path}` }] };
      return { path: `${process.cwd()}/${source}` };
    });
    b.onResolve({ filter: /^\.\/studyValidator\.js$/ }, () => ({
      path: `${process.cwd()}/${STUDY_VALIDATOR}`,
    }));
  },
};

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

// apache-arrow in the worker: only readArrowTable (an Arrow population file) uses it, and a
// worker is handed its populations already parsed (ChunkTask.populations), so it normally never
// reads one. readArrowTable is synchronous, so instead of a dynamic import the worker bundle gets
// a shim that require()s apache-arrow's CommonJS build on first use (resolved from packages/sim,
// like piscina): ~0.7 MB the worker no longer parses at start.
const lazyArrow = {
  name: 'lazy-arrow',
  setup(b) {
    b.onResolve({ filter: /^apache-arrow$/ }, () => ({ path: 'apache-arrow', namespace: 'lazy-arrow' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-arrow' }, () => ({
      contents: `import { createRequire } from 'node:module';
const load = createRequire(import.meta.url);
let arrow;
export function tableFromIPC(bytes) {
  arrow ??= load('apache-arrow');
  return arrow.tableFromIPC(bytes);
}`,
      loader: 'js',
    }));
  },
};

/** The esbuild options every bundle here shares: one ESM file set for Node 20, with the banner. */
const NODE_ESM = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  logLevel: 'warning',
  legalComments: 'none',
};

// The study validator, compiled from the JSON schema here rather than at every run
// (validatorSource.ts); schema.ts imports it, so it must exist before anything is bundled.
// validatorSource.ts is bundled on its own (ajv left to Node) into dist/config, beside where
// tsc puts it, so that its createRequire finds ajv from the sim package.
mkdirSync('packages/sim/dist/config', { recursive: true });
const generator = 'packages/sim/dist/config/validatorSource.bundle.mjs';
await build({
  entryPoints: ['packages/sim/src/config/validatorSource.ts'],
  outfile: generator,
  ...NODE_ESM,
  external: ['ajv', 'ajv/*'],
  plugins: [workspaceSources, silentDebug],
});
try {
  const { studyValidatorSource } = await import(`../${generator}`);
  writeFileSync(STUDY_VALIDATOR, studyValidatorSource());
} finally {
  rmSync(generator, { force: true });
}

// The worker: split so that what it reaches only through a dynamic import it never takes
// (schema.js with ajv: workers resolve configs with schemaChecked) goes to a chunk
// (dist/runner/worker-chunks/) that is not loaded at start.
rmSync('packages/sim/dist/runner/worker-chunks', { recursive: true, force: true });
const workerBuild = await build({
  entryPoints: { 'worker.bundle': 'packages/sim/src/runner/worker.ts' },
  outdir: 'packages/sim/dist/runner',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'worker-chunks/[name]-[hash]',
  splitting: true,
  metafile: true,
  ...NODE_ESM,
  // piscina's move() marks transferables with a module-level symbol: the worker must use the
  // same piscina module as the pool, so it stays external (resolved from packages/sim).
  external: ['piscina'],
  plugins: [workspaceSources, silentDebug, lazyArrow],
});
if (process.env.EVALSIM_WORKER_METAFILE)
  writeFileSync(process.env.EVALSIM_WORKER_METAFILE, JSON.stringify(workerBuild.metafile));

// The import worker (dist/evals/importWorker.bundle.mjs, started by importThreads.ts): one
// file with the inspect_ai .eval importer and what it needs (no Arrow, no runner).
await build({
  entryPoints: { 'importWorker.bundle': 'packages/sim/src/evals/importWorker.ts' },
  outdir: 'packages/sim/dist/evals',
  outExtension: { '.js': '.mjs' },
  ...NODE_ESM,
  plugins: [workspaceSources, silentDebug],
});

// The bootstrap worker of `evalsim rate` (dist/analysis/arena/bootstrapWorker.bundle.mjs, started by
// analysis/arena/bootstrapThreads.ts): the BT, Davidson and style-control refits and the seeded streams.
await build({
  entryPoints: { 'bootstrapWorker.bundle': 'packages/sim/src/analysis/arena/bootstrapWorker.ts' },
  outdir: 'packages/sim/dist/analysis/arena',
  outExtension: { '.js': '.mjs' },
  ...NODE_ESM,
  plugins: [workspaceSources, silentDebug],
});

// The CLI: split into chunks (dist/chunks/) so that each command's module, loaded by a dynamic
// import in commands/index.ts, brings only its own dependencies: a calculator loads yargs and
// core's functions, never Arrow, ajv, yaml, piscina or the runner.
rmSync('packages/cli/dist/chunks', { recursive: true, force: true });
const cliBuild = await build({
  // dist/evalsim.esm.mjs: the bin (dist/evalsim.cjs, code-cache.mjs) runs it for --version and the calculators.
  entryPoints: { 'evalsim.esm': 'packages/cli/src/main.ts' },
  outdir: 'packages/cli/dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  metafile: true,
  ...NODE_ESM,
  minifyWhitespace: true,
  minifySyntax: true,
  // piscina as above; vega is large and only loaded by `reproduce` (dynamic import).
  external: ['piscina', 'vega', 'vega-lite'],
  plugins: [workspaceSources, silentDebug],
});
if (process.env.EVALSIM_METAFILE)
  writeFileSync(process.env.EVALSIM_METAFILE, JSON.stringify(cliBuild.metafile));

// The plot render thread of `reproduce` (dist/svgRenderWorker.mjs, started by
// report/svgRenderThread.ts, found beside the CLI's bundles): renderSvg with vega external.
await build({
  entryPoints: { svgRenderWorker: 'packages/cli/src/report/svgRenderWorker.ts' },
  outdir: 'packages/cli/dist',
  outExtension: { '.js': '.mjs' },
  ...NODE_ESM,
  external: ['vega', 'vega-lite'],
  plugins: [workspaceSources, silentDebug],
});

// The rest of the commands run as one code-cached classic script (code-cache.mjs).
await buildCodeCachedCli(build, {
  plugins: [workspaceSources, silentDebug],
  external: ['piscina', 'vega', 'vega-lite'],
});
