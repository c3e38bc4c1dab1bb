/** Options and helpers shared by the commands. */
import { isAbsolute, relative } from 'node:path';
import { didYouMean } from '@evalsim/sim/light';
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

/** A number as the CLI reads one: decimal digits with an optional sign, point and exponent (`5`, `-0.5`, `.5`, `1e3`). */
const DECIMAL_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Why `text` typed for a number is not a plain finite decimal — empty, padded with spaces,
 * hexadecimal, octal or binary (`0x5`, which Number() reads as 5), or not a number — as the end
 * of a message (`is not a finite number`); undefined for a plain decimal.
 */
export function notDecimal(text: string): string | undefined {
  if (text.trim() === '') return 'needs a value, got an empty string';
  if (DECIMAL_NUMBER.test(text) && Number.isFinite(Number(text))) return undefined;
  if (DECIMAL_NUMBER.test(text.trim())) return `"${text}" is not a number (spaces around it)`;
  if (/^[-+]?0[xXoObB]/.test(text))
    return `"${text}" is not a decimal number (hexadecimal, octal and binary are not read)`;
  return `"${text}" is not a finite number`;
}

/** Repeated or comma-separated numbers, at least one, each a plain finite decimal (notDecimal). */
export function numberList(name: string, value: unknown): number[] {
  const values = listOption(value);
  if (values.length === 0) throw new Error(`--${name}: give at least one number`);
  return values.map((s) => {
    const problem = notDecimal(s);
    if (problem !== undefined) throw new Error(`--${name}: ${problem}`);
    return Number(s);
  });
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
