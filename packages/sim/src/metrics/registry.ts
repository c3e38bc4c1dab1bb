/** The metrics a study can name in `metrics`. */
import { createRegistry, type Registry } from '../base/registry.js';
import type { MetricDefinition } from '../base/roles.js';
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
import { noncoverage } from './noncoverage.js';
import { rejectionRate } from './rejectionRate.js';

/** Every metric a study can name, in listing order. */
export const metricRegistry: Registry<MetricDefinition> = createRegistry('metric', [
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
  // audit (issue 12): one-sided misses
  noncoverage,
]);
