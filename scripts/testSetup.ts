/**
 * Vitest global setup: tests never run against a stale build. Tests import the packages'
 * sources, but the piscina workers of a study run load the built worker bundle
 * (packages/sim/dist/runner/worker.bundle.mjs, which inlines core and sim), one smoke
 * test runs the built CLI bundle, and the example user method imports the published
 * package's bundle (packages/evalsim/dist); when any source of core, sim or cli (or a
 * package, tsconfig or build script) is newer than those bundles, the packages are rebuilt
 * first (`tsc -b`, scripts/bundle.mjs and scripts/package.mjs, as `npm run build`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUTPUTS = [
  'packages/sim/dist/runner/worker.bundle.mjs',
  'packages/cli/dist/evalsim.mjs',
  'packages/evalsim/dist/index.mjs',
];

/** Newest modification time of the build's inputs (sources, package and tsconfig files). */
function newestInput(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      const stat = statSync(path);
      if (stat.isDirectory()) visit(path);
      else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const name of ['core', 'sim', 'cli']) {
    visit(join(root, 'packages', name, 'src'));
    for (const file of ['package.json', 'tsconfig.json']) {
      newest = Math.max(newest, statSync(join(root, 'packages', name, file)).mtimeMs);
    }
  }
  for (const file of [
    'tsconfig.base.json',
    'scripts/bundle.mjs',
    'scripts/code-cache.mjs',
    'scripts/package.mjs',
    'packages/evalsim/package.json',
    'packages/evalsim/src/index.js',
  ])
    newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/** Oldest build output (0 when one is missing). */
function oldestOutput(): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const file of OUTPUTS) {
    const path = join(root, file);
    oldest = existsSync(path) ? Math.min(oldest, statSync(path).mtimeMs) : 0;
  }
  return oldest;
}

export default function setup(): void {
  if (oldestOutput() >= newestInput()) return;
  process.stderr.write('test setup: sources are newer than the build; rebuilding (tsc -b, bundle)…\n');
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', 'packages/core', 'packages/sim', 'packages/cli'], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const script of ['scripts/bundle.mjs', 'scripts/package.mjs'])
    execFileSync(process.execPath, [join(root, script)], { cwd: root, stdio: 'inherit' });
}
