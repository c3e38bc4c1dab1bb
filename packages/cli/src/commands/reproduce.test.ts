/**
 * `evalsim reproduce` and `evalsim run` as a user runs them (in process through runCli, in a
 * scratch project directory): where results go by default, a report that is a pure function
 * of the results, explained and unexplained misses, and `--strict`.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeResultsArrow } from '@evalsim/sim';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const toyDir = join(root, 'packages/sim/src/runner/test-utils');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-reproduce-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(cwd: string, ...args: string[]) {
  const result = await runCli(args, { cwd, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

/** A project directory with studies/toy.json (one published value within, one missed). */
function project(name: string, missExplanation?: string): string {
  const dir = join(tmp, name);
  mkdirSync(join(dir, 'studies'), { recursive: true });
  const study = {
    name: 'toy',
    title: 'Toy reproduce study',
    seed: 3,
    replications: 200,
    model: { module: join(toyDir, 'toy-model.mjs'), params: { clusters: 10, m: 4 } },
    grid: { p: [0.5, 0.8] },
    methods: [{ id: 'wald', module: join(toyDir, 'toy-wald.mjs') }],
    metrics: ['coverage', 'meanWidth', 'boundsOutOfRange'],
    expectations: [
      {
        cell: { p: 0.5 },
        method: 'wald',
        metric: 'coverage',
        published: 0.95,
        tolerance: 0.5,
        basis: 'loose',
      },
      {
        cell: { p: 0.8 },
        method: 'wald',
        metric: 'coverage',
        published: 0.2,
        tolerance: 0.01,
        basis: 'a miss',
        ...(missExplanation ? { explainedMiss: missExplanation } : {}),
      },
    ],
    report: { plots: [{ id: 'coverage', title: 'Toy coverage', metric: 'coverage', x: 'p' }] },
  };
  writeFileSync(join(dir, 'studies', 'toy.json'), JSON.stringify(study));
  return dir;
}

const arrows = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.arrow')) : []);

describe('evalsim reproduce', () => {
  const dir = project('explained', 'the toy article misprinted it');

  test('a rescaled run writes results/local/ and leaves results/ alone', async () => {
    const preview = await evalsim(
      dir,
      'reproduce',
      '--replications-scale',
      '0.5',
      '--workers',
      '1',
      '--quiet',
    );
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('written to results/local/; the committed results/ are untouched');
    expect(arrows(join(dir, 'results'))).toEqual([]);
    expect(arrows(join(dir, 'results', 'local'))).toEqual(['toy.arrow']);
    const report = readFileSync(join(dir, 'results', 'local', 'REPORT.md'), 'utf8');
    expect(report).toContain('100 replications per cell (**rescaled**: the study asks for 200)');
  });

  test('a full-scale run writes results/; the report holds no timings and reruns byte-identically', async () => {
    const first = await evalsim(dir, 'reproduce', '--workers', '2', '--quiet');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/\d+\.\d s, 2 workers/); // timings go to the terminal…
    const reportPath = join(dir, 'results', 'REPORT.md');
    const report = readFileSync(reportPath, 'utf8');
    expect(report).not.toMatch(/wall time|workers?\b| s\b|Node v|×/); // …not into the report
    expect(readdirSync(join(dir, 'results')).sort()).toEqual([
      '.runs',
      'REPORT.md',
      'local',
      'plots',
      'toy.arrow',
    ]);
    expect(readdirSync(join(dir, 'results', '.runs'))).toEqual(['toy.run.json']);
    const again = await evalsim(dir, 'reproduce', 'toy', '--workers', '1', '--quiet');
    expect(again.code).toBe(0);
    expect(readFileSync(reportPath, 'utf8')).toBe(report);
  });

  test('an explained miss is shown as such, with its reason, and does not fail --strict', async () => {
    const report = readFileSync(join(dir, 'results', 'REPORT.md'), 'utf8');
    expect(report).toContain('| p = 0.8 | wald | coverage |');
    expect(report).toContain('✗ explained');
    expect(report).toContain('**Explained miss** — p = 0.8, wald coverage');
    expect(report).toContain('the toy article misprinted it');
    expect(report).not.toMatch(/✗ \|/); // no bare ✗
    const strict = await evalsim(dir, 'reproduce', '--strict', '--workers', '1', '--quiet');
    expect(strict.code).toBe(0);
  });

  test('an unexplained miss fails --strict, naming the value', async () => {
    const bare = project('unexplained');
    const strict = await evalsim(bare, 'reproduce', '--strict', '--workers', '1', '--quiet');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('--strict: 1 published value outside tolerance without an explanation');
    expect(strict.stderr).toMatch(/toy: p = 0\.8, wald coverage = [\d.]+ ± [\d.]+ vs published 0\.2 ± 0\.01/);
    const report = readFileSync(join(bare, 'results', 'REPORT.md'), 'utf8');
    expect(report).toContain('✗ **unexplained**');
    expect(report).not.toMatch(/✗ \|/);
  });

  test('a study file changed since its results were made is reported as stale, not shown', async () => {
    const stale = project('stale');
    expect((await evalsim(stale, 'reproduce', '--workers', '1', '--quiet')).code).toBe(0);
    const file = join(stale, 'studies', 'toy.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Toy reproduce study"', '"Toy study, renamed"'));
    writeFileSync(
      join(stale, 'studies', 'other.json'),
      readFileSync(file, 'utf8').replace('"name":"toy"', '"name":"other"'),
    );
    expect((await evalsim(stale, 'reproduce', 'other', '--workers', '1', '--quiet')).code).toBe(0);
    const report = readFileSync(join(stale, 'results', 'REPORT.md'), 'utf8');
    expect(report).toContain('- toy: `toy.arrow` was made from another version of the study file; rerun it');
    expect(report).toContain('## Toy study, renamed'); // other's section
  });
});

describe('evalsim run', () => {
  test('writes results/local/ by default, and results/ only when told; tables show out-of-range bounds', async () => {
    const dir = project('run');
    const run = await evalsim(dir, 'run', 'studies/toy.json', '--workers', '0', '--quiet');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`wrote ${join('results', 'local', 'toy.arrow')}`);
    // p = 0.8 with 40 items: Wald upper bounds above 1 are common (Wald is not clipped).
    expect(run.stdout).toMatch(/0\.8\s+wald\s+boundsOutOfRange\s+0\.\d+ ± 0\.\d+/);
    expect(arrows(join(dir, 'results'))).toEqual([]);
    const told = await evalsim(
      dir,
      'run',
      'studies/toy.json',
      '--workers',
      '0',
      '--quiet',
      '--out',
      'results',
    );
    expect(told.code).toBe(0);
    expect(arrows(join(dir, 'results'))).toEqual(['toy.arrow']);
  });
  test('two studies at once: one that fails stops the other, and the failure names its file', async () => {
    const dir = join(tmp, 'lanes');
    mkdirSync(join(dir, 'studies'), { recursive: true });
    // Fails in its second cell, when the run computes its formula (p10 + p01 > 1); runs here.
    const fails = {
      name: 'a-fails',
      title: 'A formula that fails in one cell',
      grid: { n: [10], p10: [0.3, 0.8], p01: [0.3] },
      formulas: [{ id: 'exact:tango', formula: 'exactPairedCoverage', method: 'tango', metric: 'coverage' }],
    };
    // Seconds of work on the worker thread's lane meanwhile.
    const long = {
      name: 'b-long',
      title: 'Long enough to be running',
      seed: 1,
      replications: 200_000,
      model: { name: 'betaBinomialClusters', params: { p: 0.7, clusters: 8, m: 5 } },
      grid: { rho: [0.05, 0.1, 0.2, 0.3] },
      methods: [{ id: 'boot', method: 'clusterBootstrap', resamples: 200 }],
      metrics: ['coverage'],
    };
    writeFileSync(join(dir, 'studies', 'a-fails.json'), JSON.stringify(fails));
    writeFileSync(join(dir, 'studies', 'b-long.json'), JSON.stringify(long));
    const run = await evalsim(dir, 'reproduce', '--workers', '2', '--quiet');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^evalsim: studies\/a-fails\.json: formulas\[0\]\.p01: .*\(in grid cell 1: n=10, p10=0\.8, p01=0\.3\)\n$/,
    );
    // Neither study wrote results, checkpoints nor a lock.
    expect(readdirSync(join(dir, 'results')).filter((f) => f !== '.runs' && f !== 'local')).toEqual([]);
  }, 60_000);
});

describe('results tables', () => {
  test('say over how many replications a value was taken when fewer than the method ran', async () => {
    const row = (metric: string, value: number, replications: number, degenerate: number) => ({
      cell: 0,
      params: { n: 10 },
      method: 'wald',
      metric,
      value,
      mcse: 0.01,
      replications,
      degenerate,
      published: null,
      tolerance: null,
      within: null,
    });
    const file = join(tmp, 'partial.arrow');
    writeResultsArrow(
      file,
      [row('coverage', 0.6, 2000, 677), row('meanWidth', 0.31, 1323, 677), row('meanSE', 0.08, 2000, 677)],
      { gridKeys: ['n'], config: {}, version: 'test' },
    );
    const table = (await evalsim(tmp, 'show', file)).stdout;
    expect(table.split('\n')[0]).toMatch(/over replications\s+degenerate/);
    expect(table).toMatch(/meanWidth\s+0\.310 ± 0\.010\s+1,323 of 2,000\s+677/);
    expect(table).toMatch(/coverage\s+0\.600 ± 0\.010\s+677/);
    expect((await evalsim(tmp, 'show', file, '--format', 'markdown')).stdout).toContain('| 1,323 of 2,000 |');
  });
});
