/**
 * Variance of one question's K-answer score in Miller's uniform-difficulty example
 * (Miller 2024, "Adding Error Bars to Evals", resampling section; seed 003), as a study
 * formula: with p ~ Uniform[0, 1] and s = X/K, X ~ Bin(K, p),
 *
 *   Var(s) = Var(p) + E[p(1 − p)]/K = 1/12 + (1/6)/K,
 *
 * (law of total variance: Var(p) = 1/12, E[p(1 − p)] = 1/2 − 1/3 = 1/6), and at temperature
 * zero, where p is rounded to 0 or 1, Var(s) = Var(round p) = 1/4 for every K.
 * Arguments: `K` (default: cell parameter `K`); the cell parameter `temperatureZero`
 * (boolean, default false) selects the second form.
 */
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula } from './formulaDefinition.js';

const ARGUMENTS = { K: argument('K', 'Answers per question K.') } as const;

/** 1/12 + (1/6)/K, or 1/4 at temperature zero. */
export function uniformDifficultyScoreVariance(K: number, temperatureZero: boolean): number {
  if (!(Number.isInteger(K) && K >= 1)) throw new ConfigError('K', K, 'an integer ≥ 1');
  return temperatureZero ? 1 / 4 : 1 / 12 + 1 / 6 / K;
}

export const uniformDifficultyScoreVarianceFormula = defineFormula({
  name: 'uniformDifficultyScoreVariance',
  description:
    "Variance of one question's K-answer score when rates are Uniform[0, 1]: 1/12 + (1/6)/K; 1/4 at temperatureZero.",
  options: ARGUMENTS,
  create(options) {
    return (params) => {
      const K = formulaArgument(ARGUMENTS, options, params, 'K');
      const zero = params.temperatureZero ?? false;
      if (typeof zero !== 'boolean')
        throw new ConfigError('temperatureZero', zero, 'a boolean cell parameter (true or false)');
      return uniformDifficultyScoreVariance(K, zero);
    };
  },
});
