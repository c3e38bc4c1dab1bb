// Builds the code-cached CLI script beside the ESM bundle (called by scripts/bundle.mjs; see
// packages/cli/src/launcher/): dist/evalsim.script.cjs, the whole CLI as one classic script;
// dist/evalsim.cjs, the bin (launcher/bin.ts); and dist/evalsim.script.cache, V8's code cache of
// the script after a representative run (`evalsim run` of a one-cell, one-replication study in
// this process), so the functions a run compiles lazily are in it too. The cache is made by a
// child process (this file with --make-cache), compiled without any cache.
// Beside them, Vega and Vega-Lite as one classic script with its own code cache
// (dist/vega.script.cjs and .cache, report/vegaRuntime.ts), which `reproduce` loads instead of
// vega's ES modules; its cache is made after rendering the sample charts (report/sampleChartSpecs.ts)
// by another child (--make-vega-cache).
import { isAscii } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'packages/cli/dist');

/** An `import(` of a non-literal (a study's module file) or of a literal naming one of `external`. */
function esModuleImport(external) {
  const names = external.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`(?<![\\w$.])import\\((?=\\s*(?:['"](?:${names})['"]|[^'"\`\\s]))`, 'g');
}

/**
 * The script's `import()`s of ES modules become calls of `__evalsimImport`
 * (codeCache/codeCache.ts: a script compiled from a code cache cannot `import()` itself).
 * Bundled dynamic imports stay: esbuild inlines them.
 */
function importsThroughLauncher(external) {
  const call = esModuleImport(external);
  return {
    name: 'imports-through-launcher',
    setup(b) {
      b.onLoad({ filter: /[\\/]packages[\\/](core|sim|cli)[\\/](src|dist)[\\/].*\.[jt]s$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const contents = text.replace(call, '__evalsimImport(');
        return contents === text ? undefined : { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * piscina, required on first use: the script's `require('piscina')` (workerThread.js, at the
 * runner's load) becomes an object whose getters require it, so a run in this thread
 * (`--workers 0`, validate, show) never loads it (≈ 20–40 ms, more on a busy machine).
 */
const lazyPiscina = {
  name: 'lazy-piscina',
  setup(b) {
    b.onResolve({ filter: /^piscina$/ }, (args) =>
      args.namespace === 'lazy-piscina'
        ? { path: 'piscina', external: true }
        : { path: 'piscina', namespace: 'lazy-piscina' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-piscina' }, () => ({
      contents: `let piscina;
const load = () => (piscina ??= require('piscina'));
module.exports = {
  get Piscina() { return load().Piscina; },
  get move() { return load().move; },
};`,
      loader: 'js',
    }));
  },
};

/** The esbuild options of the two ES-module builds here (the launcher tools and the bin). */
const NODE_ESM = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };

/** The esbuild options of the two classic scripts here (the CLI's and Vega's): one minified CommonJS-style file. */
const CLASSIC_SCRIPT = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
  minifyWhitespace: true,
  minifySyntax: true,
  // The launcher decodes an ASCII script byte for byte (codeCache.ts); other characters are escaped.
  charset: 'ascii',
};

/**
 * The launcher's names and cache functions, and the plots' Vega loader with the sample charts,
 * bundled from the sources for this script and its children.
 */
const LAUNCHER_TOOLS = join(dist, 'launcher-tools.tmp.mjs');

/** Bundles the script and the bin with `build` (esbuild's), the plugins given, then makes the cache. */
export async function buildCodeCachedCli(build, { plugins, external }) {
  await build({
    stdin: {
      contents:
        "export { CLI_FILES } from './launch.ts'; export { compileCachedScript, wrapScriptSource, writeCacheFile } from '../codeCache/codeCache.ts';" +
        " export { VEGA_FILES, vegaRuntime } from '../report/vegaRuntime.ts'; export { renderSvg } from '../report/renderSvg.ts';" +
        " export { sampleChartSpecs } from '../report/sampleChartSpecs.ts';",
      resolveDir: join(root, 'packages/cli/src/launcher'),
      loader: 'ts',
    },
    outfile: LAUNCHER_TOOLS,
    ...NODE_ESM,
    external,
    plugins,
  });
  try {
    await buildWithTools(build, plugins, external);
    await buildVegaScript(build);
  } finally {
    rmSync(LAUNCHER_TOOLS, { force: true });
  }
}

async function buildWithTools(build, plugins, external) {
  const { CLI_FILES } = await import(LAUNCHER_TOOLS);
  await build({
    entryPoints: ['packages/cli/src/main.ts'],
    outfile: join(dist, CLI_FILES.script),
    ...CLASSIC_SCRIPT,
    // Short local names: a third less source to read, decode and hash at every start, and a
    // smaller cache (1.82 → 1.21 MB and 1.63 → 1.44 MB; a one-replication run 11 ms faster,
    // docs/performance.md §9k). Nothing reads a function's or class's own name (errors name
    // themselves: `this.name = '…'`); messages are checked against the unminified build there.
    minifyIdentifiers: true,
    // The script runs inside codeCache.ts's wrapper function, which passes the bundle's URL.
    define: { 'import.meta.url': '__evalsimUrl' },
    external,
    plugins: [...plugins, lazyPiscina, importsThroughLauncher(external)],
  });
  const script = await wrapScript(join(dist, CLI_FILES.script));
  const left = esModuleImport(external).exec(script);
  if (left)
    throw new Error(
      `code cache: an import() is left in the script: …${script.slice(left.index, left.index + 80)}`,
    );
  // The bin as one CommonJS file: Node starts a CommonJS entry without its ES-module loader
  // (14 ms less per process, docs/performance.md §9l). The code-cache loader is inside, run only
  // when the script is (esbuild evaluates a dynamically imported module on first import).
  rmSync(join(dist, 'launcher-chunks'), { recursive: true, force: true });
  rmSync(join(dist, 'evalsim.mjs'), { force: true });
  await build({
    entryPoints: ['packages/cli/src/launcher/bin.ts'],
    outfile: join(dist, CLI_FILES.bin),
    ...NODE_ESM,
    format: 'cjs',
    banner: { js: 'const __evalsimBinUrl = require("node:url").pathToFileURL(__filename).href;' },
    define: { 'import.meta.url': '__evalsimBinUrl' },
    plugins,
  });
  rmSync(join(dist, CLI_FILES.cache), { force: true });
  makeCacheInChild('--make-cache');
}

/**
 * Rewrites the classic script `file` as the launcher compiles it (codeCache.ts, wrapScriptSource):
 * wrapped in its function, ASCII only (esbuild's default charset escapes the rest). Returns the text.
 */
async function wrapScript(file) {
  const { wrapScriptSource } = await import(LAUNCHER_TOOLS);
  const text = wrapScriptSource(readFileSync(file, 'utf8'));
  const bytes = Buffer.from(text, 'utf8');
  if (!isAscii(bytes)) {
    const at = bytes.findIndex((byte) => byte > 0x7f);
    throw new Error(
      `code cache: ${file} is not ASCII: …${bytes.subarray(at - 40, at + 40).toString('utf8')}`,
    );
  }
  writeFileSync(file, bytes);
  return text;
}

/** Runs this file with `flag` in a child process (a cache is made by a process that compiled without one). */
function makeCacheInChild(flag) {
  const made = spawnSync(process.execPath, [fileURLToPath(import.meta.url), flag], { encoding: 'utf8' });
  if (made.status !== 0)
    throw new Error(`code cache: the representative run (${flag}) failed\n${made.stderr}`);
}

/**
 * vega-canvas looks for node-canvas with a top-level `await import('canvas')`, which a classic
 * script cannot hold; it is only ever used to measure text when node-canvas is installed (it is
 * not a dependency), so the script gets the answer vega-canvas gives without it: no canvas.
 */
const noCanvas = {
  name: 'no-canvas',
  setup(b) {
    b.onResolve({ filter: /^vega-canvas$/ }, () => ({ path: 'vega-canvas', namespace: 'no-canvas' }));
    b.onLoad({ filter: /.*/, namespace: 'no-canvas' }, () => ({
      contents:
        'const none = () => null; export { none as canvas, none as domCanvas, none as nodeCanvas, none as image };',
      loader: 'js',
    }));
  },
};

/** dist/vega.script.cjs (vega and vega-lite, resolved from packages/cli) and its cache. */
async function buildVegaScript(build) {
  const { VEGA_FILES } = await import(LAUNCHER_TOOLS);
  await build({
    stdin: {
      contents: "export * as vega from 'vega'; export * as vegaLite from 'vega-lite';",
      resolveDir: join(root, 'packages/cli'),
      loader: 'js',
    },
    outfile: join(dist, VEGA_FILES.script),
    ...CLASSIC_SCRIPT,
    plugins: [noCanvas],
  });
  await wrapScript(join(dist, VEGA_FILES.script));
  rmSync(join(dist, VEGA_FILES.cache), { force: true });
  makeCacheInChild('--make-vega-cache');
}

/** In the child: loads the Vega script without a cache, renders the sample charts, then writes its cache. */
async function makeVegaCache() {
  const { VEGA_FILES, vegaRuntime, renderSvg, sampleChartSpecs, writeCacheFile } = await import(
    LAUNCHER_TOOLS
  );
  const runtime = await vegaRuntime(dist);
  if (runtime.script === undefined) throw new Error(`code cache: no ${VEGA_FILES.script} in ${dist}`);
  for (const spec of sampleChartSpecs()) await renderSvg(spec, runtime);
  writeCacheFile(join(dist, VEGA_FILES.cache), runtime.script.cacheBytes());
}

/** In the child: runs the script without a cache on a one-replication study, then writes its cache. */
async function makeCache() {
  const { CLI_FILES, compileCachedScript, writeCacheFile } = await import(LAUNCHER_TOOLS);
  const dir = mkdtempSync(join(os.tmpdir(), 'evalsim-code-cache-'));
  const study = join(dir, 'one.json');
  writeFileSync(
    study,
    JSON.stringify({
      name: 'one-replication',
      title: 'One replication of one cell (code cache)',
      seed: 1,
      replications: 1,
      model: { name: 'betaBinomialClusters', params: { p: 0.7, items: 100, m: 10, rho: 0.1 } },
      methods: [
        { id: 'naive', method: 'wald' },
        { id: 'clustered', method: 'clustered' },
      ],
      metrics: ['coverage'],
    }),
  );
  process.argv = [
    process.execPath,
    join(dist, CLI_FILES.bin),
    'run',
    study,
    '--workers',
    '0',
    '--out',
    dir,
    '--quiet',
  ];
  const script = compileCachedScript(join(dist, CLI_FILES.script));
  process.on('exit', (code) => {
    rmSync(dir, { recursive: true, force: true });
    if (code === 0) writeCacheFile(join(dist, CLI_FILES.cache), script.cacheBytes());
  });
  script.run();
}

if (process.argv[2] === '--make-cache') await makeCache();
if (process.argv[2] === '--make-vega-cache') await makeVegaCache();
