/**
 * `@evalsim/sim/internal` (packages/sim/src/internal.ts) is what only the `evalsim` command needs
 * of sim: outside packages/cli, only the repository's scripts and tests may import it. Returns one
 * line per other file that does (empty when none): packages/*, studies/ and python/ sources,
 * tests, test-utils, fixtures and built output left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const INTERNAL = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]@evalsim\/sim\/internal['"]/;
const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'vendor', 'fixtures', 'test-utils', '.git']);

function files(dir: string): string[] {
  const out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (SKIPPED.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (SOURCE.test(entry) && !/\.test\.[cm]?[jt]s$/.test(entry) && !entry.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

/** The files under `root` (a checkout) that import @evalsim/sim/internal without being allowed to. */
export function checkInternalImports(root: string): string[] {
  const problems: string[] = [];
  for (const top of ['packages', 'studies', 'python']) {
    for (const file of files(join(root, top))) {
      const shown = relative(root, file).split(sep).join('/');
      if (shown.startsWith('packages/cli/')) continue;
      if (INTERNAL.test(readFileSync(file, 'utf8')))
        problems.push(`${shown} imports @evalsim/sim/internal (only packages/cli, scripts and tests may)`);
    }
  }
  return problems.sort();
}
