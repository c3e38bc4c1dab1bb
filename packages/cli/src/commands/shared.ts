/** Options and helpers shared by the commands. */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import {
  ConfigError,
  didYouMean,
  loadStudy,
  resolveStudyPath,
  STUDY_EXTENSIONS,
  type Study,
} from '@evalsim/sim';
import type { Argv } from 'yargs';
import type { CliIo } from '../io.js';

/** Adds `--json` to a command. */
export function withJson<T>(y: Argv<T>): Argv<T & { json: boolean }> {
  return y.option('json', {
    type: 'boolean',
    default: false,
    describe: 'Print one JSON document (an array of rows, numbers at full precision)',
  });
}

/** Splits repeated or comma-separated string options: `--method a,b --method c` → [a, b, c]. */
export function listOption(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Repeated or comma-separated numbers, at least one, each checked to be a finite number. */
export function numberList(name: string, value: unknown): number[] {
  const values = listOption(value);
  if (values.length === 0) throw new Error(`--${name}: give at least one number`);
  return values.map((s) => {
    const x = Number(s);
    if (!Number.isFinite(x)) throw new Error(`--${name}: "${s}" is not a finite number`);
    return x;
  });
}

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

/**
 * The folder `--studies` names (the same flag in run, validate, list, reproduce and slurm):
 * where study files are, and where a study name is looked up. A value that is not a folder
 * but names studies in the default folder (the older `reproduce --studies a,b`) is answered
 * with how to pick studies now.
 */
export function studiesFolder(io: CliIo, value: string, command: string): string {
  const dir = io.resolve(value);
  if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  const names = listOption(value);
  const named = names.every((name) =>
    STUDY_EXTENSIONS.some((ext) => existsSync(io.resolve(join('studies', `${name}${ext}`)))),
  );
  if (names.length > 0 && named) {
    throw new Error(
      `--studies: no folder ${value}; --studies is the folder of the study files (as in run, validate and list). To pick studies, name them: evalsim ${command} ${names.join(' ')}`,
    );
  }
  throw new Error(`--studies: no folder ${value} (the folder of the study files; default studies)`);
}

/** Checks every requested name is one of `allowed`, naming the option and the allowed values otherwise. */
export function checkChoices<T extends string>(option: string, values: string[], allowed: readonly T[]): T[] {
  for (const v of values) {
    if (!(allowed as readonly string[]).includes(v)) {
      throw new Error(
        `--${option}: unknown value "${v}"; allowed: ${allowed.join(', ')}${didYouMean(v, allowed)}`,
      );
    }
  }
  return values as T[];
}

/** `path` as printed: relative to the working directory when inside it, else as it is. */
export function shownPath(io: CliIo, path: string): string {
  const inside = relative(io.cwd, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
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

/**
 * Loads and validates a study file (`nameOrPath`: a path, or a name in the `studies`
 * folder); a problem names the file, as typed, then each field.
 */
export async function loadStudyFile(io: CliIo, nameOrPath: string, studies: string): Promise<Study> {
  const path = resolveStudyPath(nameOrPath, studies, io.cwd);
  try {
    return await loadStudy(path);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const shown = shownPath(io, path);
    const lines = error.message.split('\n').map((line) => line.split(path).join(shown));
    if (lines.length === 1 && lines[0].startsWith(shown)) throw new Error(lines[0]);
    throw new Error(
      lines.length === 1
        ? `${shown}: ${lines[0]}`
        : `${shown} is not a valid study:\n${lines.map((line) => `  ${line}`).join('\n')}`,
    );
  }
}
