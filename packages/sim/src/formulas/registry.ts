/**
 * The formulas a study can name in `formulas[i].formula`. Add an entry by
 * importing the formula and listing it here.
 */
import { createRegistry, type Registry } from '../base/registry.js';
import { designEffectFormula, naiveCoverageFormula, naiveFalseWinFormula } from './designEffectFormulas.js';
import { exactCoverageFormula } from './exactCoverageFormula.js';
import { exactPairedCoverageFormula } from './exactPairedCoverageFormula.js';
import type { FormulaDefinition } from './formulaDefinition.js';
import { judgeOnlyCoverageFormula } from './judgeOnlyCoverageFormula.js';
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

/** Every registered formula, in listing order. */
export const formulaRegistry: Registry<FormulaDefinition> = createRegistry('formula', [
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
  exactPairedCoverageFormula,
  mcnemarPowerFormula,
  judgeOnlyCoverageFormula,
]);
