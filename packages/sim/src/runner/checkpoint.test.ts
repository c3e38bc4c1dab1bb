import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Study } from '../config/study.js';
import type { ResultRow } from '../output/resultRow.js';
import { CheckpointStore } from './checkpoint.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The store reads only the study's name and cells.
const study = {
  name: 'toy',
  cells: [0, 1, 2].map((index) => ({ index, point: { n: 10 * (index + 1) } })),
} as unknown as Study;

function rows(cell: number): ResultRow[] {
  return [
    {
      cell,
      params: study.cells[cell].point,
      method: 'wald',
      metric: 'coverage',
      value: cell === 2 ? -0 : 0.9 + cell / 100,
      mcse: cell === 1 ? Number.NaN : 0.003,
      replications: 1000,
      degenerate: cell,
      published: null,
      tolerance: null,
      within: null,
    },
  ];
}

let run = 0;
const storeIn = (intervalMs: number) =>
  new CheckpointStore(join(dir, `out-${run++}`), study, '0123456789abcdef', intervalMs);
const written = (store: CheckpointStore) =>
  existsSync(store.directory) ? readdirSync(store.directory).sort() : [];

describe('CheckpointStore', () => {
  test('writes a finished cell at once when the interval has passed, and reads it back exactly', () => {
    const store = storeIn(0);
    store.save(1, rows(1));
    store.save(2, rows(2));
    expect(written(store)).toEqual(['cell-1.json', 'cell-2.json']);
    const loaded = store.load();
    expect([...loaded.keys()].sort()).toEqual([1, 2]);
    expect(loaded.get(1)![0].mcse).toBeNaN();
    expect(Object.is(loaded.get(2)![0].value, -0)).toBe(true);
    expect(loaded.get(1)![0]).toMatchObject({ value: 0.91, replications: 1000, degenerate: 1 });
  });

  test('within the interval a cell waits; flush writes every waiting cell', () => {
    const store = storeIn(60_000);
    store.save(0, rows(0));
    store.save(2, rows(2));
    expect(written(store)).toEqual([]);
    store.flush();
    expect(written(store)).toEqual(['cell-0.json', 'cell-2.json']);
    expect([...store.load().keys()].sort()).toEqual([0, 2]);
    // After a flush the interval starts again.
    store.save(1, rows(1));
    expect(written(store)).toEqual(['cell-0.json', 'cell-2.json']);
  });

  test('clear removes written and waiting cells alike', () => {
    const store = storeIn(60_000);
    store.save(0, rows(0));
    store.flush();
    store.save(1, rows(1));
    store.clear();
    store.flush();
    expect(existsSync(store.directory)).toBe(false);
    expect(store.load().size).toBe(0);
  });
});
