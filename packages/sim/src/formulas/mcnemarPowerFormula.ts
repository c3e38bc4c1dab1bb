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
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula } from './formulaDefinition.js';

const TESTS: readonly McnemarPowerTest[] = ['exact', 'midp'];

const OPTIONS = {
  test: {
    type: 'choice',
    values: TESTS,
    default: 'exact',
    allowed: TESTS.join(' or '),
    description: 'The test: exact (conditional binomial) or midp (mid-p).',
  },
  n: argument('n', 'Paired questions n.'),
  onlyA: argument('onlyA', 'Questions only system A gets right: a count out of outOf, or a rate.'),
  onlyB: argument('onlyB', 'Questions only system B gets right: a count out of outOf, or a rate.'),
  outOf: argument('outOf', 'The questions onlyA and onlyB are counted out of (1: they are rates).', 1),
  alpha: argument('alpha', 'Significance level: reject when p < alpha.', 0.05),
} as const;

export const mcnemarPowerFormula = defineFormula({
  name: 'mcnemarPower',
  description:
    'Exact power of the two-sided McNemar test (test: exact or midp) at n questions with discordance rates onlyA/outOf and onlyB/outOf, by enumeration (reject when p < alpha, default 0.05).',
  options: OPTIONS,
  create(options) {
    const { test } = options;
    return (params) => {
      const n = formulaArgument(OPTIONS, options, params, 'n');
      const outOf = formulaArgument(OPTIONS, options, params, 'outOf');
      const alpha = formulaArgument(OPTIONS, options, params, 'alpha');
      if (!(Number.isInteger(n) && n >= 1)) throw new ConfigError('n', n, 'a whole number of questions ≥ 1');
      if (!(outOf > 0))
        throw new ConfigError('outOf', outOf, 'a number > 0 (the questions the counts are out of)');
      if (!(alpha > 0 && alpha < 1)) throw new ConfigError('alpha', alpha, 'a level in (0, 1)');
      const rateA = formulaArgument(OPTIONS, options, params, 'onlyA') / outOf;
      const rateB = formulaArgument(OPTIONS, options, params, 'onlyB') / outOf;
      for (const [name, rate] of [
        ['onlyA', rateA],
        ['onlyB', rateB],
      ] as const) {
        if (!(rate >= 0 && rate <= 1))
          throw new ConfigError(name, rate * outOf, `a count in [0, outOf = ${outOf}]`);
      }
      if (rateA + rateB > 1)
        throw new ConfigError('onlyB', rateB * outOf, `at most outOf − onlyA = ${outOf - rateA * outOf}`);
      return mcnemarPower(n, rateA, rateB, { alpha, test });
    };
  },
});
