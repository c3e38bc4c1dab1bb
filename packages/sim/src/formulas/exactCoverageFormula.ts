/**
 * Exact (non-simulated) coverage of a binomial-proportion interval as a study formula
 * (core {@link exactCoverage}; Brown, Cai & DasGupta 2001, eq. 2):
 *
 *   C(n, p) = Σ_{k=0}^{n} 1[L(k) ≤ p ≤ U(k)] · C(n, k) pᵏ (1 − p)ⁿ⁻ᵏ,
 *
 * the probability that the nominal-`level` interval of `method` built from k ~ Bin(n, p)
 * contains p. Seed 003's exact coverage table; beside a simulated coverage it is what the
 * simulation estimates when each observation is an independent Bernoulli(p).
 * Options: `method` (required: wald, wilson, wilsonCC, agrestiCoull, clopperPearson,
 * jeffreys or betaPosterior — Beta(1, 1) prior), `n` and `p` (a number, or the name of the
 * cell parameter to read; default the cell parameters `n` and `p`; n at most
 * MAX_EXACT_COVERAGE_N); the level is the
 * entry's `level` (default the study's). The n + 1 intervals are computed once per n and
 * reused for every p (the same numbers as core's exactCoverage, which builds the table per call).
 */
import {
  coverageFromTable,
  type IntervalTable,
  intervalTable,
  isProportionIntervalMethod,
  proportionIntervalMethodNames,
} from '@evalsim/core';
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';

/** Largest n summed over (n + 1 intervals per cell; larger would run for minutes at validation). */
export const MAX_EXACT_COVERAGE_N = 1_000_000;

import { defineFormula } from './formulaDefinition.js';

const OPTIONS = {
  method: {
    type: 'choice',
    values: proportionIntervalMethodNames,
    required: true,
    allowed: `one of ${proportionIntervalMethodNames.join(', ')}`,
    description: 'The proportion interval (betaPosterior: Beta(1, 1) prior).',
  },
  n: argument('n', 'Items n.'),
  p: argument('p', 'True proportion p.'),
} as const;

export const exactCoverageFormula = defineFormula({
  name: 'exactCoverage',
  description:
    'Exact binomial coverage Σ_k 1[L(k) ≤ p ≤ U(k)]·Bin(k; n, p) of a proportion interval (method: wald, wilson, clopperPearson, jeffreys, agrestiCoull, betaPosterior, wilsonCC) at the cell’s n and p.',
  options: OPTIONS,
  create(options, { level }) {
    const { method } = options;
    if (!isProportionIntervalMethod(method)) throw new ConfigError('method', method, OPTIONS.method.allowed);
    const tables = new Map<number, IntervalTable>();
    return (params) => {
      const n = formulaArgument(OPTIONS, options, params, 'n');
      const p = formulaArgument(OPTIONS, options, params, 'p');
      if (!(Number.isInteger(n) && n >= 1 && n <= MAX_EXACT_COVERAGE_N))
        throw new ConfigError('n', n, `a whole number of items in [1, ${MAX_EXACT_COVERAGE_N}]`);
      if (!(p >= 0 && p <= 1)) throw new ConfigError('p', p, 'a true proportion in [0, 1]');
      let table = tables.get(n);
      if (table === undefined) {
        table = intervalTable(method, n, level);
        tables.set(n, table);
      }
      return coverageFromTable(table, p);
    };
  },
});
