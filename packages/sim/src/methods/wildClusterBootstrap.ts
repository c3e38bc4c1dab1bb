/**
 * Wild cluster bootstrap-t interval for a mean accuracy (analyser adapter over
 * {@link wildClusterBootstrapInterval}: the null-imposed WCR test of Cameron, Gelbach &
 * Miller 2008 inverted into an interval). Options: `weights` 'webb' (default; Webb 2013,
 * for few clusters) or 'rademacher'; `resamples` B (default 399, so that α·(B + 1) is an
 * integer at α = 0.05). Uses the analyser's rng. Interval method: p-values NaN.
 * Degenerate: K < 2 (every field NaN but the estimate), SE = 0 (bounds NaN), or a bound
 * at ±Infinity (the test rejects nowhere on that side; coverage counts it as covering,
 * widths skip it).
 */
import type { Analyser, ClusteredScores, MethodDefinition } from '../types.js';
import { createClusterTotalsView, meanOfClusteredScores, viewClusteredScores } from './clusterTotalsView.js';
import { clearPValues, fillUnanalysable } from './methodResult.js';
import { choiceOption, integerOption, rejectUnknownOptions } from './readOptions.js';
import {
  createWildBootstrapInterval,
  createWildBootstrapWorkspace,
  WILD_WEIGHTS,
  type WildWeights,
  wildClusterBootstrapInterval,
} from './wildClusterBootstrapInterval.js';

export interface WildClusterBootstrapOptions {
  readonly weights?: WildWeights;
  readonly resamples?: number;
}

export const wildClusterBootstrap: MethodDefinition<WildClusterBootstrapOptions> = {
  name: 'wildClusterBootstrap',
  description:
    'Wild cluster bootstrap-t interval (null-imposed, inverted test; Cameron, Gelbach & Miller 2008); ' +
    'weights webb (default) | rademacher, resamples (default 399).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options, { level }): Analyser {
    rejectUnknownOptions(options, ['weights', 'resamples']);
    const weights = choiceOption<WildWeights>(options, 'weights', WILD_WEIGHTS, 'webb');
    const resamples = integerOption(options, 'resamples', 399, 1);
    const view = createClusterTotalsView();
    const workspace = createWildBootstrapWorkspace(resamples);
    const interval = createWildBootstrapInterval();
    const analyse: Analyser<ClusteredScores> = (data, rng, out) => {
      if (data.clusterCount < 2) {
        fillUnanalysable(out, meanOfClusteredScores(data));
        return;
      }
      const totals = viewClusteredScores(data, view);
      wildClusterBootstrapInterval(totals, data.itemCount, level, weights, rng, workspace, interval);
      out.estimate = interval.estimate;
      out.se = interval.se;
      out.lower = interval.lower;
      out.upper = interval.upper;
      clearPValues(out);
      out.degenerate = interval.degenerate;
    };
    return analyse as Analyser;
  },
};
