/**
 * Shared builder of "mean of a per-replication quantity" metrics: the mean
 * over replications where the quantity is finite, with MCSE s/√n (Morris et
 * al. 2019, Table 6). Replications where it is not finite (a degenerate
 * replication without bounds, say) are left out and the count says how many
 * entered.
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator, MetricDefinition } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { meanMcse } from './monteCarloError.js';
import { RunningMoments } from './runningMoments.js';

/** Extracts the per-replication quantity (NaN when it does not apply). */
export type ReplicationQuantity = (result: Readonly<MethodResult>, truth: number) => number;

/** Streaming accumulator of the mean of `quantity` over replications. */
export class MeanAccumulator implements MetricAccumulator {
  private readonly moments = new RunningMoments();
  constructor(private readonly quantity: ReplicationQuantity) {}

  add(result: Readonly<MethodResult>, truth: number): void {
    const x = this.quantity(result, truth);
    if (Number.isFinite(x)) this.moments.add(x);
  }

  merge(other: MeanAccumulator): void {
    this.moments.merge(other.moments);
  }

  write(out: number[]): void {
    this.moments.write(out);
  }

  read(state: Float64Array, offset: number): number {
    return this.moments.read(state, offset);
  }

  result(): CountedMetricValue {
    const { count, mean } = this.moments;
    return { value: count > 0 ? mean : Number.NaN, mcse: meanMcse(this.moments.sd(), count), count };
  }
}

/** A metric that averages `quantity` over replications. */
export function meanOfMetric(
  name: string,
  description: string,
  quantity: ReplicationQuantity,
): MetricDefinition {
  return defineMetric({ name, description, options: {}, create: () => new MeanAccumulator(quantity) });
}
