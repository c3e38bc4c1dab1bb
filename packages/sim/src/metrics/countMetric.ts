/**
 * Shared builder of the metrics whose sufficient statistic is a count of events among all the
 * replications the method ran on (mergeable by adding): the core measure turns (count, n)
 * into the share and its binomial MCSE. NaN when no replication had finite bounds (the method
 * never produced an interval), as for coverage.
 */
import type { Measure } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator, MetricDefinition } from '../base/roles.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

/** Whether a replication is an event (e.g. the truth lies below the lower bound). */
export type ReplicationEvent = (result: Readonly<MethodResult>, truth: number) => boolean;

class CountAccumulator implements MetricAccumulator {
  private n = 0;
  private events = 0;
  private withBounds = 0;
  constructor(
    private readonly event: ReplicationEvent,
    private readonly measure: (count: number, n: number) => Measure,
  ) {}

  add(result: Readonly<MethodResult>, truth: number): void {
    this.n++;
    if (!Number.isNaN(result.lower) && !Number.isNaN(result.upper)) this.withBounds++;
    if (this.event(result, truth)) this.events++;
  }

  result(): CountedMetricValue {
    const value = measureValue(this.n, 1, () => this.measure(this.events, this.n));
    return this.withBounds === 0 ? { value: Number.NaN, mcse: Number.NaN, count: this.n } : value;
  }
}

/** A metric: the share of replications that are `event`s, by the core `measure`. */
export function countMetric(
  name: string,
  description: string,
  event: ReplicationEvent,
  measure: (count: number, n: number) => Measure,
): MetricDefinition {
  return defineMetric({ name, description, options: {}, create: () => new CountAccumulator(event, measure) });
}
