/**
 * The published package's API is every name of @evalsim/core and @evalsim/sim: the two export
 * no name in common (a shared name would silently drop out of `export *`), and the built
 * bundle (dist/index.mjs, which the test setup keeps fresh) exports each of them.
 */
import * as core from '@evalsim/core';
import * as sim from '@evalsim/sim';
import { expect, it } from 'vitest';

it('core and sim export disjoint names, and the evalsim bundle exports all of them', async () => {
  const coreNames = Object.keys(core);
  const simNames = Object.keys(sim);
  expect(coreNames.filter((name) => simNames.includes(name))).toEqual([]);
  const bundle = (await import(new URL('../dist/index.mjs', import.meta.url).href)) as Record<
    string,
    unknown
  >;
  expect(Object.keys(bundle).sort()).toEqual([...coreNames, ...simNames].sort());
});
