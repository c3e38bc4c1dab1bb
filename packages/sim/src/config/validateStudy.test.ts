import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { ConfigError } from '../base/errors.js';
import { formulaRegistry } from '../formulas/registry.js';
import { metricRegistry } from '../metrics/registry.js';
import { toyBaseDir, toyStudyConfig } from '../runner/test-utils/toyStudy.js';
import { loadStudy } from './loadStudy.js';
import { studySchema } from './schema.js';
import { validateStudy } from './validateStudy.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The ConfigError that validating `config` throws. */
async function configError(config: Record<string, unknown>, baseDir = toyBaseDir): Promise<ConfigError> {
  try {
    await validateStudy(config, baseDir);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

const base = toyStudyConfig();
const methods = base.methods as Record<string, unknown>[];

describe('a valid study', () => {
  test('resolves cells, methods, metrics, formulas and diagnostics', async () => {
    const study = await validateStudy(base, toyBaseDir);
    expect(study.cells.map((c) => c.params)).toEqual([
      { clusters: 20, m: 5, p: 0.5 },
      { clusters: 20, m: 5, p: 0.2 },
    ]);
    expect(study.methods.map((m) => [m.id, m.replications, m.options])).toEqual([
      ['wald', undefined, {}],
      ['boot', 300, { resamples: 40 }],
    ]);
    expect(study.metrics.map((m) => m.id)).toContain('reject');
    expect(study.diagnostics).toEqual(['phat']);
    expect(study.kind).toBe('simulation');
    expect(study.model?.truths).toEqual([0.5, 0.2]);
    expect(study.level).toBe(0.95);
  });

  test('evaluateFormulas: false resolves the formula entries and computes each value only when read', async () => {
    const definition = formulaRegistry.get('naiveCoverageUnderDesignEffect', 'formula');
    const create = definition.create;
    let calls = 0;
    const counting = vi.spyOn(definition, 'create').mockImplementation((options, context) => {
      const compute = create(options, context);
      return (params) => {
        calls++;
        return compute(params);
      };
    });
    try {
      const full = await validateStudy(base, toyBaseDir);
      expect(calls).toBe(2); // eager: both cells at validation
      expect(full.formulas.map((f) => [f.id, f.values.length])).toEqual([['analytic', 2]]);
      expect(full.formulas[0]?.values.every((v) => typeof v === 'number')).toBe(true);
      calls = 0;
      const lazy = await validateStudy(base, toyBaseDir, { schemaChecked: true, evaluateFormulas: false });
      expect(lazy.formulas.map((f) => [f.id, f.metric])).toEqual([['analytic', 'coverage']]);
      expect(calls).toBe(0);
      expect(lazy.formulas[0].valueIn(1)).toBe(full.formulas[0].values[1]);
      expect(calls).toBe(1);
      // Read whole: the other cell is computed, the known one is not computed again.
      expect(lazy.formulas[0].values).toEqual(full.formulas[0].values);
      expect(lazy.formulas[0].values).toEqual(full.formulas[0].values);
      expect(calls).toBe(2);
      expect(lazy.inputDigest).toBe(full.inputDigest);
    } finally {
      counting.mockRestore();
    }
  });

  test('a formula that gives no number fails when its value is read, naming the formula and the cell', async () => {
    const definition = formulaRegistry.get('naiveCoverageUnderDesignEffect', 'formula');
    const nan = vi.spyOn(definition, 'create').mockImplementation(() => () => Number.NaN);
    try {
      await expect(validateStudy(base, toyBaseDir)).rejects.toThrow(
        /formulas\[0\].*naiveCoverageUnderDesignEffect gave NaN in grid cell 0 .*a formula must return a number/,
      );
      const lazy = await validateStudy(base, toyBaseDir, { evaluateFormulas: false });
      expect(() => lazy.formulas[0].valueIn(1)).toThrow(/gave NaN in grid cell 1 /);
      expect(() => lazy.formulas[0].values).toThrow(ConfigError);
    } finally {
      nan.mockRestore();
    }
  });
});

describe('schema errors name the field, the value and what is allowed', () => {
  test.each([
    [{ name: 'Toy Study' }, 'name: got "Toy Study"; allowed: kebab-case'],
    [{ replications: 0 }, 'replications: got 0; allowed: an integer ≥ 1'],
    [{ replications: 2.5 }, 'replications: got 2.5; allowed: an integer ≥ 1 and ≤ 100000000'],
    [{ level: 1.2 }, 'level: got 1.2; allowed: a number > 0 and < 1'],
    [{ replication: 10 }, 'replication: unknown field; allowed: $schema, name, title'],
    [{ metrics: ['coverag'] }, 'metrics[0]: got "coverag"; allowed: one of "coverage", "meanWidth"'],
    [
      { metrics: [{ metric: 'rejectionRate', alternative: 'bigger' }] },
      'metrics[0].alternative: got "bigger"; allowed: one of "two-sided", "greater", "less"',
    ],
    [
      { metrics: [{ metric: 'rejectionRate', alpha: 2 }] },
      'metrics[0].alpha: got 2; allowed: a number in (0, 1)',
    ],
    [
      { methods: [methods[0], { ...methods[1], replications: 0 }] },
      'methods[1].replications: got 0; allowed: an integer ≥ 1',
    ],
    [{ methods: [{ id: 'x', resamples: 3 }] }, 'methods[0]: needs exactly one of the fields method, module'],
    [{ model: { name: 'a', module: './b.mjs' } }, 'model: needs exactly one of the fields name, module'],
    [
      { methods: [{ module: './x.ts' }] },
      'methods[0].module: got "./x.ts"; allowed: a path ending in .js or .mjs',
    ],
    [
      { expectations: [{ method: 'wald', metric: 'coverage', published: 0.9, tolerance: 0.01 }] },
      'expectations[0].basis: is required',
    ],
    [{ seed: undefined }, 'seed: is required'],
  ])('%j', async (change, message) => {
    const error = await configError({ ...base, ...change });
    expect(error.message).toContain(message);
  });

  test('reports every schema problem at once', async () => {
    const error = await configError({ ...base, replications: 0, level: 2 });
    expect(error.issues.map((i) => i.path).sort()).toEqual(['level', 'replications']);
  });
});

describe('semantic errors before any work', () => {
  test('unknown registry names list the known ones', async () => {
    const model = await configError({ ...base, model: { name: 'noSuchModel' } });
    expect(model.message).toMatch(/^model\.name: got "noSuchModel"; allowed: one of the models/);
    const method = await configError({ ...base, methods: [{ method: 'noSuchMethod' }] });
    expect(method.message).toMatch(/^methods\[0\]\.method: got "noSuchMethod"; allowed: one of the methods/);
    const formula = await configError({ ...base, formulas: [{ id: 'f', formula: 'nope', metric: 'x' }] });
    expect(formula.message).toContain(
      'formulas[0].formula: got "nope"; allowed: one of the formulas designEffect, naiveCoverageUnderDesignEffect',
    );
  });

  test('user modules: missing file, and a module that exports no definition', async () => {
    const missing = await configError({ ...base, methods: [{ module: './nowhere.mjs' }] });
    expect(missing.message).toContain(
      'methods[0].module: got "./nowhere.mjs"; allowed: a path to an existing .js/.mjs file',
    );
    writeFileSync(join(tmp, 'empty.mjs'), 'export const nothing = 1;\n');
    writeFileSync(join(tmp, 'half.mjs'), "export default { name: 'half', kind: 'interval' };\n");
    const config = {
      ...base,
      model: { module: join(toyBaseDir, 'toy-model.mjs'), params: { clusters: 3, m: 2 } },
    };
    const empty = await configError({ ...config, methods: [{ module: './empty.mjs' }] }, tmp);
    expect(empty.message).toContain('methods[0].module: ./empty.mjs must export a method definition');
    const half = await configError({ ...config, methods: [{ module: './half.mjs' }] }, tmp);
    expect(half.message).toContain('accepts must list the data kinds');
  });

  test('model.parse runs on every cell; a bad grid value names grid.<param> and the cell', async () => {
    const error = await configError({ ...base, grid: { p: [0.5, 1.5] } });
    expect(error.message).toBe('grid.p: must be in (0, 1), got 1.5 (in grid cell 1: p=1.5)');
    const fixed = await configError({
      ...base,
      model: { module: './toy-model.mjs', params: { clusters: 0, m: 5 } },
    });
    expect(fixed.message).toContain('model.params.clusters: must be an integer ≥ 1, got 0');
  });

  test('independent problems (model cell, method option, metric) are reported together', async () => {
    const error = await configError({
      ...base,
      grid: { p: [0.5, 1.5, 2] },
      methods: [methods[0], { ...methods[1], resamples: 3 }],
      metrics: ['coverage', 'coverage'],
    });
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'grid.p',
      'methods[1].resamples',
      'metrics[1].id',
    ]);
    // each field once: the first bad cell stands for the others
    expect(error.issues[0].message).toContain('(in grid cell 1: p=1.5)');
  });

  test('method.create checks options: methods[i].<option>', async () => {
    const error = await configError({ ...base, methods: [methods[0], { ...methods[1], resamples: 3 }] });
    expect(error.message).toBe('methods[1].resamples: must be an integer ≥ 10, got 3');
    const unknown = await configError({ ...base, methods: [{ ...methods[0], nullvalue: 0.3 }] });
    expect(unknown.message).toBe('methods[0].nullvalue: unknown option; allowed: nullValue');
    const level = await configError({ ...base, methods: [{ ...methods[0], level: 0.9 }] });
    expect(level.message).toContain('methods[0].level: toyWald supports only 0.95');
    const duplicate = await configError({ ...base, methods: [methods[0], methods[0]] });
    expect(duplicate.message).toContain('methods[1].id: got "wald"');
  });

  test('metric options and labels', async () => {
    const duplicate = await configError({ ...base, metrics: ['coverage', { metric: 'coverage' }] });
    expect(duplicate.message).toContain(
      'metrics[1].id: got "coverage"; allowed: a label not used by another metric',
    );
  });

  test('formulas run on every cell', async () => {
    const error = await configError({
      ...base,
      formulas: [{ id: 'f', formula: 'designEffect', metric: 'deff', icc: 'rho' }],
    });
    expect(error.message).toContain('formulas[0].icc: reads cell parameter "rho", which is not set');
    const option = await configError({
      ...base,
      formulas: [{ id: 'f', formula: 'designEffect', metric: 'deff', iccc: 0.1 }],
    });
    expect(option.message).toContain(
      'formulas[0].iccc: got 0.1; allowed: a known argument of designEffect: clusterSize, icc, sizeCV',
    );
  });

  test('expectations that match no cell, method or metric', async () => {
    const expectation = { method: 'wald', metric: 'coverage', published: 0.9, tolerance: 0.01, basis: 'b' };
    const cell = await configError({ ...base, expectations: [{ ...expectation, cell: { p: 0.3 } }] });
    expect(cell.message).toBe(
      'expectations[0].cell: got {"p":0.3}; allowed: parameter values that match at least one grid cell',
    );
    const key = await configError({ ...base, expectations: [{ ...expectation, cell: { rho: 0.1 } }] });
    expect(key.message).toContain(
      'expectations[0].cell.rho: got "rho"; allowed: a cell parameter: clusters, m, p',
    );
    const method = await configError({ ...base, expectations: [{ ...expectation, method: 'walt' }] });
    expect(method.message).toBe(
      'expectations[0].method: got "walt"; allowed: one of wald, boot, analytic, model; did you mean wald?',
    );
    const metric = await configError({ ...base, expectations: [{ ...expectation, metric: 'power' }] });
    expect(metric.message).toContain(
      'expectations[0].metric: got "power"; allowed: one of coverage, meanWidth',
    );
  });

  test('grid keys: reserved column names and keys also in model.params', async () => {
    const reserved = await configError({ ...base, grid: { p: [0.5], value: [1] } });
    expect(reserved.message).toContain(
      'grid.value: got "value"; allowed: a name other than the result columns',
    );
    const twice = await configError({ ...base, grid: { p: [0.5], m: [2] } });
    expect(twice.message).toBe('grid.m: is also set in model.params; set it in one place');
  });

  test('methods without a model, diagnostics the model lacks', async () => {
    const { model: _model, seed: _seed, replications: _r, ...formulaOnly } = base;
    const noModel = await configError({ ...formulaOnly, diagnostics: false });
    expect(noModel.message).toBe('methods: need a model to analyse; add "model" or remove "methods"');
    const toyModel = JSON.stringify(join(toyBaseDir, 'toy-model.mjs'));
    writeFileSync(
      join(tmp, 'plain.mjs'),
      `import m from ${toyModel};\nconst { diagnostics, ...rest } = m;\nexport default rest;\n`,
    );
    const plain = { module: join(tmp, 'plain.mjs'), params: { clusters: 3, m: 2 } };
    const lacking = await configError({ ...base, model: plain, diagnostics: true });
    expect(lacking.message).toContain('diagnostics: got true; allowed: false: model');
  });
});

describe('study files', () => {
  test('YAML and JSON load the same study; bad YAML is a ConfigError', async () => {
    const yamlText = [
      'name: toy-yaml',
      'title: Toy',
      'seed: 1',
      'replications: 10',
      `model: { module: ${JSON.stringify(join(toyBaseDir, 'toy-model.mjs'))}, params: { clusters: 4, m: 3 } }`,
      'grid:',
      '  p: [0.4, 0.6]',
      'methods:',
      `  - module: ${JSON.stringify(join(toyBaseDir, 'toy-wald.mjs'))}`,
      'metrics: [coverage]',
    ].join('\n');
    writeFileSync(join(tmp, 'toy.yaml'), yamlText);
    const study = await loadStudy(join(tmp, 'toy.yaml'));
    expect(study.cells).toHaveLength(2);
    expect(study.methods[0].id).toBe('toyWald');
    writeFileSync(join(tmp, 'bad.yaml'), 'name: [unclosed\n');
    await expect(loadStudy(join(tmp, 'bad.yaml'))).rejects.toThrow(/is not valid YAML/);
    writeFileSync(join(tmp, 'bad.json'), '{ "name": ');
    await expect(loadStudy(join(tmp, 'bad.json'))).rejects.toThrow(/is not valid JSON/);
  });

  test("the schema's metric names are exactly the metric registry", () => {
    const definitions = studySchema().definitions as Record<string, { enum: string[] }>;
    expect([...definitions.metricName.enum].sort()).toEqual(metricRegistry.list.map((m) => m.name).sort());
  });
});
