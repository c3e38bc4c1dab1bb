/**
 * Naive interval for a mean that ignores the clusters (analyser adapter over core
 * {@link naiveVarianceOfMean}): ȳ ± c·s/√N with s² the ddof = 1 item variance
 * (Miller 2024, "Adding Error Bars to Evals", eq. 1: SE_CLT) and c = z (default) or
 * t_{N−1} (`critical: 't'`). For 0/1 scores s² = N·p̂(1 − p̂)/(N − 1), so this is the
 * binomial Wald interval p̂ ± z√(p̂(1 − p̂)/N) widened by √(N/(N − 1)) (0.05% at N = 1,000).
 * Interval method: p-values NaN. Degenerate: fewer than 2 clusters (core needs K ≥ 2;
 * every field NaN but the estimate) or s = 0 (collapsed interval).
 */
import { naiveVarianceOfMean } from '@evalsim/core';
import {
  createClusterTotalsView,
  meanOfClusteredScores,
  viewClusteredScores,
} from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, criticalValue, fillUnanalysable } from '../base/methodResult.js';

export const naiveInterval = defineMethod({
  name: 'naive',
  description:
    'Interval ȳ ± c·s/√N ignoring clusters (s: item s.d., ddof 1); critical z (default) or t(N−1).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {
    critical: {
      type: 'choice',
      values: ['z', 't'],
      default: 'z',
      description: 'Critical value: z (default) or t_{N−1}.',
    },
  },
  create({ critical }, { level }) {
    const view = createClusterTotalsView();
    let cachedItems = -1;
    let c = Number.NaN;
    return (data, _rng, out) => {
      const mean = meanOfClusteredScores(data);
      if (data.clusterCount < 2) {
        fillUnanalysable(out, mean);
        return;
      }
      const n = data.itemCount;
      if (n !== cachedItems) {
        cachedItems = n;
        c = criticalValue(level, critical === 't' ? n - 1 : Number.POSITIVE_INFINITY);
      }
      const se = Math.sqrt(naiveVarianceOfMean(viewClusteredScores(data, view)));
      out.estimate = mean;
      out.se = se;
      out.lower = mean - c * se;
      out.upper = mean + c * se;
      clearPValues(out);
      out.degenerate = !(se > 0);
    };
  },
});
