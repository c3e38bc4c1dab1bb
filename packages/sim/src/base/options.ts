/**
 * Typed readers for a method's options (the fields of `methods[i]` other than the
 * runner's own `id`, `method`, `module`, `replications` and `level`). Errors are
 * ConfigErrors with the option name as path; the runner prefixes `methods[i].`.
 */
import { ConfigError } from '../config/errors.js';

/** A method's options object (typed per method; read here field by field). */
type Options = object;

function field(options: Options | undefined, name: string): unknown {
  return options === undefined ? undefined : (options as Record<string, unknown>)[name];
}

/** Fields of a method entry that belong to the runner, not to the method. */
const RUNNER_FIELDS = ['id', 'method', 'module', 'replications', 'level'];

/** Rejects option names outside `known` (catches typos such as "resample"). */
export function rejectUnknownOptions(options: Options | undefined, known: readonly string[]): void {
  if (!options) return;
  for (const name of Object.keys(options)) {
    if (!known.includes(name) && !RUNNER_FIELDS.includes(name)) {
      throw new ConfigError(
        name,
        field(options, name),
        known.length > 0 ? `a known option: ${known.join(', ')}` : 'no options (this method takes none)',
      );
    }
  }
}

/** An optional string option among `choices`, `fallback` when absent. */
export function choiceOption<T extends string>(
  options: Options | undefined,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = field(options, name);
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new ConfigError(name, value, `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`);
  }
  return value as T;
}

/** An optional numeric option, `fallback` when absent; `accept` states the rule, `allowed` says it in words. */
function numericOption(
  options: Options | undefined,
  name: string,
  fallback: number,
  accept: (value: number) => boolean,
  allowed: string,
): number {
  const value = field(options, name);
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || !accept(value)) {
    throw new ConfigError(name, value, allowed);
  }
  return value;
}

/** An optional integer option ≥ `min`, `fallback` when absent. */
export function integerOption(
  options: Options | undefined,
  name: string,
  fallback: number,
  min: number,
): number {
  return numericOption(
    options,
    name,
    fallback,
    (v) => Number.isInteger(v) && v >= min,
    `an integer ≥ ${min}`,
  );
}

/** An optional finite number option > `min` (exclusive), `fallback` when absent. */
export function numberOption(
  options: Options | undefined,
  name: string,
  fallback: number,
  min: number,
): number {
  return numericOption(options, name, fallback, (v) => v > min, `a number > ${min}`);
}
