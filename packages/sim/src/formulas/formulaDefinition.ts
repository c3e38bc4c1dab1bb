/**
 * The formula role: a value computed per grid cell by formula, not simulation (Monte Carlo
 * SE 0). `defineFormula` takes the declared options (mostly arguments: a number, or the
 * cell parameter to read; base/options.ts) and a `create` that receives them checked and
 * returns a pure function of the cell parameters; it may throw ConfigError for a cell whose
 * parameters it cannot use. The resolver calls it on every cell while validating.
 */
import type { CellParams } from '../base/cellParams.js';
import { type OptionSpecs, type OptionValues, readOptions } from '../base/options.js';
import type { MethodSettings, RawOptions } from '../base/roles.js';

/** A value of one grid cell. */
export type CellFormula = (params: CellParams) => number;

/** What a formula is built for: the level, and the cells it will be asked about when known. */
export interface FormulaSettings extends MethodSettings {
  /**
   * The parameters of the grid cells the formula will be asked for (those its entry's `cell`
   * matches), in cell order, as the very objects it will be called with. A formula whose cells
   * share costly work (exactPairedCoverage's enumeration of every table of size n) may compute
   * them together; a cell's value must not depend on which others are listed.
   */
  readonly cells?: readonly CellParams[];
}

export interface FormulaDefinition {
  readonly name: string;
  readonly description: string;
  /** The declared options (what listings show and the option reader checks). */
  readonly options: OptionSpecs;
  /** Validate the options (throw ConfigError naming the option) and build the cell function. */
  create(options: RawOptions, settings: FormulaSettings): CellFormula;
}

export interface FormulaSpec<S extends OptionSpecs> {
  readonly name: string;
  readonly description: string;
  readonly options: S;
  create(options: OptionValues<S>, settings: FormulaSettings): CellFormula;
}

export function defineFormula<const S extends OptionSpecs>(spec: FormulaSpec<S>): FormulaDefinition {
  return {
    name: spec.name,
    description: spec.description,
    options: spec.options,
    create: (raw, settings) => spec.create(readOptions(spec.options, raw, spec.name, 'argument'), settings),
  };
}
