/**
 * Percentile cluster bootstrap interval for a mean accuracy (analyser adapter over core
 * {@link clusterBootstrapInterval}; resamples whole clusters, each resample's K cluster
 * indices drawn uniformly from the analyser's stream by `sampleIndices`). Option
 * `resamples` B (default 400, the article's count). Interval method: p-values NaN.
 * Degenerate: K < 2 (every field NaN but the estimate), or all B means equal (collapsed
 * interval, e.g. every cluster mean identical).
 */
import {
  clusterBootstrapInterval,
  createClusterBootstrapInterval,
  createClusterBootstrapWorkspace,
} from '@evalsim/core';
import {
  createClusterTotalsView,
  meanOfClusteredScores,
  viewClusteredScores,
} from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';
import type { RandomStream } from '../base/randomStream.js';
import { sampleIndices } from '../samplers/indices.js';

export const clusterBootstrap = defineMethod({
  name: 'clusterBootstrap',
  description: 'Percentile bootstrap interval resampling whole clusters; resamples (default 400).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {
    resamples: { type: 'integer', min: 2, default: 400, description: 'Bootstrap resamples B.' },
  },
  create({ resamples }, { level }) {
    const view = createClusterTotalsView();
    const workspace = createClusterBootstrapWorkspace(resamples);
    const interval = createClusterBootstrapInterval();
    let stream: RandomStream | undefined;
    const draw = (indices: Int32Array) => sampleIndices(stream as RandomStream, indices.length, indices);
    return (data, rng, out) => {
      if (data.clusterCount < 2) {
        fillUnanalysable(out, meanOfClusteredScores(data));
        return;
      }
      stream = rng;
      clusterBootstrapInterval(viewClusteredScores(data, view), level, draw, workspace, interval);
      out.estimate = interval.estimate;
      out.se = interval.se;
      out.lower = interval.lower;
      out.upper = interval.upper;
      clearPValues(out);
      out.degenerate = !(interval.upper > interval.lower);
    };
  },
});
