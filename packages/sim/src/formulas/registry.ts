/**
 * The formulas a study can name in `formulas[i].formula`. Add an entry by
 * importing the formula and listing it in `formulaList`.
 */
import { ConfigError } from '../config/errors.js';
import { designEffectFormula, naiveCoverageFormula, naiveFalseWinFormula } from './designEffectFormulas.js';
import { exactCoverageFormula } from './exactCoverageFormula.js';
import type { FormulaDefinition } from './formulaDefinition.js';
import { mcnemarPowerFormula } from './mcnemarPowerFormula.js';
import { familywiseErrorRateFormula } from './multipleComparisonFormulas.js';
import { uniformDifficultyScoreVarianceFormula } from './resamplingVarianceFormulas.js';
import {
  binaryMdeFormula,
  binarySampleSizeFormula,
  millerPairedMdeFormula,
  millerPairedSampleSizeFormula,
  planningRuleSampleSizeFormula,
} from './sampleSizeFormulas.js';

const formulaList: readonly FormulaDefinition[] = [
  designEffectFormula,
  naiveCoverageFormula,
  naiveFalseWinFormula,
  familywiseErrorRateFormula,
  uniformDifficultyScoreVarianceFormula,
  binaryMdeFormula,
  binarySampleSizeFormula,
  millerPairedSampleSizeFormula,
  millerPairedMdeFormula,
  planningRuleSampleSizeFormula,
  exactCoverageFormula,
  mcnemarPowerFormula,
];

/** Every registered formula by name. */
export const formulaRegistry: Map<string, FormulaDefinition> = new Map(formulaList.map((f) => [f.name, f]));

/** The formula registered as `name`; throws a ConfigError listing the known names. */
export function getFormula(name: string, path = 'formula'): FormulaDefinition {
  const formula = formulaRegistry.get(name);
  if (!formula)
    throw ConfigError.invalid(path, name, `one of the formulas ${[...formulaRegistry.keys()].join(', ')}`);
  return formula;
}
