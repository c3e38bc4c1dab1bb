/**
 * Relative % error in the model SE, 100·(ModSE/EmpSE − 1) (Morris et al. 2019, Table 6;
 * rsimsum's `relerror`), with rsimsum's MCSE: core `relativeErrorModelSEMeasure` over the
 * moment states of SE² and of θ̂, both over the replications with a finite estimate AND a
 * finite SE. NaN when the estimates do not vary (EmpSE = 0). Mergeable: both moment states
 * merge by Chan's formula; state [n, mean, M2 of SE², n, mean, M2 of θ̂].
 */
import { addToMoments, createMoments, mergeMoments, relativeErrorModelSEMeasure } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

class RelativeErrorAccumulator implements MetricAccumulator {
  private squaredSEs = createMoments();
  private estimates = createMoments();

  add(result: Readonly<MethodResult>): void {
    if (!Number.isFinite(result.estimate) || !Number.isFinite(result.se)) return;
    addToMoments(this.squaredSEs, result.se * result.se);
    addToMoments(this.estimates, result.estimate);
  }

  merge(other: RelativeErrorAccumulator): void {
    this.squaredSEs = mergeMoments(this.squaredSEs, other.squaredSEs);
    this.estimates = mergeMoments(this.estimates, other.estimates);
  }

  write(out: number[]): void {
    const { squaredSEs: a, estimates: b } = this;
    out.push(a.n, a.mean, a.m2, b.n, b.mean, b.m2);
  }

  read(state: Float64Array, offset: number): number {
    this.squaredSEs = { n: state[offset], mean: state[offset + 1], m2: state[offset + 2] };
    this.estimates = { n: state[offset + 3], mean: state[offset + 4], m2: state[offset + 5] };
    return offset + 6;
  }

  result(): CountedMetricValue {
    return measureValue(this.estimates.n, 2, () =>
      relativeErrorModelSEMeasure(this.squaredSEs, this.estimates),
    );
  }
}

export const relativeErrorModelSE = defineMetric({
  name: 'relativeErrorModelSE',
  description:
    'Relative % error in the model SE, 100 (ModSE/EmpSE − 1), over replications with a finite estimate and SE; NaN when EmpSE = 0; MCSE as rsimsum.',
  options: {},
  create: () => new RelativeErrorAccumulator(),
});
