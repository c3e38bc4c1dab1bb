import type { MetricValue } from '../base/roles.js';

/** A metric's value, its Monte Carlo SE and how many replications entered it. */
export interface CountedMetricValue extends MetricValue {
  /** Replications that entered the metric (e.g. those with a finite width for meanWidth). */
  readonly count: number;
}
