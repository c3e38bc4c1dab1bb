/**
 * Clustered confidence interval for a mean accuracy (analyser adapter over core
 * {@link clusteredIntervalFromTotals}): ȳ ± c·SE with SE from the `estimator` option —
 * 'cr1' (Liang–Zeger with K/(K−1), default), 'miller' (Miller 2024) or 'cr2'
 * (Bell–McCaffrey) — and c from `critical`: 't' (default; t_{K−1}, or the CR2
 * Satterthwaite df for 'cr2') or 'z'. Interval method: p-values are NaN.
 * K < 2: every field NaN but the estimate, `degenerate`. SE = 0 (all cluster means
 * equal, e.g. every item right): the interval collapses to ȳ and is flagged `degenerate`.
 */
import {
  type ClusteredCritical,
  type ClusteredEstimator,
  type ClusteredIntervalOptions,
  clusteredIntervalFromTotals,
  createClusteredInterval,
  createCr1Bounds,
} from '@evalsim/core';
import type { Analyser, ClusteredScores, MethodDefinition } from '../types.js';
import { createClusterTotalsView, meanOfClusteredScores, viewClusteredScores } from './clusterTotalsView.js';
import { clearPValues, fillUnanalysable } from './methodResult.js';
import { choiceOption, rejectUnknownOptions } from './readOptions.js';

export interface ClusteredIntervalMethodOptions {
  readonly estimator?: ClusteredEstimator;
  readonly critical?: ClusteredCritical;
}

/** The `estimator` and `critical` options shared by the clustered methods. */
export function clusteredSEOptions(options: ClusteredIntervalMethodOptions | undefined): {
  estimator: ClusteredEstimator;
  critical: ClusteredCritical;
} {
  rejectUnknownOptions(options, ['estimator', 'critical']);
  return {
    estimator: choiceOption<ClusteredEstimator>(options, 'estimator', ['cr1', 'miller', 'cr2'], 'cr1'),
    critical: choiceOption<ClusteredCritical>(options, 'critical', ['z', 't'], 't'),
  };
}

export const clusteredInterval: MethodDefinition<ClusteredIntervalMethodOptions> = {
  name: 'clusteredInterval',
  description:
    'Clustered interval for the mean: estimator cr1 (default) | miller | cr2, critical t (default; K−1 or CR2 df) | z.',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options, { level }): Analyser {
    const { estimator, critical } = clusteredSEOptions(options);
    const settings: ClusteredIntervalOptions = { level, estimator, critical };
    const view = createClusterTotalsView();
    const interval = createClusteredInterval();
    const cr1 = estimator === 'cr1' ? createCr1Bounds(level, critical) : null;
    const analyse: Analyser<ClusteredScores> = (data, _rng, out) => {
      if (data.clusterCount < 2) {
        fillUnanalysable(out, meanOfClusteredScores(data));
        return;
      }
      viewClusteredScores(data, view);
      // CR1: the same numbers without per-call checks or t quantile (core cr1Bounds.ts); non-finite → checked path.
      if (cr1) cr1(view, interval);
      if (!cr1 || !Number.isFinite(interval.standardError))
        clusteredIntervalFromTotals(view, settings, interval);
      out.estimate = interval.estimate;
      out.se = interval.standardError;
      out.lower = interval.lower;
      out.upper = interval.upper;
      clearPValues(out);
      out.degenerate = !(interval.standardError > 0);
    };
    return analyse as Analyser;
  },
};
