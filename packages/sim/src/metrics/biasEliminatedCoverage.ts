/**
 * Bias-eliminated coverage P(L ≤ θ̄ ≤ U), θ̄ the mean of the finite estimates (Morris et al.
 * 2019, Table 6; rsimsum's `becover`), binomial MCSE: core `biasEliminatedCoverageMeasure`.
 *
 * θ̄ is known only at the end, so the accumulator keeps the exact sufficient statistic core
 * documents: the lower and the upper bounds of every replication with an interval as sorted
 * runs (distinct values with counts, canonical whatever the order: core `sortedRuns`), the
 * replication count and the moment state of the estimates. Pending bounds are counted by value
 * (discrete bounds: one Map update per replication) or, once they are many distinct values,
 * buffered and folded into the runs when the buffer is as long as the runs (O(n log n)). A
 * replication without an interval (NaN bound, or lower > upper) keeps no bounds and counts as
 * a miss, as for coverage. NaN when the method never produced an interval.
 *
 * Memory: 16 bytes per DISTINCT bound — flat for a proportion's intervals over N items (at most
 * N + 1 values), but up to 32 bytes per replication for continuous bounds (the one metric that
 * is not flat in the replications).
 *
 * Mergeable across blocks and shards: counts add, the moment states merge by Chan's formula,
 * the runs merge exactly (core `mergeSortedRuns`). State: [n, kept, estimates n, mean, M2,
 * lower runs length L, L values, L counts, upper runs length U, U values, U counts].
 */
import {
  addToMoments,
  biasEliminatedCoverageMeasure,
  createMoments,
  mergeMoments,
  mergeSortedRuns,
  type SortedRuns,
  sortedRuns,
} from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

const MIN_BUFFER = 4096;

/**
 * One bound's runs, plus the bounds not yet folded in. New bounds are counted by value in a Map
 * while it holds at most MIN_BUFFER distinct values (a discrete bound, e.g. a proportion's, then
 * costs one Map update per replication and never leaves that mode); past that the bounds go to
 * a plain buffer, folded in (sort, run-length encode, merge) once it is as long as the runs, so
 * continuous bounds cost O(n log n) in all.
 */
class BoundRuns {
  private runs: SortedRuns = sortedRuns([]);
  private readonly distinct = new Map<number, number>();
  private buffer = new Float64Array(MIN_BUFFER);
  private buffered = 0;

  add(x: number): void {
    if (this.buffered === 0 && (this.distinct.size < MIN_BUFFER || this.distinct.has(x))) {
      this.distinct.set(x, (this.distinct.get(x) ?? 0) + 1);
      return;
    }
    if (this.buffered === this.buffer.length) {
      const larger = new Float64Array(this.buffer.length * 2);
      larger.set(this.buffer);
      this.buffer = larger;
    }
    this.buffer[this.buffered++] = x;
    if (this.buffered >= Math.max(MIN_BUFFER, this.runs.values.length)) this.fold();
  }

  /** Folds everything pending into the runs and returns them. */
  fold(): SortedRuns {
    if (this.distinct.size > 0) {
      const values = Float64Array.from(this.distinct.keys()).sort();
      const counts = new Float64Array(values.length);
      for (let i = 0; i < values.length; i++) counts[i] = this.distinct.get(values[i]) ?? 0;
      this.distinct.clear();
      this.runs = mergeSortedRuns(this.runs, { values, counts });
    }
    if (this.buffered > 0) {
      this.runs = mergeSortedRuns(this.runs, sortedRuns(this.buffer.subarray(0, this.buffered)));
      this.buffered = 0;
    }
    return this.runs;
  }

  /** Replaces everything by `runs`. */
  reset(runs: SortedRuns): void {
    this.distinct.clear();
    this.buffered = 0;
    this.runs = runs;
  }

  write(out: number[]): void {
    const { values, counts } = this.fold();
    out.push(values.length);
    for (const v of values) out.push(v);
    for (const c of counts) out.push(c);
  }

  read(state: Float64Array, offset: number): number {
    const length = state[offset];
    const values = state.slice(offset + 1, offset + 1 + length);
    const counts = state.slice(offset + 1 + length, offset + 1 + 2 * length);
    this.reset({ values, counts });
    return offset + 1 + 2 * length;
  }
}

class BiasEliminatedCoverageAccumulator implements MetricAccumulator {
  private n = 0;
  private kept = 0;
  private readonly lower = new BoundRuns();
  private readonly upper = new BoundRuns();
  private estimates = createMoments();

  add(result: Readonly<MethodResult>): void {
    this.n++;
    if (Number.isFinite(result.estimate)) addToMoments(this.estimates, result.estimate);
    if (!(result.lower <= result.upper)) return; // NaN bound or lower > upper: no interval
    this.lower.add(result.lower);
    this.upper.add(result.upper);
    this.kept++;
  }

  merge(other: BiasEliminatedCoverageAccumulator): void {
    this.n += other.n;
    this.kept += other.kept;
    this.estimates = mergeMoments(this.estimates, other.estimates);
    this.lower.reset(mergeSortedRuns(this.lower.fold(), other.lower.fold()));
    this.upper.reset(mergeSortedRuns(this.upper.fold(), other.upper.fold()));
  }

  write(out: number[]): void {
    out.push(this.n, this.kept, this.estimates.n, this.estimates.mean, this.estimates.m2);
    this.lower.write(out);
    this.upper.write(out);
  }

  read(state: Float64Array, offset: number): number {
    this.n = state[offset];
    this.kept = state[offset + 1];
    this.estimates = { n: state[offset + 2], mean: state[offset + 3], m2: state[offset + 4] };
    return this.upper.read(state, this.lower.read(state, offset + 5));
  }

  result(): CountedMetricValue {
    if (this.kept === 0 || this.estimates.n === 0)
      return { value: Number.NaN, mcse: Number.NaN, count: this.n };
    const lower = this.lower.fold();
    const upper = this.upper.fold();
    return measureValue(this.n, 1, () =>
      biasEliminatedCoverageMeasure(lower, upper, this.n, this.estimates.mean),
    );
  }
}

export const biasEliminatedCoverage = defineMetric({
  name: 'biasEliminatedCoverage',
  description:
    'Share of replications with lower ≤ mean estimate ≤ upper (coverage of the mean estimate, so bias does not count); keeps every distinct bound; binomial MCSE.',
  options: {},
  create: () => new BiasEliminatedCoverageAccumulator(),
});
