/**
 * Exact coverage of the judge-only interval for the true accuracy, as a study formula (core
 * {@link judgeOnlyCoverage}): with R = labels + unlabelled rows and independent verdicts of rate
 * p_f = θ·sensitivity + (1 − θ)(1 − specificity),
 *
 *   C = Σ_k Bin(k; R, p_f)·1[|k/R − θ| ≤ z·√(k/R·(1 − k/R)/R)].
 *
 * Beside the simulated `judgeOnly` coverage of a judgedAnswers study it is what the simulation
 * estimates when the judge's rates do not vary (lengthEffect 0), there are no clusters and one
 * system. Arguments (a number or a cell parameter's name): `accuracy`, `sensitivity`,
 * `specificity`, `unlabelled`, `labels` (defaults: the cell parameters of those names, the
 * model's defaults 0.7, 0.9, 0.9 when absent).
 */
import { judgeOnlyCoverage } from '@evalsim/core';
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula } from './formulaDefinition.js';

const OPTIONS = {
  accuracy: argument('accuracy', 'True accuracy θ.', 0.7),
  sensitivity: argument('sensitivity', "The judge's sensitivity.", 0.9),
  specificity: argument('specificity', "The judge's specificity.", 0.9),
  unlabelled: argument('unlabelled', 'Judged rows without a label, N.'),
  labels: argument('labels', 'Judged rows with a label, n.'),
} as const;

/** Largest R summed over. */
const MAX_ROWS = 10_000_000;

export const judgeOnlyCoverageFormula = defineFormula({
  name: 'judgeOnlyCoverage',
  description:
    'Exact binomial coverage of the judge-only interval f̄ ± z·√(f̄(1 − f̄)/R) for the true accuracy θ, verdicts Bernoulli(θ·sens + (1 − θ)(1 − spec)).',
  options: OPTIONS,
  create:
    (options, { level }) =>
    (params) => {
      const read = (name: keyof typeof OPTIONS) => formulaArgument(OPTIONS, options, params, name);
      const rows = read('unlabelled') + read('labels');
      if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS)
        throw new ConfigError(
          'labels',
          `unlabelled + labels must be an integer in [1, ${MAX_ROWS}], got ${rows}`,
        );
      try {
        return judgeOnlyCoverage(read('accuracy'), read('sensitivity'), read('specificity'), rows, level);
      } catch (error) {
        throw new ConfigError('', `cannot compute the judge-only coverage: ${(error as Error).message}`);
      }
    },
});
