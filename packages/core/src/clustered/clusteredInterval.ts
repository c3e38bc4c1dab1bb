/**
 * Clustered confidence interval for a mean: ȳ ± c·SE, with SE from
 * {@link clusteredVarianceFromTotals} and c either the normal quantile z_{1−α/2} or
 * the t quantile t_{ν, 1−α/2}, where ν = K − 1 for `'miller'` and `'cr1'` (Cameron &
 * Miller 2015 §VI.C; seed 001) and ν = the Bell–McCaffrey Satterthwaite df
 * ({@link cr2DegreesOfFreedom}) for `'cr2'` (Imbens & Kolesár 2016). The bounds are not
 * clipped to the range of the scores.
 */
import { normalCritical } from '../distributions/normal.js';
import { tCritical } from '../distributions/studentT.js';
import type { TCriticalOf } from '../distributions/tCriticalMemo.js';
import { assertLevel, InputError } from '../validate.js';
import {
  assertClusteredEstimator,
  type ClusteredEstimator,
  clusteredVarianceFromTotals,
} from './clusteredStandardError.js';
import { type ClusterId, type ClusterTotals, clusterTotalsFromItems } from './clusterTotals.js';
import { cr2DegreesOfFreedom } from './cr2DegreesOfFreedom.js';
import { grandMeanOfTotals, itemCountOfTotals } from './totalsMoments.js';

/** Critical value family: normal (`'z'`) or Student t (`'t'`). */
export type ClusteredCritical = 'z' | 't';

/** Options of the clustered intervals. */
export interface ClusteredIntervalOptions {
  /** Confidence level in (0, 1); default 0.95. */
  level?: number;
  /** Default `'cr1'`. */
  estimator?: ClusteredEstimator;
  /** Default `'t'` (K − 1 df for miller/cr1, the CR2 df for cr2). */
  critical?: ClusteredCritical;
  /** The t critical value t_{ν, 1−α/2}: default {@link tCritical}; a simulation passes a memo (createTCriticalMemo: same bits). */
  tCriticalOf?: TCriticalOf;
}

/** A clustered interval; mutable so a simulation can reuse one object as `out`. */
export interface ClusteredInterval {
  estimate: number;
  lower: number;
  upper: number;
  level: number;
  /** E.g. `'cr1-t'`, `'cr2-z'`. */
  method: string;
  standardError: number;
  /** Degrees of freedom of the t critical value; Infinity for z. */
  degreesOfFreedom: number;
  /** The critical value used (c in ȳ ± c·SE). */
  critical: number;
}

const METHOD_NAMES: Record<ClusteredEstimator, Record<ClusteredCritical, string>> = {
  miller: { z: 'miller-z', t: 'miller-t' },
  cr1: { z: 'cr1-z', t: 'cr1-t' },
  cr2: { z: 'cr2-z', t: 'cr2-t' },
};

/** A fresh result object for {@link clusteredIntervalFromTotals}'s `out`. */
export function createClusteredInterval(): ClusteredInterval {
  return {
    estimate: 0,
    lower: 0,
    upper: 0,
    level: 0,
    method: '',
    standardError: 0,
    degreesOfFreedom: 0,
    critical: 0,
  };
}

const DEFAULT_OPTIONS: ClusteredIntervalOptions = {};

/**
 * Clustered interval from cluster totals, written into `out` and returned
 * (allocation-free when `options` and `out` are reused).
 */
export function clusteredIntervalFromTotals(
  t: ClusterTotals,
  options: ClusteredIntervalOptions = DEFAULT_OPTIONS,
  out: ClusteredInterval = createClusteredInterval(),
): ClusteredInterval {
  const level = options.level ?? 0.95;
  const estimator = options.estimator ?? 'cr1';
  const critical = options.critical ?? 't';
  assertLevel(level);
  assertClusteredEstimator(estimator);
  if (critical !== 'z' && critical !== 't') {
    throw new InputError('critical', `must be 'z' or 't', got ${JSON.stringify(critical)}`);
  }
  const n = itemCountOfTotals(t);
  const mean = grandMeanOfTotals(t, n);
  const se = Math.sqrt(clusteredVarianceFromTotals(t, estimator));
  let df = Number.POSITIVE_INFINITY;
  if (critical === 't') df = estimator === 'cr2' ? cr2DegreesOfFreedom(t) : t.count - 1;
  const c = critical === 'z' ? normalCritical(level) : (options.tCriticalOf ?? tCritical)(level, df);
  out.estimate = mean;
  out.lower = mean - c * se;
  out.upper = mean + c * se;
  out.level = level;
  out.method = METHOD_NAMES[estimator][critical];
  out.standardError = se;
  out.degreesOfFreedom = df;
  out.critical = c;
  return out;
}

/**
 * Clustered interval for the mean of `scores` grouped by `clusters`.
 * Throws {@link InputError} for empty input, NaN scores, mismatched lengths, a single
 * cluster, a level outside (0, 1) or an unknown estimator/critical.
 */
export function clusteredInterval(
  scores: ArrayLike<number>,
  clusters: ArrayLike<ClusterId>,
  options: ClusteredIntervalOptions = {},
): ClusteredInterval {
  return clusteredIntervalFromTotals(clusterTotalsFromItems(scores, clusters), options);
}
