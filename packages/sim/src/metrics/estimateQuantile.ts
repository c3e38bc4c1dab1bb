/**
 * Sample quantile of the estimates over replications (metric `estimateQuantile`, option
 * `q` in (0, 1)), from a {@link QuantileSketch} at relative resolution 1e-4 (flat memory;
 * Hyndman & Fan 1996 type 7 interpolation; values of a discrete statistic come out exact,
 * e.g. a median of 4 significant pairs is 4), e.g. the median (q: 0.5) and 95th percentile
 * (q: 0.95) of a leaderboard's top-minus-bottom gap.
 *
 * MCSE: the SD of the exact bootstrap distribution of the sample quantile (quantileMcse.ts),
 * which for a discrete statistic is the spread of the support values a rerun could give.
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { quantileMcse } from './quantileMcse.js';
import { QuantileSketch } from './quantileSketch.js';

class QuantileAccumulator implements MetricAccumulator {
  private readonly sketch = new QuantileSketch(1e-4);
  constructor(private readonly q: number) {}

  add(result: Readonly<MethodResult>): void {
    if (Number.isFinite(result.estimate)) this.sketch.add(result.estimate);
  }

  merge(other: QuantileAccumulator): void {
    this.sketch.merge(other.sketch);
  }

  write(out: number[]): void {
    this.sketch.write(out);
  }

  read(state: Float64Array, offset: number): number {
    return this.sketch.read(state, offset);
  }

  result(): CountedMetricValue {
    const [value] = this.sketch.quantiles([this.q]);
    return { value, mcse: quantileMcse(this.sketch, this.q), count: this.sketch.count };
  }
}

export const estimateQuantile = defineMetric({
  name: 'estimateQuantile',
  description:
    'q-quantile (option q in (0, 1)) of the finite estimates over replications (streaming, relative resolution 1e-4, exact for discrete values); MCSE: SD of its exact bootstrap distribution.',
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
