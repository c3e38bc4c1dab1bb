/**
 * Shared state of the counting metrics (coverage, rejection rate, shares): a few integer
 * counters, merged by addition (exact: counts stay below 2^53), written as they are. A
 * subclass names its counters by index and implements `add` and `result`.
 */
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';

export abstract class CountingAccumulator implements MetricAccumulator {
  protected readonly counts: Float64Array;

  constructor(counters: number) {
    this.counts = new Float64Array(counters);
  }

  abstract add(result: Readonly<MethodResult>, truth: number): void;
  abstract result(): CountedMetricValue;

  merge(other: CountingAccumulator): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i] += other.counts[i];
  }

  write(out: number[]): void {
    for (const count of this.counts) out.push(count);
  }

  read(state: Float64Array, offset: number): number {
    this.counts.set(state.subarray(offset, offset + this.counts.length));
    return offset + this.counts.length;
  }
}
