/**
 * --target-mcse: batches of R replications per cell until the cell's largest MCSE is at most
 * the target (or the cap); the count is a pure function of the study, seed and target — the
 * same for any worker count and chunk size — and each cell's rows are exactly those of a plain
 * run of that many replications (the same blocks, folded in the same order).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { readResultsArrow } from '../output/arrowResults.js';
import { createStudyPool } from './chunkExecutor.js';
import { runStudy } from './runStudy.js';
import { largestMcse } from './targetMcse.js';
import { toyBaseDir, toyStudyConfig } from './test-utils/toyStudy.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-target-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const study = await validateStudy(toyStudyConfig({ replications: 100 }), toyBaseDir);

describe('--target-mcse', () => {
  test('deterministic counts, each cell exactly a plain run of its count, metadata recorded', async () => {
    const a = await runStudy(study, {
      workers: 0,
      targetMcse: 0.012,
      maxReplications: 2000,
      outDir: join(tmp, 'a'),
    });
    const pool = createStudyPool({ workers: 2 });
    let b: Awaited<ReturnType<typeof runStudy>>;
    try {
      b = await runStudy(study, {
        pool,
        chunkSize: 300,
        targetMcse: 0.012,
        maxReplications: 2000,
        outDir: join(tmp, 'b'),
      });
    } finally {
      await pool.close();
    }
    expect(readFileSync(b.files.arrow!).equals(readFileSync(a.files.arrow!))).toBe(true);
    const counts = a.target!.replications;
    expect(counts.every((n) => n % 100 === 0 && n >= 100 && n <= 2000)).toBe(true);
    expect(new Set(counts).size).toBeGreaterThan(0);
    for (const cell of study.cells) {
      const rows = a.rows.filter((r) => r.cell === cell.index && r.method !== 'analytic');
      if (!a.target!.capped.includes(cell.index)) expect(largestMcse(rows)).toBeLessThanOrEqual(0.012);
      // …and one batch fewer would not have reached it.
      const n = counts[cell.index];
      const plain = await runStudy(study, { workers: 0, replications: n });
      const same = plain.rows.filter((r) => r.cell === cell.index && r.method !== 'analytic');
      expect(rows.map((r) => [r.value, r.mcse, r.replications])).toEqual(
        same.map((r) => [r.value, r.mcse, r.replications]),
      );
      if (n > 100) {
        const fewer = await runStudy(study, { workers: 0, replications: n - 100 });
        expect(
          largestMcse(fewer.rows.filter((r) => r.cell === cell.index && r.method !== 'analytic')),
        ).toBeGreaterThan(0.012);
      }
    }
    const metadata = readResultsArrow(a.files.arrow!).metadata;
    expect([metadata.replications, metadata.blockSize]).toEqual([100, 100]);
  });

  test('the cap stops a cell above the target and says so; bad targets are refused', async () => {
    const run = await runStudy(study, { workers: 0, targetMcse: 1e-6, maxReplications: 300 });
    expect(run.target!.replications).toEqual([300, 300]);
    expect(run.target!.capped).toEqual([0, 1]);
    await expect(runStudy(study, { workers: 0, targetMcse: 0 })).rejects.toThrow(
      /targetMcse: got 0; allowed: a number > 0/,
    );
    await expect(
      runStudy(study, {
        workers: 0,
        targetMcse: 0.01,
        // @ts-expect-error: a TargetedRun is never a shard (runOptions.ts); an untyped caller is refused at run time
        shard: { index: 0, count: 2 },
        outDir: join(tmp, 's'),
      }),
    ).rejects.toThrow(/nothing with --shard/);
    // @ts-expect-error: nor keeps replications
    await expect(runStudy(study, { workers: 0, targetMcse: 0.01, keep: ['replications'] })).rejects.toThrow(
      /targetMcse: got 0.01; allowed: nothing with --keep/,
    );
  });
});
