/**
 * Median interval width over replications with finite bounds, from a
 * {@link QuantileSketch} at relative resolution 1e-4 (so memory stays flat).
 *
 * MCSE: the order-statistic approximation
 *   (Q(½ + 1/(2√n)) − Q(½ − 1/(2√n))) / 2,
 * half the spread of the ranks n/2 ± √n/2, which estimates the asymptotic
 * SE 1/(2 f(med) √n) of a sample median without estimating the density f
 * (the distribution-free interval for a median at z = 1; Conover 1999,
 * "Practical Nonparametric Statistics", §3.2; cf. Price & Bonett 2001,
 * J. Stat. Comput. Simul. 68:295).
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { QuantileSketch } from './quantileSketch.js';

/** MCSE of a sample median of n values, from a sketch of them (see module doc). */
export function medianMcse(sketch: QuantileSketch): number {
  const n = sketch.count;
  if (n < 2) return Number.NaN;
  const half = 1 / (2 * Math.sqrt(n));
  const [low, high] = sketch.quantiles([0.5 - half, 0.5 + half]);
  return (high - low) / 2;
}

class MedianWidthAccumulator implements MetricAccumulator {
  private readonly sketch = new QuantileSketch(1e-4);

  add(result: Readonly<MethodResult>): void {
    const width = result.upper - result.lower;
    if (Number.isFinite(width)) this.sketch.add(width);
  }

  result(): CountedMetricValue {
    const [median] = this.sketch.quantiles([0.5]);
    return { value: median, mcse: medianMcse(this.sketch), count: this.sketch.count };
  }
}

export const medianWidth = defineMetric({
  name: 'medianWidth',
  description:
    'Median interval width over replications with finite bounds (streaming, relative resolution 1e-4); MCSE from the order statistics at n/2 ± √n/2.',
  options: {},
  create: () => new MedianWidthAccumulator(),
});
