import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@evalsim/core': src('core'),
      '@evalsim/sim': src('sim'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'studies/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Rebuilds the packages first when a source is newer than the built worker or CLI bundle.
    globalSetup: ['scripts/testSetup.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
