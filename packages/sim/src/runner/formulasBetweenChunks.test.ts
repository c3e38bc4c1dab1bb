/**
 * Formula values computed between chunks (formulasBetweenChunks.ts): the same values as at
 * validation, in slices that let other work of this thread run in between, and a run of a study
 * validated without them gives the bytes of one validated with them.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { validateStudy } from '../config/validateStudy.js';
import { formulaRegistry } from '../formulas/registry.js';
import { computeFormulasBetweenChunks } from './formulasBetweenChunks.js';
import { runStudy } from './runStudy.js';
import { runBytes } from './test-utils/runBytes.js';
import { toyBaseDir } from './test-utils/toyStudy.js';

const STUDY = {
  name: 'with-formulas',
  title: 'Built-in blocks and a formula on every cell',
  seed: 5,
  replications: 600,
  model: { name: 'betaBinomialClusters', params: { p: 0.7, clusters: 8, m: 5 } },
  grid: { rho: [0.05, 0.1, 0.2, 0.3] },
  methods: [{ id: 'naive', method: 'wald' }],
  metrics: ['coverage'],
  formulas: [
    {
      id: 'analytic',
      formula: 'naiveCoverageUnderDesignEffect',
      metric: 'coverage',
      clusterSize: 'm',
      icc: 'rho',
    },
  ],
};

describe('formula values between chunks', () => {
  test('the values are those computed at validation', async () => {
    const eager = await validateStudy(STUDY, toyBaseDir);
    const lazy = await validateStudy(STUDY, toyBaseDir, { evaluateFormulas: false });
    await computeFormulasBetweenChunks(lazy);
    expect(lazy.formulas[0].values).toEqual(eager.formulas[0].values);
    expect(lazy.formulas[0].values.every((v) => typeof v === 'number')).toBe(true);
  });

  test('slices yield to the event loop: work queued meanwhile runs before the last value', async () => {
    const lazy = await validateStudy(STUDY, toyBaseDir, { evaluateFormulas: false });
    const order: string[] = [];
    const computing = computeFormulasBetweenChunks(lazy, { sliceSeconds: 0 }).then(() =>
      order.push('formulas'),
    );
    setImmediate(() => order.push('other work'));
    await computing;
    expect(order).toEqual(['other work', 'formulas']);
  });

  test('an aborted signal stops it at the next slice; what is left is computed when read', async () => {
    const eager = await validateStudy(STUDY, toyBaseDir);
    const lazy = await validateStudy(STUDY, toyBaseDir, { evaluateFormulas: false });
    const stop = new AbortController();
    stop.abort();
    const asked: number[] = [];
    const formula = lazy.formulas[0];
    // The formula seen through a counter (not spread: that would read `values`, computing them all).
    const counting = Object.create(formula, {
      valueIn: {
        value: (cell: number) => {
          asked.push(cell);
          return formula.valueIn(cell);
        },
      },
    });
    await computeFormulasBetweenChunks(
      { ...lazy, formulas: [counting] },
      {
        sliceSeconds: 0,
        signal: stop.signal,
      },
    );
    expect(asked).toEqual([]);
    await computeFormulasBetweenChunks({ ...lazy, formulas: [counting] }, { sliceSeconds: 0 });
    expect(asked).toEqual([0, 1, 2, 3]);
    expect(lazy.formulas[0].values).toEqual(eager.formulas[0].values);
  });

  test('a run of a study validated without formula values writes the same bytes', async () => {
    const eager = await runStudy(await validateStudy(STUDY, toyBaseDir), { workers: 2 });
    const lazy = await runStudy(await validateStudy(STUDY, toyBaseDir, { evaluateFormulas: false }), {
      workers: 2,
    });
    expect(lazy.rows.filter((row) => row.method === 'analytic').length).toBe(4);
    expect(runBytes(lazy).equals(runBytes(eager))).toBe(true);
  });

  test('a formula that fails stops the run at once, as validation would, and leaves no checkpoint', async () => {
    const definition = formulaRegistry.get('naiveCoverageUnderDesignEffect', 'formula');
    const create = definition.create;
    // Fails in the last cell only, so the first cells could finish (and be checkpointed) meanwhile.
    const failing = vi.spyOn(definition, 'create').mockImplementation((options, context) => {
      const compute = create(options, context);
      return (params) => (params.rho === 0.3 ? Number.NaN : compute(params));
    });
    const out = mkdtempSync(join(tmpdir(), 'evalsim-formula-fails-'));
    try {
      const study = await validateStudy({ ...STUDY, replications: 400_000 }, toyBaseDir, {
        evaluateFormulas: false,
      });
      let cellsDone = 0;
      await expect(
        runStudy(study, { workers: 1, outDir: out, onProgress: (p) => (cellsDone = p.cellsDone) }),
      ).rejects.toThrow(/formulas\[0\].*gave NaN in grid cell 3 .*a formula must return a number/);
      expect(cellsDone).toBeLessThan(4);
      expect(existsSync(join(out, '.checkpoints'))).toBe(false);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      failing.mockRestore();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
