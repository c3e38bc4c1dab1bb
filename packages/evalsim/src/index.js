// The public API of the `evalsim` package: every name @evalsim/core and @evalsim/sim export
// (their index.ts files list each one; a test checks the two sets do not overlap, since a
// name both export would silently drop out of `export *`). Bundled, with every dependency,
// by scripts/package.mjs into dist/index.mjs.
export * from '@evalsim/core';
export * from '@evalsim/sim';
