import type { CellParams } from '../types.js';

/** A value computed per grid cell by formula, not simulation (Monte Carlo SE 0). */
export type CellFormula = (params: CellParams) => number;

/**
 * A registered formula. `create` validates the options given in the study's
 * `formulas[i]` entry (throw ConfigError naming the option) and returns a pure
 * function of the cell parameters; it may throw ConfigError for a cell whose
 * parameters it cannot use. The runner calls it on every cell while validating.
 */
export interface FormulaDefinition {
  readonly name: string;
  readonly description: string;
  create(options: Readonly<Record<string, unknown>>, settings: { readonly level: number }): CellFormula;
}
