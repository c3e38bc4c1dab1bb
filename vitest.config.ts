import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'studies/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Rebuilds the packages first when a source is newer than the built worker or CLI bundle.
    globalSetup: ['scripts/testSetup.mjs'],
    testTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork less than the cores: a single fork on the 2-core machine.
    // Two forks use both cores (many tests spawn processes or worker threads and wait on them).
    maxWorkers: 2,
    // Test files share one module graph per worker instead of re-importing sim, arrow, ajv
    // and yargs for each of ~50 files (import time 45 s → 5 s). Tests therefore must not
    // depend on fresh module state: caches (validated studies, population files) are keyed
    // by content, and no test mutates a module's exports.
    isolate: false,
    // The sources run as native ES modules, the way the bundles run them, not through Vite's
    // module runner: there every imported binding is a getter on a module object, which keeps
    // V8 from inlining the samplers into the simulation loops (an item-population draw ran
    // 2–3× slower than in the bin). Node loads the TypeScript through scripts/testLoader/
    // (esbuild's transform; './x.js' → './x.ts'; the @evalsim/* entries → their sources).
    // No test uses vi.mock or in-source tests, the features the module runner adds. A
    // command-line --execArgv replaces this list: profile with
    // `--execArgv=--import=./scripts/testLoader/register.mjs --execArgv=--cpu-prof`.
    execArgv: ['--import', here('scripts/testLoader/register.mjs')],
    experimental: { viteModuleRunner: false, nodeLoader: false },
  },
});
