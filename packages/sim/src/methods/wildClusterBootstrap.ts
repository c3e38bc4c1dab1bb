/**
 * Wild cluster bootstrap-t interval for a mean accuracy (analyser adapter over core
 * {@link wildClusterBootstrapInterval}: the null-imposed WCR test of Cameron, Gelbach &
 * Miller 2008 inverted into an interval). Options: `weights` 'webb' (default; Webb 2013,
 * for few clusters) or 'rademacher'; `resamples` B (default 399, so that α·(B + 1) is an
 * integer at α = 0.05). The weights are drawn from the analyser's stream (wildWeights.ts:
 * WildWeightDrawer, the bulk form of fillWildWeights; same weights).
 * Interval method: p-values NaN.
 * Degenerate: K < 2 (every field NaN but the estimate), SE = 0 (bounds NaN), or a bound
 * at ±Infinity (the test rejects nowhere on that side; coverage counts it as covering,
 * widths skip it).
 */
import {
  createWildBootstrapInterval,
  createWildBootstrapWorkspace,
  wildClusterBootstrapInterval,
} from '@evalsim/core';
import {
  createClusterTotalsView,
  meanOfClusteredScores,
  viewClusteredScores,
} from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';
import { WILD_WEIGHTS, WildWeightDrawer } from './support/wildWeights.js';

export const wildClusterBootstrap = defineMethod({
  name: 'wildClusterBootstrap',
  description:
    'Wild cluster bootstrap-t interval (null-imposed, inverted test; Cameron, Gelbach & Miller 2008); ' +
    'weights webb (default) | rademacher, resamples (default 399).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {
    weights: {
      type: 'choice',
      values: WILD_WEIGHTS,
      default: 'webb',
      description: 'Wild weights: webb (six-point, for few clusters) or rademacher (±1).',
    },
    resamples: { type: 'integer', min: 1, default: 399, description: 'Bootstrap draws B.' },
  },
  create({ weights, resamples }, { level }) {
    const view = createClusterTotalsView();
    const workspace = createWildBootstrapWorkspace(resamples);
    const interval = createWildBootstrapInterval();
    const drawer = new WildWeightDrawer(weights);
    const draw = (w: Float64Array, k: number) => drawer.fill(w, k);
    return (data, rng, out) => {
      if (data.clusterCount < 2) {
        fillUnanalysable(out, meanOfClusteredScores(data));
        return;
      }
      const totals = viewClusteredScores(data, view);
      drawer.start(rng);
      wildClusterBootstrapInterval(totals, data.itemCount, level, draw, workspace, interval);
      out.estimate = interval.estimate;
      out.se = interval.se;
      out.lower = interval.lower;
      out.upper = interval.upper;
      clearPValues(out);
      out.degenerate = interval.degenerate;
    };
  },
});
