/**
 * Every registered model, method, metric and formula declares its options (name, type,
 * default, allowed values, description) — the data listings and per-method schemas are to
 * be generated from — and the option reader validates study entries against exactly that
 * declaration: an undeclared name is refused listing the declared ones, every declared
 * choice is accepted, and a default is one of its own allowed values.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from './base/errors.js';
import { type OptionSpecs, readOption } from './base/options.js';
import { formulaRegistry } from './formulas/registry.js';
import { methodRegistry } from './methods/registry.js';
import { metricRegistry } from './metrics/registry.js';
import { modelRegistry } from './models/registry.js';
import { SOLO } from './test-utils/metricContext.js';

const entries: [kind: string, name: string, specs: OptionSpecs | undefined][] = [
  ...modelRegistry.list.map((m) => ['model', m.name, m.params] as [string, string, OptionSpecs | undefined]),
  ...methodRegistry.list.map(
    (m) => ['method', m.name, m.options] as [string, string, OptionSpecs | undefined],
  ),
  ...metricRegistry.list.map(
    (m) => ['metric', m.name, m.options] as [string, string, OptionSpecs | undefined],
  ),
  ...formulaRegistry.list.map(
    (f) => ['formula', f.name, f.options] as [string, string, OptionSpecs | undefined],
  ),
];

/** The error a call throws (a ConfigError is expected). */
function refusal(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('declared options', () => {
  it.each(entries)('%s %s describes every option, with defaults it allows', (_kind, _name, specs) => {
    expect(specs).toBeDefined();
    for (const [option, spec] of Object.entries(specs ?? {})) {
      expect(spec.description.length, option).toBeGreaterThan(3);
      if ('default' in spec && spec.default !== undefined && spec.type !== 'argument') {
        expect(readOption(option, spec.default, spec), `${option}'s default`).toEqual(spec.default);
      }
    }
  });

  it.each(methodRegistry.list.map((m) => [m.name, m] as const))(
    'method %s: the reader refuses an undeclared option naming the declared ones, and accepts every declared choice',
    (name, method) => {
      const declared = Object.keys(method.options ?? {});
      const error = refusal(() => method.create({ undeclaredOption: 1 }, { level: 0.95 }));
      expect(error.path).toBe('undeclaredOption');
      expect(error.message).toContain(
        declared.length > 0
          ? `a known option of ${name}: ${declared.join(', ')}`
          : `no options (${name} takes none)`,
      );
      for (const [option, spec] of Object.entries(method.options ?? {})) {
        if (spec.type !== 'choice') continue;
        for (const value of spec.values)
          expect(() => method.create({ [option]: value }, { level: 0.95 })).not.toThrow();
        expect(refusal(() => method.create({ [option]: 'undeclared' }, { level: 0.95 })).message).toContain(
          spec.values.map((v) => JSON.stringify(v)).join(', '),
        );
      }
    },
  );

  it.each(metricRegistry.list.map((m) => [m.name, m] as const))(
    'metric %s: the reader refuses an undeclared option naming the declared ones',
    (name, metric) => {
      const declared = Object.keys(metric.options ?? {});
      const error = refusal(() => metric.create({ undeclaredOption: 1 }, SOLO));
      expect(error.message).toContain(
        declared.length > 0
          ? `a known option of ${name}: ${declared.join(', ')}`
          : `no options (${name} takes none)`,
      );
    },
  );

  it.each(modelRegistry.list.map((m) => [m.name, m] as const))(
    'model %s: the reader refuses an undeclared parameter naming the declared ones',
    (name, model) => {
      const error = refusal(() => model.parse({ undeclaredParameter: 1 }, { baseDir: '.' }));
      expect(error.path).toBe('undeclaredParameter');
      expect(error.message).toContain(
        `a known parameter of ${name}: ${Object.keys(model.params ?? {}).join(', ')}`,
      );
    },
  );

  it.each(formulaRegistry.list.map((f) => [f.name, f] as const))(
    'formula %s: the reader refuses an undeclared argument naming the declared ones',
    (name, formula) => {
      const error = refusal(() => formula.create({ undeclaredArgument: 1 }, { level: 0.95 }));
      expect(error.message).toContain(
        `a known argument of ${name}: ${Object.keys(formula.options).join(', ')}`,
      );
    },
  );
});
