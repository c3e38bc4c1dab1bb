/**
 * The formula studies (studies/exact-coverage.json, studies/sample-size.json) against the
 * tables as printed in the seed articles. Seed 003's exact-coverage table is read from the
 * study file's expectations, where it lives once (test-utils/seedCoverageTable.ts): each
 * computed value must round to the printed 0.1 point. The sample-size references below are
 * transcribed from ../shared/seeds/003_8e54d4255415ae88.txt, 000_3933038a0512aedb.txt and
 * 002_6f7dd04be3ea076e.txt — independently of the study file — and each computed value must
 * round to the printed digits (or, where the article computed from unrounded inputs, lie
 * within the tolerance its study entry explains); the study file's own `published` values
 * are checked against the same transcription, so a typo in either place fails.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStudy, type ResultRow, runStudy } from '@evalsim/sim';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCoverageTable } from './test-utils/seedCoverageTable.js';

const studiesDir = fileURLToPath(new URL('.', import.meta.url));

async function formulaRows(name: string): Promise<Map<string, ResultRow[]>> {
  const study = await loadStudy(join(studiesDir, `${name}.json`));
  expect(study.model, `${name} is a formula study`).toBeUndefined();
  const run = await runStudy(study, { workers: 0 });
  const byMethod = new Map<string, ResultRow[]>();
  for (const row of run.rows) byMethod.set(row.method, [...(byMethod.get(row.method) ?? []), row]);
  return byMethod;
}

/** The one row of `method` (in the cell matching `cell`). */
function rowOf(rows: Map<string, ResultRow[]>, method: string, cell: Record<string, number> = {}): ResultRow {
  const matches = (rows.get(method) ?? []).filter((row) =>
    Object.entries(cell).every(([key, value]) => row.params[key] === value),
  );
  expect(matches, `${method} ${JSON.stringify(cell)}`).toHaveLength(1);
  return matches[0];
}

/** Rounds a proportion to the article's printed points with `digits` decimals. */
const points = (value: number, digits: number) => Number((value * 100).toFixed(digits));

// ------------------------------------------------------------------ seed 003: sample-size tables

/** Seed 003, "MDE at p = 0.5 / 0.7 / 0.9" in points, by n. */
const MDE_TABLE: Record<number, [number, number, number]> = {
  100: [14.0, 12.8, 8.4],
  300: [8.1, 7.4, 4.9],
  500: [6.3, 5.7, 3.8],
  1000: [4.4, 4.1, 2.7],
  2000: [3.1, 2.9, 1.9],
  5000: [2.0, 1.8, 1.2],
};
/** Seed 003, "Independent items needed" at p = 0.5, by difference in points. */
const ITEMS_TABLE: Record<number, number> = { 10: 197, 5: 785, 3: 2181, 2: 4906, 1: 19623 };

describe('sample-size study (seed 003 tables, seed 000 Miller, seed 002)', () => {
  let rows: Map<string, ResultRow[]>;
  beforeAll(async () => {
    rows = await formulaRows('sample-size');
  });

  it('reproduces every MDE of seed 003 to the printed 0.1 point', () => {
    for (const [n, byP] of Object.entries(MDE_TABLE)) {
      [50, 70, 90].forEach((p, j) => {
        const row = rowOf(rows, `mde-n${n}-p${p}`);
        expect(points(row.value, 1), `n = ${n}, p = 0.${p / 10}`).toBe(byP[j]);
        expect(row.published).toBeCloseTo(byP[j] / 100, 12);
        expect(row.within).toBe(true);
      });
    }
  });

  it('reproduces the items-needed table exactly (whole items)', () => {
    for (const [delta, items] of Object.entries(ITEMS_TABLE)) {
      const row = rowOf(rows, `items-delta${delta}pt-p50`);
      expect(row.value, `δ = ${delta} points`).toBe(items);
      expect(row.published).toBe(items);
    }
  });

  it("Miller's n from the printed inputs is within the rounding of those inputs of 1,165 / 1,041 / 1,010", () => {
    // Seed 000 prints n = 7.85 × (0.116 + 0.013 + 0.004) / 0.03² ≈ 1,165; five answers 1,041; unlimited 1,010.
    const published = { K1: 1165, K5: 1041, Kunlimited: 1010 };
    for (const [tag, n] of Object.entries(published)) {
      const row = rowOf(rows, `miller-${tag}`);
      expect(row.published).toBe(n);
      // The formula itself, from the printed (rounded) inputs, with exact z's:
      const k = tag === 'K1' ? 1 : tag === 'K5' ? 5 : Number.POSITIVE_INFINITY;
      const zSum = 1.959963984540054 + 0.8416212335729143;
      const raw = (zSum ** 2 * (0.116 + 0.013 / k + 0.004 / k)) / 0.03 ** 2;
      expect(row.value).toBe(Math.ceil(raw));
      // δ = 3.0 is printed to 0.1 point: ±0.05 point alone moves n by ±3.4%, more than any gap here.
      expect(Math.abs(row.value - n) / n).toBeLessThan(0.034);
      expect(row.within).toBe(true);
    }
  });

  it("seed 000's paired MDE of 3.0 points at 1,140 questions and ~10,500 questions for 1 point", () => {
    expect(points(rowOf(rows, 'miller-mde-n1140').value, 1)).toBe(3.0);
    const n = rowOf(rows, 'miller-delta1pt').value;
    expect(Math.round(n / 500) * 500).toBe(10500);
  });

  it("seed 002's 16·p(1 − p)/δ² and 1 − 0.95¹²", () => {
    expect(rowOf(rows, 'lehr-delta5pt').value).toBeCloseTo(1600, 9);
    expect(rowOf(rows, 'lehr-delta4pt').value).toBeCloseTo(2500, 9);
    expect(rowOf(rows, 'lehr-delta20pt').value).toBeCloseTo(100, 9);
    expect(rowOf(rows, 'fwer-12-variants').value.toFixed(4)).toBe('0.4596');
  });

  it('has every published value within tolerance', () => {
    const judged = [...rows.values()].flat().filter((row) => row.published !== null);
    expect(judged.length).toBe(32);
    expect(judged.filter((row) => !row.within).map((row) => row.method)).toEqual([]);
  });
});

// ------------------------------------------------------------------ seed 003: exact coverage

describe('exact-coverage study (seed 003)', () => {
  let rows: Map<string, ResultRow[]>;
  beforeAll(async () => {
    rows = await formulaRows('exact-coverage');
  });

  it('reproduces every printed coverage to 0.1 point (the table as the study file records it)', () => {
    const table = seedCoverageTable();
    expect(table).toHaveLength(18); // six printed rows × Wald, Wilson, Beta(1,1)
    for (const { n, p, id, published } of table) {
      const row = rowOf(rows, id, { n, p });
      expect(points(row.value, 1), `${id} at n = ${n}, p = ${p}`).toBe(points(published, 1));
      expect(row.published).toBe(published);
      expect(row.within).toBe(true);
    }
  });

  it('keeps Clopper–Pearson at or above 95% in every cell (it is exact by construction)', () => {
    for (const row of rows.get('clopperPearson') ?? []) expect(row.value).toBeGreaterThanOrEqual(0.95);
  });
});
