/**
 * Shared builder of the metrics whose sufficient statistic is ONE moment state (n, mean, M2;
 * core's `MomentState`, mergeable by Chan et al.'s formula) of a per-replication quantity,
 * over the replications where that quantity is finite: the core measure turns the state
 * (and the cell's truth) into the estimate and its MCSE. State: [n, mean, M2, truth].
 */
import { addToMoments, createMoments, type Measure, type MomentState, mergeMoments } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator, MetricDefinition } from '../base/roles.js';
import type { ReplicationQuantity } from './meanOfMetric.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

/** The core measure of the state; `undefined` when it is undefined for this truth. */
export type MomentsMeasure = (state: Readonly<MomentState>, truth: number) => Measure | undefined;

class MomentsAccumulator implements MetricAccumulator {
  private state = createMoments();
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

  merge(other: MomentsAccumulator): void {
    this.state = mergeMoments(this.state, other.state);
    if (Number.isNaN(this.truth)) this.truth = other.truth;
  }

  write(out: number[]): void {
    out.push(this.state.n, this.state.mean, this.state.m2, this.truth);
  }

  read(state: Float64Array, offset: number): number {
    this.state = { n: state[offset], mean: state[offset + 1], m2: state[offset + 2] };
    this.truth = state[offset + 3];
    return offset + 4;
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
