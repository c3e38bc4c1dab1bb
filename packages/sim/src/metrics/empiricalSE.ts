/**
 * Empirical standard error: the sample s.d. of the point estimates over
 * replications, √(Σ(θ̂ᵢ − θ̄)²/(n − 1)), with MCSE s/√(2(n − 1)) (Morris,
 * White & Crowther 2019, Stat. Med. 38:2074, Table 6).
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { sdMcse } from './monteCarloError.js';
import { RunningMoments } from './runningMoments.js';

class EmpiricalSEAccumulator implements MetricAccumulator {
  private readonly moments = new RunningMoments();

  add(result: Readonly<MethodResult>): void {
    if (Number.isFinite(result.estimate)) this.moments.add(result.estimate);
  }

  merge(other: EmpiricalSEAccumulator): void {
    this.moments.merge(other.moments);
  }

  write(out: number[]): void {
    this.moments.write(out);
  }

  read(state: Float64Array, offset: number): number {
    return this.moments.read(state, offset);
  }

  result(): CountedMetricValue {
    const sd = this.moments.sd();
    return { value: sd, mcse: sdMcse(sd, this.moments.count), count: this.moments.count };
  }
}

export const empiricalSE = defineMetric({
  name: 'empiricalSE',
  description: 'Standard deviation of the point estimates over replications; MCSE s/√(2(n − 1)).',
  options: {},
  create: () => new EmpiricalSEAccumulator(),
});
