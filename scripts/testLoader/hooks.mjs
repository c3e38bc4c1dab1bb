/**
 * Node module hooks that run the TypeScript sources as native ES modules in the test forks
 * (vitest.config.ts: experimental.viteModuleRunner false). resolve: the @evalsim/* package
 * entries to their sources (the bundles' table, scripts/build/esbuildShared.mjs); a relative
 * './x.js' from a .ts file to './x.ts' when only the source exists (the sources import with
 * the extension tsc emits); sim's generated study validator to the build's copy
 * (config/validatorSource.ts writes it into dist/ only). load: a .ts file through esbuild's
 * transform (types stripped, ES module, inline source map for stack traces).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { STUDY_VALIDATOR, WORKSPACE_SOURCES } from '../build/esbuildShared.mjs';

const root = new URL('../../', import.meta.url);
const VALIDATOR_SOURCE = new URL('packages/sim/src/config/studyValidator.js', root).href;
const VALIDATOR = new URL(STUDY_VALIDATOR, root).href;

export async function resolve(specifier, context, next) {
  const alias = WORKSPACE_SOURCES[specifier];
  if (alias) return { url: new URL(alias, root).href, shortCircuit: true };
  const parent = context.parentURL;
  if (
    parent?.startsWith('file:') &&
    fileURLToPath(parent).endsWith('.ts') &&
    specifier.endsWith('.js') &&
    /^\.{1,2}\//.test(specifier)
  ) {
    const url = new URL(specifier, parent);
    if (url.href === VALIDATOR_SOURCE) return { url: VALIDATOR, shortCircuit: true };
    if (!existsSync(url)) {
      const ts = new URL(url.href.replace(/\.js$/, '.ts'));
      if (existsSync(ts)) return { url: ts.href, shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  const path = url.startsWith('file:') ? fileURLToPath(url) : '';
  if (path.endsWith('.ts')) {
    const { code } = await transform(await readFile(path, 'utf8'), {
      loader: 'ts',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: path,
    });
    return { format: 'module', source: code, shortCircuit: true };
  }
  return next(url, context);
}
