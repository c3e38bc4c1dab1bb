/**
 * Sample quantile of the estimates over replications (metric `estimateQuantile`, option
 * `q` in (0, 1)), from a {@link QuantileSketch} at relative resolution 1e-4 (flat memory;
 * Hyndman & Fan 1996 type 7 interpolation), e.g. the median (q: 0.5) and 95th percentile
 * (q: 0.95) of a leaderboard's top-minus-bottom gap.
 *
 * MCSE: half the spread of the order statistics at ranks n(q ± √(q(1 − q)/n)),
 *   (Q(q + √(q(1 − q)/n)) − Q(q − √(q(1 − q)/n)))/2,
 * which estimates the asymptotic SE √(q(1 − q)/n)/f(Q(q)) without estimating the density
 * (the distribution-free order-statistic interval at z = 1; Conover 1999, "Practical
 * Nonparametric Statistics", §3.2; at q = ½ it is medianWidth's MCSE). For a discrete
 * estimate the quantile moves in steps and the MCSE can be 0 when both ranks fall on one value.
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { QuantileSketch } from './quantileSketch.js';

/** MCSE of the sample q-quantile of the values in `sketch` (see module doc). */
export function quantileMcse(sketch: QuantileSketch, q: number): number {
  const n = sketch.count;
  if (n < 2) return Number.NaN;
  const half = Math.sqrt((q * (1 - q)) / n);
  const [low, high] = sketch.quantiles([Math.max(0, q - half), Math.min(1, q + half)]);
  return (high - low) / 2;
}

class QuantileAccumulator implements MetricAccumulator {
  private readonly sketch = new QuantileSketch(1e-4);
  constructor(private readonly q: number) {}

  add(result: Readonly<MethodResult>): void {
    if (Number.isFinite(result.estimate)) this.sketch.add(result.estimate);
  }

  result(): CountedMetricValue {
    const [value] = this.sketch.quantiles([this.q]);
    return { value, mcse: quantileMcse(this.sketch, this.q), count: this.sketch.count };
  }
}

export const estimateQuantile = defineMetric({
  name: 'estimateQuantile',
  description:
    'q-quantile (option q in (0, 1)) of the finite estimates over replications (streaming, relative resolution 1e-4); MCSE from the order statistics at n(q ± √(q(1 − q)/n)).',
  options: {
    q: {
      type: 'number',
      min: 0,
      minExclusive: true,
      max: 1,
      maxExclusive: true,
      required: true,
      allowed: 'a number in (0, 1), e.g. 0.5 or 0.95',
      description: 'The probability of the quantile (0.5: the median).',
    },
  },
  create: ({ q }) => new QuantileAccumulator(q),
});
