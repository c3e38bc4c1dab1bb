import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string, file = 'index.ts') =>
  fileURLToPath(new URL(`./packages/${pkg}/src/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    // An exact match for each entry: '@evalsim/sim/light' must not resolve to src/index.ts/light.
    alias: [
      { find: /^@evalsim\/core$/, replacement: src('core') },
      { find: /^@evalsim\/sim$/, replacement: src('sim') },
      { find: /^@evalsim\/sim\/light$/, replacement: src('sim', 'light.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'studies/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Rebuilds the packages first when a source is newer than the built worker or CLI bundle.
    globalSetup: ['scripts/testSetup.ts'],
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
  },
});
