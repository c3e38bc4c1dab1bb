/**
 * `@evalsim/sim/run` (studyRun.ts) reaches only what a run needs: its module graph, bundled from
 * the sources, holds none of the eval importers (evals/, yourEval/), the analysis (analyze, audit,
 * plan) or the scheduler scripts, and not the package's barrel (index.ts), whose every module a bundle would evaluate. Its names
 * are the same objects index.ts exports.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import * as everything from './index.js';
import * as internal from './internal.js';
import * as run from './studyRun.js';

const src = fileURLToPath(new URL('.', import.meta.url));

test('the run entry reaches no eval importer, analysis or scheduler script, nor index.ts', async () => {
  const bundled = await build({
    entryPoints: [`${src}studyRun.ts`],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    external: ['./studyValidator.js'],
    logLevel: 'silent',
  });
  const modules = Object.keys(bundled.metafile.inputs).map((path) =>
    fileURLToPath(new URL(path, `file://${process.cwd()}/`)).slice(src.length),
  );
  expect(modules).toContain('runner/runStudy.ts');
  expect(modules).toContain('config/loadStudy.ts');
  expect(modules).not.toContain('index.ts');
  const heavy = modules.filter((path) =>
    /^(evals|analysis|yourEval)\/|^shard\/(slurmScripts|kubernetesJobs|shardCommands|sbatchOptions|shellQuote)\.ts$/.test(
      path,
    ),
  );
  expect(heavy).toEqual([]);
});

test('a name of the run entry that index.ts or internal.ts exports too is the same object', () => {
  const others: Record<string, unknown> = { ...internal, ...everything };
  const shared = Object.keys(run).filter((name) => name in others);
  expect(shared.length).toBeGreaterThanOrEqual(10);
  for (const name of shared) expect(others[name], name).toBe((run as Record<string, unknown>)[name]);
});
