/**
 * What the `evalsim` bin (dist/evalsim.cjs, built from bin.ts) runs, chosen by the command line:
 * - `--version` and the calculators: the ESM bundle (dist/evalsim.esm.mjs, split per command),
 *   which loads only what they need (≈ 0.1 s of code less than the whole CLI);
 * - every other command: the whole CLI as one classic script with V8's code cache
 *   (dist/evalsim.script.cjs and .cache, codeCache/codeCache.ts), whose compile the cache skips; without
 *   the script, the ESM bundle.
 * Both are builds of the same entry (main.ts): output and exit codes are the same either way.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CacheState } from '../codeCache/codeCache.js';
import { CALCULATORS } from '../commands/calculators.js';

/** The files of the built CLI, in its dist/ folder. */
export const CLI_FILES = {
  bin: 'evalsim.cjs',
  esm: 'evalsim.esm.mjs',
  script: 'evalsim.script.cjs',
  cache: 'evalsim.script.cache',
} as const;

/** Which build runs `argv` (the arguments after the bin): the ESM bundle or the cached script. */
export function buildFor(argv: readonly string[]): 'esm' | 'script' {
  if (argv.length === 1 && argv[0] === '--version') return 'esm';
  return argv.length > 0 && CALCULATORS.includes(argv[0]) ? 'esm' : 'script';
}

/** Runs the CLI built in `dist` on `argv`; resolves to what became of the code cache (undefined: ESM). */
export async function launch(dist: string, argv: readonly string[]): Promise<CacheState | undefined> {
  const script = join(dist, CLI_FILES.script);
  if (buildFor(argv) === 'script' && existsSync(script)) {
    // Loaded only here (node:vm, node:crypto): the ESM commands do without it.
    const { compileCachedScript } = await import('../codeCache/codeCache.js');
    const compiled = compileCachedScript(script, join(dist, CLI_FILES.cache));
    compiled.run();
    return compiled.cache;
  }
  await import(pathToFileURL(join(dist, CLI_FILES.esm)).href);
  return undefined;
}
