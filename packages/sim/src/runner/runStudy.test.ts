import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { readResultsArrow } from '../output/arrowResults.js';
import type { ResultRow } from '../output/resultRow.js';
import { createStudyPool } from './chunkExecutor.js';
import type { RunOptions, StudyRun } from './runOptions.js';
import { runStudy } from './runStudy.js';
import { runBytes } from './test-utils/runBytes.js';
import { toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';

const Z95 = 1.959963984540054;
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(config: Record<string, unknown>, options: RunOptions = {}): Promise<StudyRun> {
  return runStudy(await validateStudy(config, toyBaseDir), { workers: 0, ...options });
}

function row(rows: readonly ResultRow[], p: number, method: string, metric: string): ResultRow {
  const found = rows.find((r) => r.params.p === p && r.method === method && r.metric === metric);
  if (!found) throw new Error(`no row p=${p} ${method} ${metric}`);
  return found;
}

/** log C(n, k) by summing logs (exact enough for n ≤ 1000). */
function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/** Exact coverage and two-sided z-test size of the Wald interval for Binomial(n, p), by summing the pmf. */
function exactWald(n: number, p: number, nullValue: number): { coverage: number; reject: number } {
  let coverage = 0;
  let reject = 0;
  for (let x = 0; x <= n; x++) {
    const pmf = Math.exp(logChoose(n, x) + x * Math.log(p) + (n - x) * Math.log(1 - p));
    const phat = x / n;
    const half = Z95 * Math.sqrt((phat * (1 - phat)) / n);
    if (phat - half <= p && p <= phat + half) coverage += pmf;
    if (Math.abs(phat - nullValue) / Math.sqrt((nullValue * (1 - nullValue)) / n) > Z95) reject += pmf;
  }
  return { coverage, reject };
}

describe('runStudy end to end (toy model, in process)', () => {
  test('metrics agree with exact binomial values within 4 Monte Carlo SEs', async () => {
    const result = await run(
      toyStudyConfig({ replications: 4000, methods: [{ id: 'wald', module: './toy-wald.mjs' }] }),
    );
    const n = 100; // 20 clusters × 5 items
    for (const p of [0.5, 0.2]) {
      const exact = exactWald(n, p, 0.5);
      const coverage = row(result.rows, p, 'wald', 'coverage');
      expect(Math.abs(coverage.value - exact.coverage)).toBeLessThan(4 * coverage.mcse);
      expect(coverage.mcse).toBeCloseTo(Math.sqrt((coverage.value * (1 - coverage.value)) / 4000), 12);
      const reject = row(result.rows, p, 'wald', 'reject');
      if (p === 0.5) expect(Math.abs(reject.value - exact.reject)).toBeLessThan(4 * reject.mcse);
      else expect(reject.value).toBeGreaterThan(0.99); // power at p = 0.2 vs 0.5 is ≈ 1 − 1e-9
      const mean = row(result.rows, p, 'wald', 'meanEstimate');
      expect(Math.abs(mean.value - p)).toBeLessThan(4 * mean.mcse);
      const bias = row(result.rows, p, 'wald', 'bias');
      expect(bias.value).toBeCloseTo(mean.value - p, 12);
      const empirical = row(result.rows, p, 'wald', 'empiricalSE');
      const trueSE = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(empirical.value - trueSE)).toBeLessThan(4 * empirical.mcse);
      const phat = row(result.rows, p, 'model', 'phat');
      expect(phat.value).toBe(mean.value); // same replications, same quantity
      const analytic = row(result.rows, p, 'analytic', 'coverage'); // 2Φ(z/√1) − 1 at ρ = 0
      expect(analytic.value).toBeCloseTo(0.95, 12);
      expect(analytic).toMatchObject({ mcse: 0, replications: 0 });
    }
  });

  test('rows carry expectations, replication caps and degenerate counts', async () => {
    const result = await run(toyStudyConfig({ replications: 600 }));
    const wald = row(result.rows, 0.5, 'wald', 'coverage');
    expect(wald.published).toBe(0.95);
    expect(wald.tolerance).toBe(0.03);
    expect(wald.within).toBe(Math.abs(wald.value - 0.95) <= 0.03);
    expect(row(result.rows, 0.5, 'wald', 'meanWidth').published).toBeNull();
    expect(row(result.rows, 0.5, 'boot', 'coverage').replications).toBe(300);
    expect(row(result.rows, 0.5, 'wald', 'coverage').replications).toBe(600);
    // p = 0.02 with N = 100: p̂ = 0 (zero SE) has probability 0.98^100 ≈ 0.133 → counted, not dropped.
    const rare = await run(toyStudyConfig({ replications: 2000, grid: { p: [0.02] }, expectations: [] }));
    const degenerate = row(rare.rows, 0.02, 'wald', 'coverage');
    const expected = 0.98 ** 100;
    const sd = Math.sqrt((expected * (1 - expected)) / 2000);
    expect(Math.abs(degenerate.degenerate / 2000 - expected)).toBeLessThan(4 * sd);
    expect(degenerate.replications).toBe(2000);
  });

  test('cells follow grid key order, last key fastest', async () => {
    const result = await run(
      toyStudyConfig({
        replications: 20,
        grid: { p: [0.3, 0.6], m: [2, 3, 4] },
        model: { module: './toy-model.mjs', params: { clusters: 5 } },
        expectations: [],
      }),
    );
    const cells = [...new Map(result.rows.map((r) => [r.cell, r.params])).values()];
    expect(cells).toEqual([
      { p: 0.3, m: 2 },
      { p: 0.3, m: 3 },
      { p: 0.3, m: 4 },
      { p: 0.6, m: 2 },
      { p: 0.6, m: 3 },
      { p: 0.6, m: 4 },
    ]);
  });

  test("a method's results do not depend on the other methods in the study", async () => {
    const both = await run(toyStudyConfig({ replications: 300 }));
    const alone = await run(
      toyStudyConfig({
        replications: 300,
        methods: [{ id: 'boot', module: './toy-bootstrap.mjs', resamples: 40, replications: 300 }],
        expectations: [],
      }),
    );
    const pick = (rows: ResultRow[]) =>
      rows.filter((r) => r.method === 'boot').map(({ value, mcse }) => [value, mcse]);
    expect(pick(alone.rows)).toEqual(pick(both.rows));
  });

  test('a different seed gives different numbers; the same seed the same', async () => {
    const a = await run(toyStudyConfig({ replications: 200 }));
    const b = await run(toyStudyConfig({ replications: 200 }));
    const c = await run(toyStudyConfig({ replications: 200 }), { seed: 7 });
    expect(runBytes(a).equals(runBytes(b))).toBe(true);
    expect(row(c.rows, 0.5, 'wald', 'meanEstimate').value).not.toBe(
      row(a.rows, 0.5, 'wald', 'meanEstimate').value,
    );
    expect(c.config.seed).toBe(7);
  });

  test('a formula-only study needs no model and no replications', async () => {
    const result = await run({
      name: 'formula-only',
      title: 'Analytic naive coverage',
      grid: { m: [1, 10, 50], rho: [0, 0.2] },
      formulas: [
        { id: 'naive', formula: 'naiveCoverageUnderDesignEffect', metric: 'coverage' },
        { id: 'naive', formula: 'designEffect', metric: 'deff' },
      ].map((f, i) => (i === 1 ? { ...f, id: 'kish' } : f)),
    });
    expect(result.rows).toHaveLength(12);
    const deff = result.rows.find((r) => r.method === 'kish' && r.params.m === 50 && r.params.rho === 0.2)!;
    expect(deff.value).toBeCloseTo(1 + 49 * 0.2, 12);
    const coverage = result.rows.find(
      (r) => r.method === 'naive' && r.params.m === 50 && r.params.rho === 0.2,
    )!;
    expect(coverage.value).toBeCloseTo(0.449, 3); // seed 001: "44.9% predicted for that cell"
    expect(result.replications).toBeUndefined();
  });
});

describe('determinism and resume', () => {
  const config = toyStudyConfig({ replications: 700 });

  test('identical Arrow bytes for any chunk size in process', async () => {
    const reference = runBytes(await run(config, { chunkSize: 250 }));
    for (const chunkSize of [1, 77, 700, 5000]) {
      expect(runBytes(await run(config, { chunkSize })).equals(reference)).toBe(true);
    }
  });

  test('identical Arrow bytes with 1 and 2 worker threads and in process (built dist worker)', async () => {
    const reference = runBytes(await run(config, { workers: 0 }));
    const pool = createStudyPool({ workers: 2 });
    try {
      expect(runBytes(await run(config, { pool, chunkSize: 64 })).equals(reference)).toBe(true);
      expect(runBytes(await run(config, { pool, chunkSize: 250, maxInFlight: 2 })).equals(reference)).toBe(
        true,
      );
    } finally {
      await pool.close();
    }
    expect(runBytes(await run(config, { workers: 1, chunkSize: 100 })).equals(reference)).toBe(true);
  });

  test('a run aborted after its first cell resumes to the same file bytes', async () => {
    const whole = join(tmp, 'whole');
    const parts = join(tmp, 'parts');
    const uninterrupted = await run(config, { outDir: whole });
    const arrowBytes = readFileSync(uninterrupted.files.arrow!);
    expect(existsSync(join(whole, '.checkpoints'))).toBe(false); // cleared after the results are written
    expect(readResultsArrow(arrowBytes).rows).toHaveLength(uninterrupted.rows.length);

    const controller = new AbortController();
    await expect(
      run(config, {
        outDir: parts,
        chunkSize: 100,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.cellsDone === 1) controller.abort(new Error('stop after one cell'));
        },
      }),
    ).rejects.toThrow('stop after one cell');
    expect(existsSync(join(parts, 'toy-study.arrow'))).toBe(false);
    const [directory] = readdirSync(join(parts, '.checkpoints'));
    expect(readdirSync(join(parts, '.checkpoints', directory))).toEqual(['cell-0.json']);
    const resumed = await run(config, { outDir: parts, resume: true, chunkSize: 33 });
    expect(resumed.resumedCells).toBe(1);
    expect(readFileSync(resumed.files.arrow!).equals(arrowBytes)).toBe(true);
    const info = JSON.parse(readFileSync(resumed.files.runInfo!, 'utf8'));
    expect(info).toMatchObject({ study: 'toy-study', resumedCells: 1, replications: 700 });
    // Timings live apart from the results: the output directory holds only the Arrow file.
    expect(resumed.files!.runInfo).toBe(join(parts, '.runs', 'toy-study.run.json'));
    expect(readdirSync(parts).filter((name) => !name.startsWith('.'))).toEqual(['toy-study.arrow']);
  });

  test('checkpoints of another seed or replication count are not reused', async () => {
    const out = join(tmp, 'stale');
    const controller = new AbortController();
    await expect(
      run(config, {
        outDir: out,
        maxInFlight: 1,
        signal: controller.signal,
        onProgress: (p) => p.cellsDone === 1 && controller.abort(new Error('stop')),
      }),
    ).rejects.toThrow('stop');
    const other = await run(config, { outDir: out, resume: true, replications: 650 });
    expect(other.resumedCells).toBe(0);
    // The first run's cell-0 checkpoint was written under another key: stale, counted, discarded.
    expect(other.staleCheckpoints).toBe(1);
    expect(existsSync(join(out, '.checkpoints'))).toBe(false);
    // An edited study (another title changes the fingerprint) discards the same way.
    const stop = new AbortController();
    await expect(
      run(config, {
        outDir: out,
        maxInFlight: 1,
        signal: stop.signal,
        onProgress: (p) => p.cellsDone === 1 && stop.abort(new Error('stop')),
      }),
    ).rejects.toThrow('stop');
    const edited = await run({ ...config, title: 'Toy study, edited' }, { outDir: out, resume: true });
    expect([edited.resumedCells, edited.staleCheckpoints]).toEqual([0, 1]);
  });
});
