/**
 * Issue 8 item 7 (per replication): a user method cannot fail silently. An interval with
 * lower > upper, or one NaN bound, counts as degenerate for that method and the first such
 * replication is reported per cell; an analyser that throws names the method, the cell and
 * the replication.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { isInvalidInterval } from '../base/invalidInterval.js';
import { validateStudy } from '../config/validateStudy.js';
import { runStudy } from './runStudy.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-method-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A method whose interval is swapped when i ≡ 3 (mod 5) and has a NaN lower bound when
 * i ≡ 4 (mod 7), and throws when i = `throwAt`; i is the replication index ('counter', for
 * one in-process chunk per cell) or a draw of the method's stream ('random').
 */
const METHOD = `export const method = {
  name: 'broken',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options) {
    let r = 0;
    return (data, rng, out) => {
      // 'counter': the replication index, right when one simulator runs every replication in order
      const i = options.mode === 'random' ? Math.floor(rng.uniform() * 35) : r++;
      if (i === options.throwAt) throw new Error('boom');
      out.estimate = 0.5;
      out.lower = i % 5 === 3 ? 0.9 : 0.1;
      out.upper = i % 5 === 3 ? 0.1 : 0.9;
      if (i % 7 === 4) out.lower = NaN;
      out.degenerate = false;
    };
  },
};
`;
writeFileSync(join(dir, 'broken.mjs'), METHOD);

function config(throwAt: number, mode = 'counter'): object {
  return {
    name: 'broken-method',
    title: 'A broken method',
    seed: 3,
    replications: 30,
    model: { name: 'betaBinomialClusters', params: { p: 0.5, rho: 0.1, clusters: 4 } },
    grid: { m: [3, 4] },
    methods: [
      { id: 'wald', method: 'wald' },
      { id: 'mine', module: './broken.mjs', throwAt, mode },
    ],
    metrics: ['coverage'],
  };
}

describe('a user method cannot fail silently', () => {
  test('isInvalidInterval', () => {
    expect(isInvalidInterval(0.2, 0.1)).toBe(true);
    expect(isInvalidInterval(Number.NaN, 0.1)).toBe(true);
    expect(isInvalidInterval(0.1, Number.NaN)).toBe(true);
    expect(isInvalidInterval(Number.NaN, Number.NaN)).toBe(false);
    expect(isInvalidInterval(0.1, 0.1)).toBe(false);
    expect(isInvalidInterval(Number.NEGATIVE_INFINITY, 0.1)).toBe(false);
  });

  test('invalid intervals count as degenerate; the first replication is reported per cell', async () => {
    const study = await validateStudy(config(-1), dir);
    const run = await runStudy(study, { workers: 0, chunkSize: 30 });
    // replications 0..29: swapped on 3, 8, 13, 18, 23, 28; NaN lower on 4, 11, 18, 25 (18 is both)
    const expected = new Set([3, 8, 13, 18, 23, 28, 4, 11, 25]);
    for (const cell of [0, 1]) {
      const coverage = run.rows.find(
        (r) => r.cell === cell && r.method === 'mine' && r.metric === 'coverage',
      )!;
      expect(coverage.degenerate).toBe(expected.size);
      const wald = run.rows.find((r) => r.cell === cell && r.method === 'wald' && r.metric === 'coverage')!;
      expect(wald.degenerate).toBe(0);
    }
    expect(run.invalidIntervals).toEqual([
      { method: 'mine', cell: 0, point: 'm=3', count: expected.size, firstReplication: 3 },
      { method: 'mine', cell: 1, point: 'm=4', count: expected.size, firstReplication: 3 },
    ]);
  });

  test('the report is the same for any worker count and chunk size', async () => {
    const study = await validateStudy(config(-1, 'random'), dir);
    const runs = await Promise.all(
      [
        [0, 30],
        [0, 7],
        [2, 4],
      ].map(([workers, chunkSize]) => runStudy(study, { workers, chunkSize })),
    );
    const [first, ...others] = runs;
    expect(first.invalidIntervals.length).toBe(2);
    for (const report of first.invalidIntervals) {
      const row = first.rows.find((r) => r.cell === report.cell && r.method === 'mine')!;
      expect(row.degenerate).toBe(report.count);
      expect(report.count).toBeGreaterThan(0);
    }
    for (const other of others) {
      expect(other.invalidIntervals).toEqual(first.invalidIntervals);
      expect(other.rows).toEqual(first.rows);
    }
  });

  test('an analyser that throws names the method, the cell and the replication', async () => {
    const study = await validateStudy(config(17), dir);
    await expect(runStudy(study, { workers: 0, chunkSize: 10 })).rejects.toThrow(
      'study broken-method, cell 0 (m=3), replications 0–29: method mine failed in replication 17: boom',
    );
  });
});
