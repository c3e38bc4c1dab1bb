// What scripts/bundle.mjs and scripts/package.mjs share: the workspace packages bundled from their
// TypeScript sources (esbuild strips the types itself, without a typecheck, so `npm run setup`
// builds everything it runs in a few seconds without tsc), a silent `debug`, and the options of
// every bundle (ESM for Node 20, with a `require` for the CommonJS dependencies).
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Each workspace package's entry, as its package.json exports it, mapped to its TypeScript source. */
export const WORKSPACE_SOURCES = {
  '@evalsim/core': 'packages/core/src/index.ts',
  '@evalsim/sim': 'packages/sim/src/index.ts',
  '@evalsim/sim/light': 'packages/sim/src/light.ts',
  '@evalsim/sim/run': 'packages/sim/src/studyRun.ts',
  '@evalsim/sim/threads': 'packages/sim/src/threads.ts',
  '@evalsim/sim/internal': 'packages/sim/src/internal.ts',
};

/** The study validator, generated from the schema by scripts/bundle.mjs (config/validatorSource.ts). */
export const STUDY_VALIDATOR = 'packages/sim/dist/config/studyValidator.js';

// The workspace packages come from their sources (an exact match for each entry, so that
// '@evalsim/sim/light' is not '@evalsim/sim' + '/light'), and sim's config/schema.ts gets the
// generated study validator, which exists only in dist.
export const workspaceSources = {
  name: 'workspace-sources',
  setup(b) {
    b.onResolve({ filter: /^@evalsim\// }, (args) => {
      const source = WORKSPACE_SOURCES[args.path];
      if (source === undefined) return { errors: [{ text: `no source for ${args.path}` }] };
      return { path: `${root}${source}` };
    });
    b.onResolve({ filter: /^\.\/studyValidator\.js$/ }, () => ({ path: `${root}${STUDY_VALIDATOR}` }));
  },
};

// @stdlib's gamma quantile requires `debug` (with tty and util) for log lines it never prints
// unless DEBUG is set: the bundles get a silent logger instead.
export const silentDebug = {
  name: 'silent-debug',
  setup(b) {
    b.onResolve({ filter: /^debug$/ }, () => ({ path: 'debug', namespace: 'silent-debug' }));
    b.onLoad({ filter: /.*/, namespace: 'silent-debug' }, () => ({
      contents: 'module.exports = function debug() { return function log() {}; };',
      loader: 'js',
    }));
  },
};

/** The esbuild options every bundle shares: ESM for Node 20, with a `require` for CommonJS dependencies. */
export const NODE_ESM = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: {
    js: "import { createRequire as __evalsimCreateRequire } from 'node:module'; const require = __evalsimCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  legalComments: 'none',
};
