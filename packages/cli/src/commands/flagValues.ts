/**
 * Checking the values of flags, each refused naming the flag as typed: a list flag given
 * without values, a whole number out of range, a number out of its range, a core argument
 * error renamed to its flag, and the last guard of the calculators against NaN and Infinity.
 */
import { availableParallelism } from 'node:os';
import { listOption } from './shared.js';

/**
 * The values of a list flag (`--method a,b`): none when the flag is absent; a flag given
 * without values (`--method` at the end of the line) is refused, naming it, rather than
 * meaning "the default".
 */
export function requestedList(option: string, value: unknown): string[] {
  const values = listOption(value);
  if (value !== undefined && values.length === 0)
    throw new Error(`--${option}: give at least one value (or leave out --${option} for the default)`);
  return values;
}

/** Most worker threads `--workers` accepts (a typo such as 1000000 is refused, not attempted). */
export const MAX_WORKERS = 1024;

/** The `--workers` flag's help text (run, audit, plan, leaderboard). */
export const WORKERS_DESCRIPTION =
  'computing threads at most (default: cores): this thread and n − 1 worker threads (0 or 1: this thread alone); a study with user modules runs them in n worker threads instead (at least 1, under the heap limit); results do not depend on it';

/** Largest `--worker-memory`, MB (1 TiB). */
export const MAX_WORKER_MEMORY_MB = 1_048_576;

/**
 * `--workers` checked (an integer in [0, MAX_WORKERS], naming the flag) and capped at the
 * machine's available parallelism, with a warning: more threads than cores only adds
 * memory and contention (results do not depend on the worker count).
 */
export function workersFlag(
  value: number | undefined,
  available: number = availableParallelism(),
): { readonly workers: number | undefined; readonly warning?: string } {
  const workers = integerFlag('workers', value, 0, MAX_WORKERS);
  if (workers === undefined || workers <= available) return { workers };
  return {
    workers: available,
    warning: `warning: --workers ${workers} is more than the ${available} available on this machine; using ${available}`,
  };
}

/**
 * A whole-number flag within [min, max] (undefined when not given), e.g. `--workers`,
 * `--replications`; anything else is refused naming the flag.
 */
export function integerFlag(
  option: string,
  value: number | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `in [${min}, ${max.toLocaleString('en-US')}]`;
    throw new Error(`--${option}: must be an integer ${range}, got ${value}`);
  }
  return value;
}

/** A number flag's allowed range; `open` ends are excluded. */
export interface FlagRange {
  readonly min?: number;
  readonly max?: number;
  readonly minOpen?: boolean;
  readonly maxOpen?: boolean;
  readonly integer?: boolean;
  /** Also allow Infinity (e.g. unlimited answers per question). */
  readonly infinity?: boolean;
}

function rangeText(range: FlagRange): string {
  const kind = range.integer ? 'an integer' : 'a number';
  const { min, max } = range;
  const text =
    min !== undefined && max !== undefined
      ? `${kind} in ${range.minOpen ? '(' : '['}${min}, ${max}${range.maxOpen ? ')' : ']'}`
      : min !== undefined
        ? `${kind} ${range.minOpen ? '>' : '≥'} ${min}`
        : max !== undefined
          ? `${kind} ${range.maxOpen ? '<' : '≤'} ${max}`
          : `a finite ${kind.replace(/^an? /, '')}`;
  return range.infinity ? `${text}, or Infinity` : text;
}

/** `value` of flag `--option` checked against `range` (undefined passes through); refused naming the flag. */
export function checkFlag<T extends number | undefined>(option: string, value: T, range: FlagRange): T {
  if (value === undefined) return value;
  const x = value as number;
  const ok =
    (range.infinity === true && x === Number.POSITIVE_INFINITY) ||
    (Number.isFinite(x) &&
      (!range.integer || Number.isInteger(x)) &&
      (range.min === undefined || (range.minOpen ? x > range.min : x >= range.min)) &&
      (range.max === undefined || (range.maxOpen ? x < range.max : x <= range.max)));
  if (!ok) throw new Error(`--${option}: must be ${rangeText(range)}, got ${x}`);
  return value;
}

/**
 * Runs a calculator's computation with core's argument names turned into the flags they
 * came from (an InputError about `meanSize` becomes one about `--m`), so no message names
 * an internal parameter.
 */
export function asFlags<T>(flags: Readonly<Record<string, string>>, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    const argument = (error as { argument?: unknown }).argument;
    const message = (error as Error).message ?? String(error);
    if (typeof argument === 'string' && flags[argument] !== undefined) {
      const rest = message.startsWith(`${argument}: `) ? message.slice(argument.length + 2) : message;
      throw new Error(`--${flags[argument]}: ${rest}`);
    }
    throw error;
  }
}

/**
 * The last guard of every calculator: a result that is NaN or infinite is refused, naming the
 * flags given, instead of being printed with exit status 0.
 */
export function finiteRows<R extends Record<string, unknown>>(
  rows: readonly R[],
  flags: readonly string[],
): readonly R[] {
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new Error(
          `${column} is not a finite number for these inputs (${flags.map((f) => `--${f}`).join(', ')}); check their values`,
        );
      }
    }
  }
  return rows;
}
