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
  createTCriticalMemo,
  tCritical,
} from '@evalsim/core';
import {
  createClusterTotalsView,
  meanOfClusteredScores,
  viewClusteredScores,
} from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';

const ESTIMATORS: readonly ClusteredEstimator[] = ['cr1', 'miller', 'cr2'];
const CRITICALS: readonly ClusteredCritical[] = ['z', 't'];

/** The `estimator` and `critical` options shared by the clustered methods. */
export const CLUSTERED_SE_OPTIONS = {
  estimator: {
    type: 'choice',
    values: ESTIMATORS,
    default: 'cr1',
    description:
      'Clustered variance: cr1 (Liang–Zeger, K/(K−1)), miller (Miller 2024) or cr2 (Bell–McCaffrey).',
  },
  critical: {
    type: 'choice',
    values: CRITICALS,
    default: 't',
    description: 'Critical value: t (t_{K−1}, or the CR2 Satterthwaite df for cr2) or z.',
  },
} as const;

/**
 * t critical values by (level, df), shared by this thread's CR1 analysers: a study's cells are
 * analysed by fresh analysers, each of which would otherwise invert the t distribution again for
 * the same K (20 cells of study a, 5 distinct K). Each value is core tCritical's (a pure
 * function), so sharing changes no result; the map holds no random state and at most
 * MAX_SHARED_T entries (cleared when full).
 */
const sharedTValues = new Map<string, number>();
const MAX_SHARED_T = 4096;
function sharedTCritical(level: number, df: number): number {
  const key = `${level}/${df}`;
  let value = sharedTValues.get(key);
  if (value === undefined) {
    value = tCritical(level, df);
    if (sharedTValues.size >= MAX_SHARED_T) sharedTValues.clear();
    sharedTValues.set(key, value);
  }
  return value;
}

export const clusteredInterval = defineMethod({
  name: 'clustered',
  description:
    'Clustered interval for the mean: estimator cr1 (default) | miller | cr2, critical t (default; K−1 or CR2 df) | z.',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: CLUSTERED_SE_OPTIONS,
  create({ estimator, critical }, { level }) {
    // CR2's df depends only on the cluster sizes: its t quantile is memoised (same bits).
    const settings: ClusteredIntervalOptions = {
      level,
      estimator,
      critical,
      tCriticalOf: createTCriticalMemo(),
    };
    const view = createClusterTotalsView();
    const interval = createClusteredInterval();
    const cr1 = estimator === 'cr1' ? createCr1Bounds(level, critical, sharedTCritical) : null;
    return (data, _rng, out) => {
      if (data.clusterCount < 2) {
        fillUnanalysable(out, meanOfClusteredScores(data));
        return;
      }
      viewClusteredScores(data, view);
      // CR1: the same numbers without per-call checks or t quantile (core cr1Bounds.ts), from the
      // model's exact sums when it has them (equal sizes: no pass); non-finite → checked path.
      const sums = data.equalSizeSums;
      if (
        cr1 &&
        !(
          sums && cr1.fromEqualSizeSums(data.clusterCount, sums.size, sums.total, sums.totalSquares, interval)
        )
      )
        cr1(view, interval);
      if (!cr1 || !Number.isFinite(interval.standardError))
        clusteredIntervalFromTotals(view, settings, interval);
      out.estimate = interval.estimate;
      out.se = interval.standardError;
      out.lower = interval.lower;
      out.upper = interval.upper;
      clearPValues(out);
      out.degenerate = !(interval.standardError > 0);
    };
  },
});
