/**
 * A core performance measure (`@evalsim/core`'s measures/) as a metric value: the estimate and
 * its MCSE, NaN when fewer than `minCount` replications entered (a Monte Carlo SE needs two)
 * or when the measure is undefined for these statistics (`undefined` from `compute`, or a
 * measure marked degenerate, e.g. a relative error over a zero empirical SE).
 */
import type { Measure } from '@evalsim/core';
import type { CountedMetricValue } from './metricValue.js';

export function measureValue(
  count: number,
  minCount: number,
  compute: () => Measure | undefined,
): CountedMetricValue {
  const m = count >= minCount ? compute() : undefined;
  if (m === undefined || m.degenerate) return { value: Number.NaN, mcse: Number.NaN, count };
  return { value: m.estimate, mcse: m.mcse, count };
}
