/**
 * Exact (non-simulated) coverage of a paired-difference interval as a study formula (core
 * {@link exactPairedCoverage}): the paired table of n questions is
 * Multinomial(n; p11, p10, p01, p00), and
 *
 *   C = Σ_tables P(table) · 1[L(table) ≤ Δ ≤ U(table)],   Δ = p10 − p01,
 *
 * the probability that the nominal-`level` interval of `method` contains the true accuracy
 * difference A − B. It is what the simulation of the same method on the pairedMultinomial
 * model estimates. Options: `method` (required: pairedWald, tango, newcombePaired,
 * bonettPrice or agrestiMin — the sim methods' names), `n` (a number, or the cell parameter
 * to read; default the cell parameter `n`); the cell probabilities come from the cell's
 * parameters exactly as the model reads them (base/pairedCellProbabilities.ts: p10 and p01,
 * or discordance and imbalance; p11, default half the concordant mass). The level is the
 * entry's `level` (default the study's). The interval bounds of every table of size n are
 * computed once per n and reused for every cell with that n.
 */
import { type PairedIntervalTable, pairedCoverageFromTable, pairedIntervalTable } from '@evalsim/core';
import { ConfigError } from '../base/errors.js';
import { pairedCellProbabilities } from '../base/pairedCellProbabilities.js';
import { PAIRED_INTERVAL_NAMES, PAIRED_INTERVALS } from '../base/pairedIntervalNames.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula } from './formulaDefinition.js';

const OPTIONS = {
  method: {
    type: 'choice',
    values: PAIRED_INTERVAL_NAMES,
    required: true,
    description: 'The paired-difference interval (the sim method of the same name).',
  },
  n: argument('n', 'Questions n.'),
} as const;

export const exactPairedCoverageFormula = defineFormula({
  name: 'exactPairedCoverage',
  description:
    'Exact multinomial coverage of a paired-difference interval (method: pairedWald, tango, newcombePaired, bonettPrice, agrestiMin) of Δ = p10 − p01 at the cell’s n and cell probabilities (p10, p01 or discordance, imbalance; p11).',
  options: OPTIONS,
  create(options, { level }) {
    const interval = PAIRED_INTERVALS[options.method];
    const tables = new Map<number, PairedIntervalTable>();
    return (params) => {
      const n = formulaArgument(OPTIONS, options, params, 'n');
      if (!(Number.isInteger(n) && n >= 1)) throw new ConfigError('n', n, 'a whole number of questions ≥ 1');
      const { p11, p10, p01 } = pairedCellProbabilities(params);
      let table = tables.get(n);
      if (table === undefined) {
        table = pairedIntervalTable(interval, n, level);
        tables.set(n, table);
      }
      return pairedCoverageFromTable(table, p11, p10, p01);
    };
  },
});
