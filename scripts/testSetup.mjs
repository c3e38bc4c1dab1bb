/**
 * Vitest global setup: tests never run against a stale or partial build. Tests import the
 * packages' sources, but the piscina workers of a study run load the built worker bundle
 * (packages/sim/dist/runner/worker.bundle.mjs, which inlines core and sim), tests that run the
 * CLI as a process run the bin (packages/evalsim/dist/evalsim.mjs), some tests load tsc's dist/
 * JavaScript (sim's runLock and population file in a second process), and the example user
 * method imports the published package's API (packages/evalsim/dist/index.mjs). The bundles
 * (scripts/bundle.mjs, from the sources, the package included) and tsc's output (`tsc -b`) are
 * two independent builds: `npm run setup` (the quick start) makes only the bundles, `npm run
 * build` both. Each is redone when one of its outputs is missing or older than a source of
 * core, sim or cli (or a package, tsconfig or build script).
 *
 * The run's temporary files: TMPDIR (os.tmpdir() in the test processes and every process they
 * start) is a fresh folder for the run, removed at its end, so a test that leaves a scratch
 * folder behind leaves nothing in the machine's /tmp.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The outputs of scripts/bundle.mjs. */
const BUNDLES = [
  'packages/sim/dist/runner/worker.bundle.mjs',
  'packages/sim/dist/evals/importWorker.bundle.mjs',
  'packages/sim/dist/analysis/arena/bootstrapWorker.bundle.mjs',
  'packages/sim/dist/evals/backgroundWorker.bundle.mjs',
  'packages/evalsim/dist/evalsim.mjs',
  'packages/evalsim/dist/index.mjs',
];
/** The outputs of `tsc -b` that tests load. */
const TSC = ['packages/core/dist/index.js', 'packages/sim/dist/index.js', 'packages/cli/dist/main.js'];

/** Newest modification time of the build's inputs (sources, package and tsconfig files). */
function newestInput() {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      const stat = statSync(path);
      if (stat.isDirectory()) visit(path);
      else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const name of ['core', 'sim', 'cli']) {
    visit(join(root, 'packages', name, 'src'));
    for (const file of ['package.json', 'tsconfig.json']) {
      newest = Math.max(newest, statSync(join(root, 'packages', name, file)).mtimeMs);
    }
  }
  for (const file of [
    'tsconfig.base.json',
    'scripts/bundle.mjs',
    'scripts/build/esbuildShared.mjs',
    'scripts/package.mjs',
    'packages/evalsim/package.json',
    'packages/evalsim/src/index.js',
  ])
    newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/**
 * Oldest of these build outputs (0 when one is missing).
 * @param {readonly string[]} outputs
 */
function oldestOutput(outputs) {
  let oldest = Number.POSITIVE_INFINITY;
  for (const file of outputs) {
    const path = join(root, file);
    oldest = existsSync(path) ? Math.min(oldest, statSync(path).mtimeMs) : 0;
  }
  return oldest;
}

/** @param {readonly string[]} args */
function node(args) {
  execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
}

/** @returns {() => void} the teardown */
export default function setup() {
  const machineTmp = process.env.TMPDIR;
  const runTmp = mkdtempSync(join(tmpdir(), 'evalsim-tests-'));
  process.env.TMPDIR = runTmp;
  const newest = newestInput();
  if (oldestOutput(BUNDLES) < newest) {
    process.stderr.write(
      'test setup: sources are newer than the bundles; rebuilding them (scripts/bundle.mjs)…\n',
    );
    node([join(root, 'scripts/bundle.mjs')]);
  }
  if (oldestOutput(TSC) < newest) {
    process.stderr.write('test setup: sources are newer than dist/; building it (tsc -b)…\n');
    node([
      join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'packages/core',
      'packages/sim',
      'packages/cli',
    ]);
  }
  return () => {
    if (machineTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = machineTmp;
    rmSync(runTmp, { recursive: true, force: true });
  };
}
