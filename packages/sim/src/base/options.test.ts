/**
 * The one option reader: each spec type accepts what it declares and refuses the rest with
 * a ConfigError at the option's name saying what is allowed; defaults fill absent values;
 * undeclared names are refused listing the declared ones.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { describeOption, type OptionSpecs, readOption, readOptions } from './options.js';

const SPECS = {
  resamples: { type: 'integer', min: 2, default: 400, description: 'B' },
  rate: { type: 'number', min: 0, minExclusive: true, max: 1, maxExclusive: true, description: 'p' },
  shift: { type: 'number', description: 'any finite number' },
  weights: { type: 'choice', values: ['webb', 'rademacher'], default: 'webb', description: 'w' },
  rates: { type: 'choice', values: ['population'], orNumber: { min: 0, max: 1 }, description: 'r' },
  replace: { type: 'boolean', default: false, description: 'with replacement' },
  population: { type: 'string', required: true, description: 'file' },
  sizes: { type: 'integers', min: 1, description: 'n_k' },
  systems: { type: 'strings', single: true, description: 'names' },
} as const satisfies OptionSpecs;

function refusal(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('readOptions', () => {
  it('checks, types and defaults declared options', () => {
    const values = readOptions(SPECS, { population: 'a.csv', rate: 0.5, systems: 'x', sizes: [3, 4] }, 'm');
    expect(values).toEqual({
      resamples: 400,
      rate: 0.5,
      shift: undefined,
      weights: 'webb',
      rates: undefined,
      replace: false,
      population: 'a.csv',
      sizes: [3, 4],
      systems: ['x'],
    });
    expect(readOptions(SPECS, { population: 'p', rates: 0.3, shift: -2 }, 'm')).toMatchObject({
      rates: 0.3,
      shift: -2,
    });
  });

  it.each([
    [{ resamples: 1 }, 'resamples', 'got 1; allowed: an integer ≥ 2'],
    [{ resamples: 2.5 }, 'resamples', 'got 2.5; allowed: an integer ≥ 2'],
    [{ rate: 1 }, 'rate', 'got 1; allowed: a number in (0, 1)'],
    [{ shift: Number.POSITIVE_INFINITY }, 'shift', 'allowed: a finite number'],
    [{ weights: 'normal' }, 'weights', 'got "normal"; allowed: one of "webb", "rademacher"'],
    [{ rates: 2 }, 'rates', 'allowed: one of "population", or a number in [0, 1]'],
    [{ replace: 'yes' }, 'replace', 'allowed: true or false'],
    [{ population: '' }, 'population', 'allowed: a non-empty string'],
    [{ population: undefined }, 'population', 'is required; allowed: a non-empty string'],
    [{ sizes: [3, 0] }, 'sizes[1]', 'got 0; allowed: an integer ≥ 1'],
    [{ sizes: [] }, 'sizes', 'allowed: a non-empty list of integers ≥ 1'],
    [{ systems: [1] }, 'systems', 'allowed: a string, or a non-empty list of strings'],
    [{ resample: 10 }, 'resample', 'allowed: a known option of m: resamples, rate, shift, weights'],
  ])('refuses %j at %s', (raw, path, message) => {
    const error = refusal(() => readOptions(SPECS, { population: 'p', ...raw }, 'm'));
    expect(error.path).toBe(path);
    expect(error.message).toContain(message);
  });

  it('names the noun, and an owner without options', () => {
    expect(refusal(() => readOptions({}, { x: 1 }, 'topBottomGap')).message).toBe(
      'x: got 1; allowed: no options (topBottomGap takes none)',
    );
    expect(
      refusal(() => readOptions({ p: SPECS.rate }, { q: 1 }, 'betaBinomialClusters', 'parameter')).message,
    ).toBe('q: got 1; allowed: a known parameter of betaBinomialClusters: p');
  });

  it('reads one option against a rule made at run time (readOption), and describes specs in words', () => {
    expect(readOption('n', 50, { type: 'integer', min: 1, max: 1140, description: 'n' })).toBe(50);
    expect(
      refusal(() => readOption('n', 5000, { type: 'integer', min: 1, max: 1140, description: 'n' })).message,
    ).toBe('n: got 5000; allowed: an integer in [1, 1140]');
    expect(describeOption({ type: 'string', allowed: 'a path', description: 'file' })).toBe('a path');
    expect(describeOption({ type: 'argument', param: 'm', description: 'm' })).toBe(
      'a number, or the name of a cell parameter',
    );
  });
});
