import { mcnemarPower } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { formulaRows } from '../runner/formulaRows.js';
import { formulaRegistry } from './registry.js';

const create = (options: Record<string, unknown>) =>
  formulaRegistry.get('mcnemarPower', 'formula').create(options, { level: 0.95 });

describe('mcnemarPower formula', () => {
  it('reads counts out of a total, or rates, and the cell n', () => {
    const counts = create({ onlyA: 28, onlyB: 107, outOf: 1140 })({ n: 202 });
    expect(counts).toBe(mcnemarPower(202, 28 / 1140, 107 / 1140));
    expect(counts.toFixed(3)).toBe('0.792');
    expect(create({ onlyA: 28 / 1140, onlyB: 107 / 1140, n: 202 })({})).toBe(counts);
    const midp = create({ test: 'midp', onlyA: 28, onlyB: 107, outOf: 1140 })({ n: 202 });
    expect(midp.toFixed(3)).toBe('0.839');
    expect(create({ onlyA: 'b', onlyB: 'c', alpha: 0.01 })({ n: 50, b: 0.1, c: 0.3 })).toBe(
      mcnemarPower(50, 0.1, 0.3, { alpha: 0.01 }),
    );
  });

  it('names a bad test, argument or count', () => {
    expect(() => create({ test: 'chisq', onlyA: 1, onlyB: 2 })).toThrow(/test.*exact or midp/);
    expect(() => create({ onlyA: 1, onlyB: 2, q: 1 })).toThrow(/q.*a known argument of mcnemarPower/);
    expect(() => create({ onlyA: 28, onlyB: 107, outOf: 1140 })({ n: 20.5 })).toThrow(/n.*whole number/);
    expect(() => create({ onlyA: 2000, onlyB: 107, outOf: 1140 })({ n: 20 })).toThrow(/onlyA.*outOf = 1140/);
    expect(() => create({ onlyA: 800, onlyB: 400, outOf: 1140 })({ n: 20 })).toThrow(/onlyB.*at most/);
    expect(() => create({ onlyA: 0.1 })({ n: 20 })).toThrow(/cell parameter "onlyB"/);
  });

  it('computes only in the cells its `cell` matches', async () => {
    const study = await validateStudy(
      {
        name: 'mcnemar-power-cells',
        title: 'formula restricted to cells',
        grid: { n: [100, 202], table: ['first', 'other'] },
        formulas: [
          {
            id: 'exactPower',
            formula: 'mcnemarPower',
            metric: 'power',
            cell: { table: 'first' },
            onlyA: 28,
            onlyB: 107,
            outOf: 1140,
          },
        ],
      },
      '.',
    );
    const rows = study.cells.flatMap((cell) => formulaRows(study, cell.index));
    expect(rows.map((row) => [row.params.n, row.params.table])).toEqual([
      [100, 'first'],
      [202, 'first'],
    ]);
    expect(rows[1].value).toBe(mcnemarPower(202, 28 / 1140, 107 / 1140));
    await expect(
      validateStudy(
        {
          name: 'x',
          title: 'x',
          grid: { n: [100] },
          formulas: [
            {
              id: 'f',
              formula: 'mcnemarPower',
              metric: 'power',
              cell: { m: 1 },
              onlyA: 1,
              onlyB: 2,
              outOf: 9,
            },
          ],
        },
        '.',
      ),
    ).rejects.toThrow(/formulas\[0\]\.cell\.m.*a cell parameter: n/);
    await expect(
      validateStudy(
        {
          name: 'x',
          title: 'x',
          grid: { n: [100] },
          formulas: [
            {
              id: 'f',
              formula: 'mcnemarPower',
              metric: 'power',
              cell: { n: 5 },
              onlyA: 1,
              onlyB: 2,
              outOf: 9,
            },
          ],
        },
        '.',
      ),
    ).rejects.toThrow(/formulas\[0\]\.cell.*match at least one grid cell/);
  });
});
