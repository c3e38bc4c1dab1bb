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
 * entry's `level` (default the study's). The first cell of a size n asks for the coverage of
 * every listed cell of that n (settings.cells) from one enumeration of the tables (core
 * exactPairedCoverageCurve: for Newcombe, C(n + 3, 3) bounds, one row at a time, instead of a
 * 22 MB table at n = 200 kept for the run); the others are then read from what it computed.
 * A cell's value is the same computed alone or with others, bit for bit.
 */
import { exactPairedCoverageCurve } from '@evalsim/core';
import type { CellParams } from '../base/cellParams.js';
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

/** A cell's n and [p11, p10, p01]; throws the ConfigError naming what the cell lacks. */
function readCell(options: { readonly n?: number | string | undefined }, params: CellParams) {
  const n = formulaArgument(OPTIONS, options, params, 'n');
  if (!(Number.isInteger(n) && n >= 1)) throw new ConfigError('n', n, 'a whole number of questions ≥ 1');
  const { p11, p10, p01 } = pairedCellProbabilities(params);
  return { n, cell: [p11, p10, p01] as const };
}

export const exactPairedCoverageFormula = defineFormula({
  name: 'exactPairedCoverage',
  description:
    'Exact multinomial coverage of a paired-difference interval (method: pairedWald, tango, newcombePaired, bonettPrice, agrestiMin) of Δ = p10 − p01 at the cell’s n and cell probabilities (p10, p01 or discordance, imbalance; p11).',
  options: OPTIONS,
  create(options, { level, cells = [] }) {
    const interval = PAIRED_INTERVALS[options.method];
    // Values computed with an earlier cell of the same n, until asked for; and every cell computed.
    const ahead = new Map<CellParams, number>();
    const computed = new Set<CellParams>();
    return (params) => {
      const { n, cell } = readCell(options, params);
      const known = ahead.get(params);
      if (known !== undefined) {
        ahead.delete(params);
        return known;
      }
      // This cell and the listed cells of the same n not computed yet (a listed cell the formula
      // cannot read is left for its own call, which names the problem).
      const group: CellParams[] = [params];
      const rows: (readonly [number, number, number])[] = [cell];
      for (const other of cells) {
        if (other === params || computed.has(other)) continue;
        let read: ReturnType<typeof readCell>;
        try {
          read = readCell(options, other);
        } catch {
          continue;
        }
        if (read.n !== n) continue;
        group.push(other);
        rows.push(read.cell);
      }
      const values = exactPairedCoverageCurve(interval, n, rows, level);
      for (let i = 0; i < group.length; i++) {
        computed.add(group[i]);
        if (i > 0) ahead.set(group[i], values[i]);
      }
      return values[0];
    };
  },
});
