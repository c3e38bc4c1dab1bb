/**
 * Unpaired clustered comparison (analyser adapter): each system's accuracy gets its own
 * clustered standard error (core {@link clusteredIntervalFromTotals}, estimator `cr1` by
 * default, or `miller` / `cr2`), and the two are combined as if the systems were
 * independent: SE = √(SE_A² + SE_B²), estimate p̂_A − p̂_B, reference t_{K−1}
 * (`critical: 't'`, default) or N(0, 1) (`'z'`). This is the "separate per-model error
 * bars" comparison of seed 001, which ignores the positive covariance that pairing removes.
 * Degenerate when the combined SE is 0 (fields as in methodResult.ts) or K < 2 (every
 * field NaN but the estimate).
 */
import {
  type ClusteredInterval,
  type ClusteredIntervalOptions,
  clusteredIntervalFromTotals,
  createClusteredInterval,
  createCr1Bounds,
} from '@evalsim/core';
import {
  type ClusterTotalsView,
  createClusterTotalsView,
  viewPairedSystem,
} from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { criticalValue, fillUnanalysable, fillWaldTest } from '../base/methodResult.js';
import { CLUSTERED_SE_OPTIONS } from './clusteredInterval.js';

export const unpairedClusteredTest = defineMethod({
  name: 'unpairedClusteredTest',
  description:
    "Each system's clustered SE (cr1 default) combined as if independent, t(K−1) (default) or z: " +
    'the separate-error-bars comparison.',
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  options: CLUSTERED_SE_OPTIONS,
  create({ estimator, critical }, { level }) {
    // Each system's SE only: the critical value inside these intervals is not used.
    const perSystem: ClusteredIntervalOptions = { level, estimator, critical: 'z' };
    // CR1 (default): core cr1Bounds, the same numbers as clusteredIntervalFromTotals without its
    // per-call checks and z quantile; non-finite (bad input) → the checked path, which throws.
    const cr1 = estimator === 'cr1' ? createCr1Bounds(level, 'z') : null;
    const systemInterval = (system: ClusterTotalsView, interval: ClusteredInterval): void => {
      if (cr1) {
        cr1(system, interval);
        if (Number.isFinite(interval.standardError)) return;
      }
      clusteredIntervalFromTotals(system, perSystem, interval);
    };
    const view = createClusterTotalsView();
    const intervalA = createClusteredInterval();
    const intervalB = createClusteredInterval();
    let cachedClusters = -1;
    let c = Number.NaN;
    let df = Number.NaN;
    return (data, _rng, out) => {
      const k = data.clusterCount;
      if (k < 2) {
        const n = data.itemCount;
        fillUnanalysable(out, k === 1 ? (data.totalsA[0] - data.totalsB[0]) / n : Number.NaN);
        return;
      }
      systemInterval(viewPairedSystem(data, 'A', view), intervalA);
      systemInterval(viewPairedSystem(data, 'B', view), intervalB);
      if (k !== cachedClusters) {
        cachedClusters = k;
        df = critical === 't' ? k - 1 : Number.POSITIVE_INFINITY;
        c = criticalValue(level, df);
      }
      const seA = intervalA.standardError;
      const seB = intervalB.standardError;
      fillWaldTest(out, intervalA.estimate - intervalB.estimate, Math.sqrt(seA * seA + seB * seB), df, c);
    };
  },
});
