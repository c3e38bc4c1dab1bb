/**
 * Median interval width over replications with finite bounds, from a
 * {@link QuantileSketch} at relative resolution 1e-4 (so memory stays flat).
 * MCSE: the SD of the sample median's exact bootstrap distribution
 * (quantileMcse.ts; Maritz & Jarrett 1978), ≈ 1/(2 f(med) √n) for a continuous width.
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { quantileMcse } from './quantileMcse.js';
import { QuantileSketch } from './quantileSketch.js';

class MedianWidthAccumulator implements MetricAccumulator {
  private readonly sketch = new QuantileSketch(1e-4);

  add(result: Readonly<MethodResult>): void {
    const width = result.upper - result.lower;
    if (Number.isFinite(width)) this.sketch.add(width);
  }

  merge(other: MedianWidthAccumulator): void {
    this.sketch.merge(other.sketch);
  }

  write(out: number[]): void {
    this.sketch.write(out);
  }

  read(state: Float64Array, offset: number): number {
    return this.sketch.read(state, offset);
  }

  result(): CountedMetricValue {
    const [median] = this.sketch.quantiles([0.5]);
    return { value: median, mcse: quantileMcse(this.sketch, 0.5), count: this.sketch.count };
  }
}

export const medianWidth = defineMetric({
  name: 'medianWidth',
  description:
    'Median interval width over replications with finite bounds (streaming, relative resolution 1e-4); MCSE: SD of its exact bootstrap distribution.',
  options: {},
  create: () => new MedianWidthAccumulator(),
});
