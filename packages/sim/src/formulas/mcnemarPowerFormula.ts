/**
 * Exact power of McNemar's test by enumeration as a study formula (core {@link mcnemarPower}):
 * n paired questions, each independently "only A right" with probability r_A = onlyA/outOf
 * and "only B right" with r_B = onlyB/outOf, two-sided, rejecting when p < alpha,
 *
 *   power = Σ_D Bin(D; n, r_A + r_B) · P(max(b, c) ≥ m_D | D),
 *
 * m_D the smallest max(b, c) of D discordant pairs with p < alpha. It is the value a
 * resampling study of the test converges to when questions are drawn with replacement from
 * a table with those discordance rates (seed 000 Step 4: 202 questions from the first-run
 * table 881/28/107/124 of 1,140: 79.2% exact, 83.9% mid-p).
 * Options: `test` ('exact', default, or 'midp'); arguments `n` (default the cell parameter
 * `n`), `onlyA`, `onlyB` (discordant counts or rates), `outOf` (default 1, so onlyA and onlyB
 * are rates), `alpha` (default 0.05) — each a number or the name of a cell parameter.
 */
import { type McnemarPowerTest, mcnemarPower } from '@evalsim/core';
import { ConfigError } from '../config/errors.js';
import { checkArgumentOptions, formulaArgument } from './formulaArguments.js';
import type { FormulaDefinition } from './formulaDefinition.js';

const TESTS: readonly McnemarPowerTest[] = ['exact', 'midp'];

export const mcnemarPowerFormula: FormulaDefinition = {
  name: 'mcnemarPower',
  description:
    'Exact power of the two-sided McNemar test (test: exact or midp) at n questions with discordance rates onlyA/outOf and onlyB/outOf, by enumeration (reject when p < alpha, default 0.05).',
  create(options) {
    const { test = 'exact', ...rest } = options;
    if (!TESTS.includes(test as McnemarPowerTest)) throw new ConfigError('test', test, TESTS.join(' or '));
    checkArgumentOptions('mcnemarPower', rest, ['n', 'onlyA', 'onlyB', 'outOf', 'alpha']);
    return (params) => {
      const n = formulaArgument(rest, params, 'n', 'n');
      const outOf = formulaArgument(rest, params, 'outOf', 'outOf', 1);
      const alpha = formulaArgument(rest, params, 'alpha', 'alpha', 0.05);
      if (!(Number.isInteger(n) && n >= 1)) throw new ConfigError('n', n, 'a whole number of questions ≥ 1');
      if (!(outOf > 0))
        throw new ConfigError('outOf', outOf, 'a number > 0 (the questions the counts are out of)');
      if (!(alpha > 0 && alpha < 1)) throw new ConfigError('alpha', alpha, 'a level in (0, 1)');
      const rates = ['onlyA', 'onlyB'].map((name) => {
        const rate = formulaArgument(rest, params, name, name) / outOf;
        if (!(rate >= 0 && rate <= 1))
          throw new ConfigError(name, rate * outOf, `a count in [0, outOf = ${outOf}]`);
        return rate;
      });
      if (rates[0] + rates[1] > 1)
        throw new ConfigError(
          'onlyB',
          rates[1] * outOf,
          `at most outOf − onlyA = ${outOf - rates[0] * outOf}`,
        );
      return mcnemarPower(n, rates[0], rates[1], { alpha, test: test as McnemarPowerTest });
    };
  },
};
