// Builds the publishable `evalsim` package (packages/evalsim), whose dist/evalsim.mjs is the one
// `evalsim` bin: the repository runs it (`npm run setup` builds it through scripts/bundle.mjs,
// README) and `npm install evalsim` installs it. One self-contained ESM build from the sources,
// every dependency inside, so an install needs nothing else from a registry —
//   dist/evalsim.mjs                 the CLI (the package's bin; each command's code in its own
//                                    chunks, loaded when that command runs)
//   dist/index.mjs                   the API: everything @evalsim/core and @evalsim/sim export
//   dist/runner/worker.bundle.mjs    the worker thread of the study runner
//   dist/evals/importWorker.bundle.mjs  the worker threads of large .eval imports
//   dist/evals/backgroundWorker.bundle.mjs  an import's background file work (digests, ZIP members)
//   dist/svgRenderWorker.mjs         the plot render thread of `reproduce`
//   dist/analysis/arena/bootstrapWorker.bundle.mjs  the bootstrap worker of `evalsim rate`
//   dist/chunk-*.mjs                 code they share (one copy, so a user's module that imports
//                                    `evalsim` gets the same classes as the CLI that loads it)
//   dist/index.d.ts, dist/types/     declarations of core and sim (from tsc's output: only when
//                                    this file is run, by `npm run build` and the package's prepack)
//   schema/study.schema.json         the study schema, for editors
//   vendor/piscina/                  piscina, as published (its worker file must stay a file:
//                                    the pool starts it by path), imported as `#piscina`
//   studies/                         the repository's studies/ (study files, stand-in data,
//                                    examples) without its tests: `evalsim list`, `reproduce` and
//                                    the --help examples use it where the working folder has no
//                                    studies/ (cli commands/shippedStudies.ts)
// The sim package finds its files (schema, worker, version) from its own location here:
// packageRoot.ts is replaced by one that walks up to this package.json.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NODE_ESM, root, silentDebug, workspaceSources } from './build/esbuildShared.mjs';
import { vegaScriptsPlugin } from './build/vegaScriptsPlugin.mjs';

const pkg = join(root, 'packages/evalsim');
const dist = join(pkg, 'dist');

const packageRoot = `
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
let root;
/** The evalsim package directory: the nearest package.json above this file named "evalsim". */
export function simPackageFile(relative) {
  if (root === undefined) {
    let dir = dirname(fileURLToPath(import.meta.url));
    for (;;) {
      const file = join(dir, 'package.json');
      if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).name === 'evalsim') break;
      const parent = dirname(dir);
      if (parent === dir) throw new Error('evalsim: cannot find the evalsim package directory');
      dir = parent;
    }
    root = dir;
  }
  return join(root, relative);
}
`;

/** Replaces sim's package-root lookup and points piscina at the vendored copy. */
const publishPlugin = {
  name: 'evalsim-publish',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/]sim[\\/]src[\\/]base[\\/]packageRoot\.ts$/ }, () => ({
      contents: packageRoot,
      loader: 'js',
    }));
    b.onResolve({ filter: /^piscina$/ }, () => ({ path: '#piscina', external: true }));
  },
};

/** The package's JavaScript, schema and vendored piscina (everything but the declarations). */
export async function buildPackageCode() {
  rmSync(dist, { recursive: true, force: true });
  rmSync(join(pkg, 'vendor'), { recursive: true, force: true });
  rmSync(join(pkg, 'schema'), { recursive: true, force: true });
  rmSync(join(pkg, 'studies'), { recursive: true, force: true });
  await build({
    entryPoints: {
      evalsim: join(root, 'packages/cli/src/main.ts'),
      index: join(pkg, 'src/index.js'),
      'runner/worker.bundle': join(root, 'packages/sim/src/runner/worker.ts'),
      'evals/importWorker.bundle': join(root, 'packages/sim/src/evals/importWorker.ts'),
      'analysis/arena/bootstrapWorker.bundle': join(
        root,
        'packages/sim/src/analysis/arena/bootstrapWorker.ts',
      ),
      'evals/backgroundWorker.bundle': join(root, 'packages/sim/src/evals/io/backgroundWorker.ts'),
      svgRenderWorker: join(root, 'packages/cli/src/report/svgRenderWorker.ts'),
    },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    splitting: true,
    ...NODE_ESM,
    nodePaths: [join(root, 'packages/cli/node_modules'), join(root, 'packages/sim/node_modules')],
    plugins: [publishPlugin, vegaScriptsPlugin(), workspaceSources, silentDebug],
  });
  // piscina, as published.
  const require = createRequire(join(root, 'packages/sim/package.json'));
  const piscina = dirname(dirname(require.resolve('piscina'))); // …/piscina/dist/main.js
  for (const part of ['dist', 'package.json', 'LICENSE', 'README.md'])
    cpSync(join(piscina, part), join(pkg, 'vendor/piscina', part), { recursive: true, dereference: true });
  // The study schema.
  mkdirSync(join(pkg, 'schema'), { recursive: true });
  cpSync(join(root, 'packages/sim/schema/study.schema.json'), join(pkg, 'schema/study.schema.json'));
  // The studies and their data, byte for byte (tests and their helpers left out).
  cpSync(join(root, 'studies'), join(pkg, 'studies'), {
    recursive: true,
    filter: (source) => !/\.test\.ts$/.test(source) && !/[\\/]test-utils([\\/]|$)/.test(source),
  });
}

/** Declarations: core's and sim's (tsc's output), with sim's imports of @evalsim/core made relative. */
function writeDeclarations() {
  for (const name of ['core', 'sim'])
    if (!existsSync(join(root, `packages/${name}/dist/index.d.ts`)))
      throw new Error(
        `scripts/package.mjs: no packages/${name}/dist/index.d.ts; run tsc -b first (npm run build)`,
      );
  const copyDeclarations = (from, to, rewrite) => {
    for (const entry of readdirSync(from)) {
      const source = join(from, entry);
      if (statSync(source).isDirectory()) copyDeclarations(source, join(to, entry), rewrite);
      else if (entry.endsWith('.d.ts')) {
        mkdirSync(to, { recursive: true });
        writeFileSync(join(to, entry), rewrite(readFileSync(source, 'utf8'), join(to, entry)));
      }
    }
  };
  const types = join(dist, 'types');
  copyDeclarations(join(root, 'packages/core/dist'), join(types, 'core'), (text) => text);
  copyDeclarations(join(root, 'packages/sim/dist'), join(types, 'sim'), (text, file) => {
    const core = relative(dirname(file), join(types, 'core/index.js')).replace(/\\/g, '/');
    return text.replace(/(['"])@evalsim\/core\1/g, `'${core.startsWith('.') ? core : `./${core}`}'`);
  });
  writeFileSync(
    join(dist, 'index.d.ts'),
    "export * from './types/core/index.js';\nexport * from './types/sim/index.js';\n",
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, 'packages/sim/dist/config/studyValidator.js')))
    throw new Error('scripts/package.mjs: run scripts/bundle.mjs first (npm run setup)');
  await buildPackageCode();
  writeDeclarations();
  console.log(`built ${relative(root, pkg)}: dist/ (with declarations), schema/, studies/, vendor/piscina`);
}
