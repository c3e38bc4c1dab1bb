/**
 * Family-wise error rate of m independent tests at level α each (seed 002: "twelve variants
 * tested at the 5% level … about 46%"), as a study formula (core {@link familywiseErrorRate}):
 *
 *   FWER = 1 − (1 − α)^m.
 *
 * Arguments (number, or the name of a cell parameter; see formulaArguments.ts): `alpha`
 * (default: cell parameter `alpha`, else 1 − level) and `m` (default: cell parameter `m`).
 * With alpha = 0.025 it is the chance that at least one of m variants "beats" the baseline
 * in a two-sided 5% test (one direction only).
 */
import { familywiseErrorRate } from '@evalsim/core';
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula } from './formulaDefinition.js';

const ARGUMENTS = {
  alpha: argument('alpha', 'Level of each test (default 1 − level).'),
  m: argument('m', 'Number of independent tests.'),
} as const;

export const familywiseErrorRateFormula = defineFormula({
  name: 'familywiseErrorRate',
  description:
    'Chance of at least one false positive among m independent tests at level alpha: 1 − (1 − alpha)^m.',
  options: ARGUMENTS,
  create(options, { level }) {
    return (params) => {
      const alpha = formulaArgument(ARGUMENTS, options, params, 'alpha', 1 - level);
      const m = formulaArgument(ARGUMENTS, options, params, 'm');
      try {
        return familywiseErrorRate(alpha, m);
      } catch (error) {
        throw new ConfigError('', `cannot compute the family-wise error rate: ${(error as Error).message}`);
      }
    };
  },
});
