/**
 * Shared builder of the metrics whose sufficient statistic is a count of events among all the
 * replications the method ran on (mergeable by adding): the core measure turns (count, n)
 * into the share and its binomial MCSE. NaN when no replication had finite bounds (the method
 * never produced an interval), as for coverage.
 */
import type { Measure } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricDefinition } from '../base/roles.js';
import { CountingAccumulator } from './countingAccumulator.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

/** Whether a replication is an event (e.g. the truth lies below the lower bound). */
export type ReplicationEvent = (result: Readonly<MethodResult>, truth: number) => boolean;

const N = 0;
const EVENTS = 1;
const WITH_BOUNDS = 2;

class CountAccumulator extends CountingAccumulator {
  constructor(
    private readonly event: ReplicationEvent,
    private readonly measure: (count: number, n: number) => Measure,
  ) {
    super(3);
  }

  add(result: Readonly<MethodResult>, truth: number): void {
    const counts = this.counts;
    counts[N]++;
    if (!Number.isNaN(result.lower) && !Number.isNaN(result.upper)) counts[WITH_BOUNDS]++;
    if (this.event(result, truth)) counts[EVENTS]++;
  }

  result(): CountedMetricValue {
    const n = this.counts[N];
    const value = measureValue(n, 1, () => this.measure(this.counts[EVENTS], n));
    return this.counts[WITH_BOUNDS] === 0 ? { value: Number.NaN, mcse: Number.NaN, count: n } : value;
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
