/**
 * How a formula reads its arguments. Argument `name` of a formula is taken
 * from the option of that name when given — a number is a constant, a string
 * names the cell parameter to read — and otherwise from the cell parameter
 * `fallbackParam`. So `{ "formula": "naiveCoverageUnderDesignEffect",
 * "clusterSize": "m", "icc": "rho" }` and `{ …, "icc": 0.1 }` both work.
 */
import { ConfigError } from '../config/errors.js';
import type { CellParams } from '../types.js';

/** Reads one numeric argument; `create` should first call {@link checkArgumentOptions}. */
export function formulaArgument(
  options: Readonly<Record<string, unknown>>,
  params: CellParams,
  name: string,
  fallbackParam: string,
  fallbackValue?: number,
): number {
  const option = options[name];
  if (typeof option === 'number') return option;
  const param = typeof option === 'string' ? option : fallbackParam;
  const value = params[param];
  if (value === undefined && fallbackValue !== undefined && option === undefined) return fallbackValue;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ConfigError(
      name,
      `reads cell parameter "${param}", which is ${value === undefined ? 'not set' : `not a number (${JSON.stringify(value)})`}; set it in model.params or grid, or give ${name} as a number or a parameter name`,
    );
  }
  return value;
}

/** Checks that every option is a known argument given as a number or a parameter name. */
export function checkArgumentOptions(
  formula: string,
  options: Readonly<Record<string, unknown>>,
  argumentNames: readonly string[],
): void {
  for (const [key, value] of Object.entries(options)) {
    if (!argumentNames.includes(key)) {
      throw new ConfigError(key, value, `an argument of ${formula}: ${argumentNames.join(', ')}`);
    }
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
      throw new ConfigError(key, value, 'a number, or the name of a cell parameter');
    }
  }
}
