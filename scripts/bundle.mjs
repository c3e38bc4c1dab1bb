// `npm run setup`'s build, from the TypeScript sources (no tsc; scripts/build/esbuildShared.mjs):
//   packages/sim/dist/config/studyValidator.js   the study validator, compiled from the schema once here
//                                                rather than at every run (config/validatorSource.ts)
//   packages/sim/dist/runner/worker.bundle.mjs   the study runner's worker thread and
//   packages/sim/dist/evals/importWorker.bundle.mjs  the import's log readers and
//   packages/sim/dist/evals/backgroundWorker.bundle.mjs  its background file work, for @evalsim/sim
//                                                run from its sources or tsc's dist/ (the tests)
//   packages/evalsim/                            the published package, whose dist/evalsim.mjs is the
//                                                `evalsim` bin, in this repository as in an install
//                                                (scripts/package.mjs; without declarations here)
// Why bundles: loading the worker's ~900 small modules (most from the single-function @stdlib
// packages) one by one is several times slower than one bundled file, and every `evalsim run`
// starts fresh threads. `npm run build` (tests, the npm package, CI) also runs `tsc -b` first,
// which typechecks and writes the packages' own dist/ (plain JavaScript and declarations).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { NODE_ESM, root, STUDY_VALIDATOR, silentDebug, workspaceSources } from './build/esbuildShared.mjs';
import { buildPackageCode } from './package.mjs';

process.chdir(root);

// The study validator: schema.ts imports it, so it must exist before anything else is bundled.
// validatorSource.ts is bundled on its own (ajv left to Node) into dist/config, beside where tsc
// puts it, so that its createRequire finds ajv from the sim package.
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
  const { studyValidatorSource } = await import(`${root}${generator}`);
  writeFileSync(STUDY_VALIDATOR, studyValidatorSource());
} finally {
  rmSync(generator, { force: true });
}

// sim's worker threads. What the runner's worker reaches only through a dynamic import
// (schema.js with ajv: workers resolve configs with schemaChecked) goes to a chunk. piscina's
// move() marks transferables with a module-level symbol: the worker must use the same piscina
// module as the pool, so it stays external (resolved from packages/sim).
rmSync('packages/sim/dist/runner/worker-chunks', { recursive: true, force: true });
await build({
  entryPoints: { 'worker.bundle': 'packages/sim/src/runner/worker.ts' },
  outdir: 'packages/sim/dist/runner',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'worker-chunks/[name]-[hash]',
  splitting: true,
  ...NODE_ESM,
  external: ['piscina'],
  plugins: [workspaceSources, silentDebug],
});
await build({
  entryPoints: {
    'importWorker.bundle': 'packages/sim/src/evals/importWorker.ts',
    'backgroundWorker.bundle': 'packages/sim/src/evals/io/backgroundWorker.ts',
  },
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

// The published package, bin included.
await buildPackageCode();
