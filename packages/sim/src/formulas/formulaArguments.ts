/**
 * How a formula reads its arguments. Argument `name` of a formula is taken from the
 * option of that name when given — a number is a constant, a string names the cell
 * parameter to read — and otherwise from the cell parameter its declaration names
 * (`param`), falling back to the declared default when the cell lacks it. So
 * `{ "formula": "naiveCoverageUnderDesignEffect", "clusterSize": "m", "icc": "rho" }` and
 * `{ …, "icc": 0.1 }` both work.
 */
import type { CellParams } from '../base/cellParams.js';
import { ConfigError } from '../base/errors.js';
import type { ArgumentOptionSpec } from '../base/options.js';

/** Declares an argument read from cell parameter `param` (and `fallback` when the cell lacks it). */
export function argument(param: string, description: string, fallback?: number): ArgumentOptionSpec {
  return fallback === undefined
    ? { type: 'argument', param, description }
    : { type: 'argument', param, default: fallback, description };
}

/**
 * Reads argument `name` of `specs` for one cell from the checked `options`; `fallback`
 * overrides the declared default (e.g. 1 − level).
 */
export function formulaArgument<N extends string>(
  specs: { readonly [K in N]: ArgumentOptionSpec },
  options: Readonly<Record<string, unknown>>,
  params: CellParams,
  name: N,
  fallback?: number,
): number {
  const spec: ArgumentOptionSpec = specs[name];
  const option = options[name];
  if (typeof option === 'number') return option;
  const param = typeof option === 'string' ? option : spec.param;
  const value = params[param];
  const fallbackValue = fallback ?? spec.default;
  if (value === undefined && fallbackValue !== undefined && option === undefined) return fallbackValue;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ConfigError(
      name,
      `reads cell parameter "${param}", which is ${value === undefined ? 'not set' : `not a number (${JSON.stringify(value)})`}; set it in model.params or grid, or give ${name} as a number or a parameter name`,
    );
  }
  return value;
}
