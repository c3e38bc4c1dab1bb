/**
 * Declared options, and the one reader that checks them. A model's parameters, a
 * method's, metric's or formula's options are declared once, as data — name, type,
 * default, allowed values, description — by defineModel / defineMethod / defineMetric /
 * defineFormula. The same declaration is what listings and per-method schemas are made
 * from and what {@link readOptions} validates a study entry against, so the two cannot
 * drift. Every complaint is a ConfigError whose path is the option's name (the resolver
 * places it, e.g. at `methods[2].resamples` or `model.params.rho`), with the value got and
 * what is allowed.
 */
import { didYouMean } from './closestName.js';
import { ConfigError } from './errors.js';

/** Bounds of a numeric option. */
export interface NumberBounds {
  readonly min?: number;
  /** `min` itself is not allowed. */
  readonly minExclusive?: boolean;
  readonly max?: number;
  readonly maxExclusive?: boolean;
}

interface Described {
  /** One line for listings and reference pages. */
  readonly description: string;
  /** Replaces the generated "allowed" text of error messages. */
  readonly allowed?: string;
}

/** A finite number (`integer`: a whole one), optionally bounded. */
export interface NumberOptionSpec extends Described, NumberBounds {
  readonly type: 'number' | 'integer';
  readonly default?: number;
  readonly required?: boolean;
}

/** One of `values` (or, with `orNumber`, a number within those bounds instead). */
export interface ChoiceOptionSpec extends Described {
  readonly type: 'choice';
  readonly values: readonly string[];
  readonly default?: string;
  readonly required?: boolean;
  readonly orNumber?: NumberBounds;
}

export interface BooleanOptionSpec extends Described {
  readonly type: 'boolean';
  readonly default?: boolean;
}

/** A non-empty string (e.g. a file path, relative to the study). */
export interface StringOptionSpec extends Described {
  readonly type: 'string';
  readonly required?: boolean;
}

/** A non-empty list of numbers (`integers`: whole ones), each within the bounds. */
export interface NumberListOptionSpec extends Described, NumberBounds {
  readonly type: 'numbers' | 'integers';
  readonly required?: boolean;
}

/** A non-empty list of strings; with `single`, one string stands for a list of one. */
export interface StringListOptionSpec extends Described {
  readonly type: 'strings';
  readonly single?: boolean;
  readonly required?: boolean;
}

/**
 * A formula argument: a number (a constant), or the name of the cell parameter to read;
 * absent, the cell parameter `param` is read (and `default` used when the cell lacks it).
 */
export interface ArgumentOptionSpec extends Described {
  readonly type: 'argument';
  readonly param: string;
  readonly default?: number;
}

export type OptionSpec =
  | NumberOptionSpec
  | ChoiceOptionSpec
  | BooleanOptionSpec
  | StringOptionSpec
  | NumberListOptionSpec
  | StringListOptionSpec
  | ArgumentOptionSpec;

/** The declared options of one model, method, metric or formula, by name (in listing order). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<S> = S extends { readonly type: 'number' | 'integer' }
  ? number
  : S extends { readonly type: 'choice'; readonly values: readonly (infer V)[] }
    ? S extends { readonly orNumber: NumberBounds }
      ? V | number
      : V
    : S extends { readonly type: 'boolean' }
      ? boolean
      : S extends { readonly type: 'string' }
        ? string
        : S extends { readonly type: 'numbers' | 'integers' }
          ? number[]
          : S extends { readonly type: 'strings' }
            ? string[]
            : S extends { readonly type: 'argument' }
              ? number | string
              : never;

type AlwaysPresent<S> = S extends { readonly default: unknown }
  ? S extends { readonly type: 'argument' }
    ? false
    : true
  : S extends { readonly required: true }
    ? true
    : false;

/** The checked values of declared options: an option with a default or `required` is always present. */
export type OptionValues<S extends OptionSpecs> = {
  readonly [K in keyof S]: AlwaysPresent<S[K]> extends true ? ValueOf<S[K]> : ValueOf<S[K]> | undefined;
};

/** What the reader calls the entries in messages: "option" (methods, metrics), "parameter" (models), "argument" (formulas). */
export type OptionNoun = 'option' | 'parameter' | 'argument';

// ------------------------------------------------------------------ describing

function interval(bounds: NumberBounds): string {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) {
    return `in ${bounds.minExclusive ? '(' : '['}${min}, ${max}${bounds.maxExclusive ? ')' : ']'}`;
  }
  if (min !== undefined) return `${bounds.minExclusive ? '>' : '≥'} ${min}`;
  if (max !== undefined) return `${bounds.maxExclusive ? '<' : '≤'} ${max}`;
  return '';
}

function numberText(integer: boolean, bounds: NumberBounds): string {
  const range = interval(bounds);
  if (integer) return `an integer${range ? ` ${range}` : ''}`;
  return range ? `a number ${range}` : 'a finite number';
}

/** What `spec` allows, in words (the "allowed:" part of error messages). */
export function describeOption(spec: OptionSpec): string {
  if (spec.allowed !== undefined) return spec.allowed;
  switch (spec.type) {
    case 'number':
    case 'integer':
      return numberText(spec.type === 'integer', spec);
    case 'choice': {
      const names = `one of ${spec.values.map((v) => JSON.stringify(v)).join(', ')}`;
      return spec.orNumber ? `${names}, or ${numberText(false, spec.orNumber)}` : names;
    }
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'a non-empty string';
    case 'numbers':
    case 'integers':
      return `a non-empty list of ${spec.type === 'integers' ? 'integers' : 'numbers'}${interval(spec) ? ` ${interval(spec)}` : ''}`;
    case 'strings':
      return spec.single ? 'a string, or a non-empty list of strings' : 'a non-empty list of strings';
    case 'argument':
      return 'a number, or the name of a cell parameter';
  }
}

// ------------------------------------------------------------------ checking

function withinBounds(x: number, bounds: NumberBounds): boolean {
  const { min, max } = bounds;
  if (min !== undefined && (bounds.minExclusive ? !(x > min) : !(x >= min))) return false;
  if (max !== undefined && (bounds.maxExclusive ? !(x < max) : !(x <= max))) return false;
  return true;
}

function isNumber(value: unknown, integer: boolean, bounds: NumberBounds): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    withinBounds(value, bounds)
  );
}

function fail(name: string, value: unknown, spec: OptionSpec): never {
  throw new ConfigError(name, value, describeOption(spec));
}

function hasDefault(spec: OptionSpec): boolean {
  return 'default' in spec && spec.default !== undefined;
}

/**
 * Checks one option's value against its spec and returns it (the default when absent).
 * Throws a ConfigError at path `name` otherwise. Used by {@link readOptions}, and by
 * parse/create code for rules that depend on other values (e.g. `n` ≤ the population size).
 */
export function readOption<const S extends OptionSpec>(
  name: string,
  value: unknown,
  spec: S,
): OptionValues<{ readonly option: S }>['option'];
export function readOption(name: string, value: unknown, spec: OptionSpec): unknown {
  if (value === undefined) {
    if (spec.type !== 'argument' && hasDefault(spec)) return (spec as { default: unknown }).default;
    if ('required' in spec && spec.required)
      throw new ConfigError(name, `is required; allowed: ${describeOption(spec)}`);
    return undefined;
  }
  switch (spec.type) {
    case 'number':
    case 'integer':
      if (!isNumber(value, spec.type === 'integer', spec)) fail(name, value, spec);
      return value;
    case 'choice':
      if (typeof value === 'string' && spec.values.includes(value)) return value;
      if (spec.orNumber && isNumber(value, false, spec.orNumber)) return value;
      return fail(name, value, spec);
    case 'boolean':
      if (typeof value !== 'boolean') fail(name, value, spec);
      return value;
    case 'string':
      if (typeof value !== 'string' || value === '') fail(name, value, spec);
      return value;
    case 'numbers':
    case 'integers': {
      if (!Array.isArray(value) || value.length === 0) fail(name, value, spec);
      const integer = spec.type === 'integers';
      return (value as readonly unknown[]).map((item, i) => {
        if (!isNumber(item, integer, spec))
          throw new ConfigError(`${name}[${i}]`, item, numberText(integer, spec));
        return item;
      });
    }
    case 'strings': {
      if (spec.single && typeof value === 'string') return [value];
      if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string'))
        fail(name, value, spec);
      return [...(value as string[])];
    }
    case 'argument':
      if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
        fail(name, value, spec);
      return value;
  }
}

/** Options that are not declared (typos such as "resample") are refused, naming the declared ones. */
function rejectUnknown(
  specs: OptionSpecs,
  raw: Readonly<Record<string, unknown>>,
  owner: string,
  noun: OptionNoun,
) {
  const known = Object.keys(specs);
  for (const [name, value] of Object.entries(raw)) {
    if (!Object.hasOwn(specs, name)) {
      throw new ConfigError(
        name,
        value,
        known.length > 0
          ? `a known ${noun} of ${owner}: ${known.join(', ')}${didYouMean(name, known)}`
          : `no ${noun}s (${owner} takes none)`,
      );
    }
  }
}

/**
 * Reads `raw` (a study entry's options, or a cell's parameters) against the declared
 * `specs`: unknown names are refused, each declared value checked (in declaration order)
 * and defaulted. `owner` names the model, method, metric or formula in messages.
 */
export function readOptions<const S extends OptionSpecs>(
  specs: S,
  raw: Readonly<Record<string, unknown>> | undefined,
  owner: string,
  noun: OptionNoun = 'option',
): OptionValues<S> {
  const given = raw ?? {};
  rejectUnknown(specs, given, owner, noun);
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) values[name] = readOption(name, given[name], spec);
  return values as OptionValues<S>;
}
