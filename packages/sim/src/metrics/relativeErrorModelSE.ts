/**
 * Relative % error in the model SE, 100·(ModSE/EmpSE − 1) (Morris et al. 2019, Table 6;
 * rsimsum's `relerror`), with rsimsum's MCSE: core `relativeErrorModelSEMeasure` over the
 * moment states of SE² and of θ̂, both over the replications with a finite estimate AND a
 * finite SE. NaN when the estimates do not vary (EmpSE = 0).
 */
import { addToMoments, createMoments, relativeErrorModelSEMeasure } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

class RelativeErrorAccumulator implements MetricAccumulator {
  private readonly squaredSEs = createMoments();
  private readonly estimates = createMoments();

  add(result: Readonly<MethodResult>): void {
    if (!Number.isFinite(result.estimate) || !Number.isFinite(result.se)) return;
    addToMoments(this.squaredSEs, result.se * result.se);
    addToMoments(this.estimates, result.estimate);
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
