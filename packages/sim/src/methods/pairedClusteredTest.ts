/**
 * Paired clustered test (analyser adapter): per-item differences d_i = a_i − b_i summed
 * per cluster, CR1 standard error K/(K−1)·Σ_g(S_g − n_g d̄)²/N² and a t_{K−1} reference
 * distribution (core {@link pairedClusteredDifferenceFromTotals}; Liang & Zeger 1986;
 * seed 001's `paired_clustered_diff`) — or with `estimator: 'cr2'` the Bell–McCaffrey CR2 SE
 * with its Satterthwaite df (core clusteredIntervalFromTotals; analyze's headline test with
 * clusters, headlineRule.ts). Degenerate when the SE is 0 (every cluster's mean
 * difference equal; fields as in methodResult.ts) or K < 2 (every field NaN but the
 * estimate).
 */
import {
  clusteredIntervalFromTotals,
  createClusteredInterval,
  createCr1Bounds,
  createDifferenceTestOut,
  createTCriticalMemo,
  fillDifferenceTest,
  pairedClusteredDifferenceFromTotals,
} from '@evalsim/core';
import { createDifferenceTotalsView, viewPairedDifference } from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { copyDifferenceTest, fillUnanalysable } from '../base/methodResult.js';

export const pairedClusteredTest = defineMethod({
  name: 'pairedClusteredTest',
  description:
    'Paired test on per-item differences with CR1 clustered SE and t(K−1) (seed 001), or CR2 with Bell–McCaffrey df.',
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  options: {
    estimator: {
      type: 'choice',
      values: ['cr1', 'cr2'],
      default: 'cr1',
      description:
        'cr1: Liang–Zeger K/(K−1) with t(K−1) (default, seed 001); cr2: Bell–McCaffrey with its df.',
    },
  },
  create({ estimator }, { level }) {
    const cr2Out = createClusteredInterval();
    const view = createDifferenceTotalsView();
    const result = createDifferenceTestOut();
    // t_{K−1} quantile once per K (a memo of core tCritical: same bits), not per replication.
    const tCriticalOf = createTCriticalMemo();
    // d̄ and the CR1 SE by core cr1Bounds (the same arithmetic in the same order as
    // pairedClusteredDifferenceFromTotals, without its per-call checks); its critical value is unused.
    const cr1 = createCr1Bounds(level, 'z');
    const bounds = { estimate: 0, standardError: 0, lower: 0, upper: 0 };
    return (data, _rng, out) => {
      const totals = viewPairedDifference(data, view);
      if (data.clusterCount < 2) {
        fillUnanalysable(out, data.clusterCount === 1 ? totals.totals[0] / data.itemCount : Number.NaN);
        return;
      }
      if (estimator === 'cr2') {
        clusteredIntervalFromTotals(totals, { level, estimator: 'cr2', tCriticalOf }, cr2Out);
        fillDifferenceTest(
          result,
          cr2Out.estimate,
          cr2Out.standardError,
          level,
          cr2Out.degreesOfFreedom,
          tCriticalOf,
        );
        copyDifferenceTest(out, result);
        return;
      }
      cr1(totals, bounds);
      // Non-finite (bad input the unchecked pass cannot see): the checked core path, which throws.
      if (Number.isFinite(bounds.standardError))
        fillDifferenceTest(
          result,
          bounds.estimate,
          bounds.standardError,
          level,
          data.clusterCount - 1,
          tCriticalOf,
        );
      else pairedClusteredDifferenceFromTotals(totals, level, result, tCriticalOf);
      copyDifferenceTest(out, result);
    };
  },
});
