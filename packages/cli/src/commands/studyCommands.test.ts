/**
 * The study commands as a user runs them, in process (runCli; the run's worker threads
 * use the built worker, which the test setup keeps fresh).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const toyDir = join(root, 'packages/sim/src/runner/test-utils');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: root, env: {} });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

function writeStudy(name: string, overrides: Record<string, unknown> = {}): string {
  const file = join(tmp, `${name}.json`);
  const study = {
    name,
    title: 'Toy CLI study',
    source: { seed: 'none.txt', section: 'toy' },
    seed: 3,
    replications: 300,
    model: { module: join(toyDir, 'toy-model.mjs'), params: { clusters: 10, m: 4 } },
    grid: { p: [0.5, 0.8] },
    methods: [{ id: 'wald', module: join(toyDir, 'toy-wald.mjs') }],
    metrics: ['coverage', 'meanWidth'],
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
      },
    ],
    ...overrides,
  };
  writeFileSync(file, JSON.stringify(study));
  return file;
}

describe('evalsim run / show / validate / list', () => {
  test('validate accepts a good study and rejects a bad one, naming the field', async () => {
    const good = await evalsim('validate', writeStudy('toy-good'));
    expect(good.code).toBe(0);
    expect(good.stdout).toContain(
      '✓ toy-good: 2 cells, 1 method × 2 metrics, 300 replications, 2 expectations',
    );
    const bad = await evalsim(
      'validate',
      writeStudy('toy-bad', { replications: 0, metrics: ['coverage', 'width'] }),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('replications: got 0; allowed: an integer ≥ 1');
    expect(bad.stderr).toContain('metrics[1]: got "width"; allowed: one of "coverage"');
  });

  test('run refuses an invalid study before any work, exiting non-zero', async () => {
    const out = join(tmp, 'bad-out');
    const result = await evalsim(
      'run',
      writeStudy('toy-bad-run', { grid: { p: [0.5, 2] } }),
      '--out',
      out,
      '--workers',
      '0',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('grid.p: must be in (0, 1), got 2 (in grid cell 1: p=2)');
    expect(existsSync(out)).toBe(false);
  });

  test('run prints published values with marks and writes the Arrow file; show reads it back', async () => {
    const out = join(tmp, 'out');
    const study = writeStudy('toy-run');
    const result = await evalsim('run', study, '--out', out, '--workers', '0', '--replications', '200');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/0\.5\s+wald\s+coverage\s+0\.\d+ ± 0\.\d+\s+0\.95 ± 0\.5\s+✓/);
    expect(result.stdout).toMatch(/0\.8\s+wald\s+coverage\s+0\.\d+ ± 0\.\d+\s+0\.2 ± 0\.01\s+✗/);
    expect(result.stdout).toContain('1 of 2 published values within tolerance');
    const arrow = join(out, 'toy-run.arrow');
    expect(existsSync(arrow)).toBe(true);
    const csv = await evalsim('show', arrow, '--format', 'csv');
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'cell,p,method,metric,value,mcse,replications,degenerate,published,tolerance,within',
    );
    expect(lines).toHaveLength(5);
    const json = JSON.parse((await evalsim('show', arrow, '--format', 'json')).stdout);
    const asRun = JSON.parse(
      (await evalsim('run', study, '--out', out, '--workers', '0', '--replications', '200', '--json')).stdout,
    );
    expect(json).toEqual(asRun);
    expect((await evalsim('show', arrow, '--format', 'markdown')).stdout).toContain(
      '| p | method | metric |',
    );
  });

  test('list shows name, title and source', async () => {
    writeStudy('toy-listed');
    const result = await evalsim('list', '--studies', tmp, '--json');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as { name: string; title: string; source: string }[];
    expect(rows.find((r) => r.name === 'toy-listed')).toMatchObject({
      title: 'Toy CLI study',
      source: 'none.txt § toy',
    });
  });
});
