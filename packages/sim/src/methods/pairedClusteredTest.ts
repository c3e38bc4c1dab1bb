/**
 * Paired clustered test (analyser adapter): per-item differences d_i = a_i − b_i summed
 * per cluster, CR1 standard error K/(K−1)·Σ_g(S_g − n_g d̄)²/N² and a t_{K−1} reference
 * distribution (core {@link pairedClusteredDifferenceFromTotals}; Liang & Zeger 1986;
 * seed 001's `paired_clustered_diff`). Degenerate when the SE is 0 (every cluster's mean
 * difference equal; fields as in methodResult.ts) or K < 2 (every field NaN but the
 * estimate).
 */
import { createDifferenceTestOut, pairedClusteredDifferenceFromTotals } from '@evalsim/core';
import type { Analyser, MethodDefinition, PairedClusteredScores } from '../types.js';
import { createDifferenceTotalsView, viewPairedDifference } from './clusterTotalsView.js';
import { copyDifferenceTest, fillUnanalysable } from './methodResult.js';
import { rejectUnknownOptions } from './readOptions.js';

export const pairedClusteredTest: MethodDefinition = {
  name: 'pairedClusteredTest',
  description: 'Paired test on per-item differences with CR1 clustered SE and t(K−1) (seed 001).',
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  create(options, { level }): Analyser {
    rejectUnknownOptions(options, []);
    const view = createDifferenceTotalsView();
    const result = createDifferenceTestOut();
    const analyse: Analyser<PairedClusteredScores> = (data, _rng, out) => {
      const totals = viewPairedDifference(data, view);
      if (data.clusterCount < 2) {
        fillUnanalysable(out, data.clusterCount === 1 ? totals.totals[0] / data.itemCount : Number.NaN);
        return;
      }
      copyDifferenceTest(out, pairedClusteredDifferenceFromTotals(totals, level, result));
    };
    return analyse as Analyser;
  },
};
