/** The metrics a study can name in `metrics`. */
import { ConfigError } from '../config/errors.js';
import type { MetricDefinition } from '../types.js';
import { bias } from './bias.js';
import { boundsOutOfRange } from './boundsOutOfRange.js';
import { coverage } from './coverage.js';
import { empiricalSE } from './empiricalSE.js';
import { estimateQuantile } from './estimateQuantile.js';
import { estimateShare } from './estimateShare.js';
import { estimateVariance } from './estimateVariance.js';
import { meanEstimate } from './meanEstimate.js';
import { meanSE } from './meanSE.js';
import { meanWidth } from './meanWidth.js';
import { medianWidth } from './medianWidth.js';
import { rejectionRate } from './rejectionRate.js';

// biome-ignore lint/suspicious/noExplicitAny: each metric has its own option type.
type AnyMetric = MetricDefinition<any>;

const metricList: readonly AnyMetric[] = [
  coverage,
  meanWidth,
  medianWidth,
  boundsOutOfRange,
  rejectionRate,
  meanEstimate,
  bias,
  empiricalSE,
  meanSE,
  estimateShare,
  estimateQuantile,
  estimateVariance,
];

/** Every metric by name. */
export const metricRegistry: Map<string, AnyMetric> = new Map(
  metricList.map((metric) => [metric.name, metric]),
);

/** The metric called `name`; throws a ConfigError listing the known names. */
export function getMetric(name: string, path = 'metric'): AnyMetric {
  const metric = metricRegistry.get(name);
  if (!metric)
    throw ConfigError.invalid(path, name, `one of the metrics ${[...metricRegistry.keys()].join(', ')}`);
  return metric;
}
