/**
 * Shared builder of the metrics whose sufficient statistic is ONE moment state (n, mean, M2;
 * core's `MomentState`, mergeable by Chan et al.'s formula) of a per-replication quantity,
 * over the replications where that quantity is finite: the core measure turns the state
 * (and the cell's truth) into the estimate and its MCSE.
 */
import { addToMoments, createMoments, type Measure, type MomentState } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator, MetricDefinition } from '../base/roles.js';
import type { ReplicationQuantity } from './meanOfMetric.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

/** The core measure of the state; `undefined` when it is undefined for this truth. */
export type MomentsMeasure = (state: Readonly<MomentState>, truth: number) => Measure | undefined;

class MomentsAccumulator implements MetricAccumulator {
  private readonly state = createMoments();
  private truth = Number.NaN;
  constructor(
    private readonly quantity: ReplicationQuantity,
    private readonly measure: MomentsMeasure,
  ) {}

  add(result: Readonly<MethodResult>, truth: number): void {
    this.truth = truth;
    const x = this.quantity(result, truth);
    if (Number.isFinite(x)) addToMoments(this.state, x);
  }

  result(): CountedMetricValue {
    return measureValue(this.state.n, 2, () => this.measure(this.state, this.truth));
  }
}

/** A metric that summarises the moments of `quantity` with the core `measure`. */
export function momentsMetric(
  name: string,
  description: string,
  quantity: ReplicationQuantity,
  measure: MomentsMeasure,
): MetricDefinition {
  return defineMetric({
    name,
    description,
    options: {},
    create: () => new MomentsAccumulator(quantity, measure),
  });
}
