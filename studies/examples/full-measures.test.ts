/**
 * The full-measure example study (full-measures.json) runs and its measures agree with each
 * other exactly where they are functions of the same replications (Morris, White & Crowther
 * 2019, Table 6): MSE = bias² + EmpSE²·(n − 1)/n, RMSE = √MSE, lower + upper non-coverage =
 * 1 − coverage, relative bias = bias / θ, relative error in model SE = 100 (ModSE / EmpSE − 1),
 * and the precision gain of a method over itself is 0.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadStudy, type ResultRow, runStudy } from '../../packages/sim/src/index.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

describe('studies/examples/full-measures.json', async () => {
  const study = await loadStudy(here('./full-measures.json'));
  const n = 300;
  const { rows } = await runStudy(study, { workers: 0, replications: n });
  const value = (cell: number, method: string, metric: string): ResultRow => {
    const row = rows.find((r) => r.cell === cell && r.method === method && r.metric === metric);
    if (!row) throw new Error(`no row ${cell} ${method} ${metric}`);
    return row;
  };
  const methods = (study.config.methods ?? []).map((m) => String(m.id));

  test('every method has every measure in every cell', () => {
    expect(methods).toHaveLength(8);
    expect(rows.filter((r) => methods.includes(r.method))).toHaveLength(4 * 8 * 14);
  });

  test('the measures agree with each other exactly', () => {
    for (let cell = 0; cell < 4; cell++) {
      for (const method of methods) {
        const v = (metric: string) => value(cell, method, metric).value;
        const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-12);
        close(v('mse'), v('bias') ** 2 + (v('empiricalSE') ** 2 * (n - 1)) / n);
        close(v('rmse'), Math.sqrt(v('mse')));
        close(v('lowerNoncoverage') + v('upperNoncoverage'), 1 - v('coverage'));
        close(v('relativeBias'), v('bias') / 0.7);
        if (Number.isFinite(v('modelSE'))) {
          close(v('relativeErrorModelSE'), 100 * (v('modelSE') / v('empiricalSE') - 1));
        }
      }
      expect(value(cell, 'naive', 'gainOverNaive').value).toBe(0);
    }
  });

  test('Wilson has no model SE of its own; the clustered intervals do', () => {
    expect(value(0, 'wilson', 'modelSE').replications).toBe(0);
    expect(value(0, 'cr1', 'modelSE').replications).toBe(n);
  });
});
