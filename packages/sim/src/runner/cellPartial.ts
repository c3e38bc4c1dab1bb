/**
 * The mergeable state of (part of) one cell: every method's metric accumulators, its count of
 * degenerate replications, and the model diagnostics' moments. A worker `add`s one block's
 * records, in replication order, to a fresh CellPartial and `write`s it; the main thread `read`s
 * each block's state into a scratch CellPartial and `merge`s it into the cell's, in block order
 * (blocks.ts), then turns the cell's into result rows. Aggregation therefore never depends on
 * worker count, chunk size, resume point or shard split.
 *
 * State layout (Float64): per method, its degenerate count, its count of invalid intervals
 * (lower > upper or one NaN bound, base/invalidInterval.ts) and the first of them (−1 for none),
 * then each metric's state (metric order); then per diagnostic its moments [count, mean, M2] and
 * its failure count.
 */
import { isInvalidInterval } from '../base/invalidInterval.js';
import { createMethodResult, type MethodResult } from '../base/methodResult.js';
import { RESULT_FIELDS, readResult, recordStride } from '../base/replicationRecord.js';
import type { MetricAccumulator } from '../base/roles.js';
import { MODEL_ROW_METHOD, type SimulationStudy } from '../config/study.js';
import { meanMcse } from '../metrics/monteCarloError.js';
import { RunningMoments } from '../metrics/runningMoments.js';
import type { ResultRow } from '../output/resultRow.js';
import type { InvalidIntervalCount } from './invalidIntervals.js';

export class CellPartial {
  private readonly accumulators: MetricAccumulator[][];
  private readonly degenerate: Float64Array;
  private readonly invalid: Float64Array;
  private readonly firstInvalid: Float64Array;
  private readonly diagnostics: RunningMoments[];
  private readonly diagnosticFailures: Float64Array;
  private readonly stride: number;
  private readonly truth: number;
  private readonly results: MethodResult[];

  constructor(
    private readonly study: SimulationStudy,
    private readonly cell: number,
    private readonly caps: readonly number[],
  ) {
    const methods = study.methods.map((m) => m.id);
    this.accumulators = study.methods.map((_, method) =>
      study.metrics.map((m) => m.definition.create(m.options, { methods, method })),
    );
    this.degenerate = new Float64Array(study.methods.length);
    this.invalid = new Float64Array(study.methods.length);
    this.firstInvalid = new Float64Array(study.methods.length).fill(-1);
    this.diagnostics = study.diagnostics.map(() => new RunningMoments());
    this.diagnosticFailures = new Float64Array(study.diagnostics.length);
    this.stride = recordStride(study.methods.length, study.diagnostics.length);
    this.truth = study.model.truths[cell];
    this.results = study.methods.map(() => createMethodResult());
  }

  /** Adds the records of replications [start, start + count) (`records` holds them from its index 0). */
  add(records: Float64Array, start: number, count: number): void {
    const { stride, results, truth, caps } = this;
    const methodCount = this.accumulators.length;
    const diagnosticOffset = methodCount * RESULT_FIELDS;
    for (let i = 0; i < count; i++) {
      const r = start + i;
      const base = i * stride;
      for (let j = 0; j < methodCount; j++) readResult(records, base + j * RESULT_FIELDS, results[j]);
      for (let j = 0; j < methodCount; j++) {
        if (r >= caps[j]) continue;
        const result = results[j];
        if (result.degenerate) this.degenerate[j]++;
        if (isInvalidInterval(result.lower, result.upper)) {
          if (this.invalid[j]++ === 0) this.firstInvalid[j] = r;
        }
        for (const accumulator of this.accumulators[j]) accumulator.add(result, truth, results);
      }
      for (let d = 0; d < this.diagnostics.length; d++) {
        const x = records[base + diagnosticOffset + d];
        if (Number.isFinite(x)) this.diagnostics[d].add(x);
        else this.diagnosticFailures[d]++;
      }
    }
  }

  /** Folds `other` (the same cell's later blocks) into this state. */
  merge(other: CellPartial): void {
    this.accumulators.forEach((row, j) => {
      this.degenerate[j] += other.degenerate[j];
      // Blocks merge in order: the first invalid interval is this state's, else the other's.
      if (this.invalid[j] === 0) this.firstInvalid[j] = other.firstInvalid[j];
      this.invalid[j] += other.invalid[j];
      row.forEach((accumulator, k) => {
        accumulator.merge(other.accumulators[j][k]);
      });
    });
    this.diagnostics.forEach((moments, d) => {
      moments.merge(other.diagnostics[d]);
      this.diagnosticFailures[d] += other.diagnosticFailures[d];
    });
  }

  /** Appends the state to `out` (layout in the module comment). */
  write(out: number[]): void {
    this.accumulators.forEach((row, j) => {
      out.push(this.degenerate[j], this.invalid[j], this.firstInvalid[j]);
      for (const accumulator of row) accumulator.write(out);
    });
    this.diagnostics.forEach((moments, d) => {
      moments.write(out);
      out.push(this.diagnosticFailures[d]);
    });
  }

  /** Replaces the state by the one at `offset` of `state`; returns the offset after it. */
  read(state: Float64Array, offset: number): number {
    let at = offset;
    this.accumulators.forEach((row, j) => {
      this.degenerate[j] = state[at++];
      this.invalid[j] = state[at++];
      this.firstInvalid[j] = state[at++];
      for (const accumulator of row) at = accumulator.read(state, at);
    });
    this.diagnostics.forEach((moments, d) => {
      at = moments.read(state, at);
      this.diagnosticFailures[d] = state[at++];
    });
    return at;
  }

  /** Each method's invalid intervals so far: count and first replication (−1 for none). */
  invalidIntervals(): InvalidIntervalCount[] {
    return this.study.methods.map((_, method) => ({
      method,
      count: this.invalid[method],
      first: this.firstInvalid[method],
    }));
  }

  /** The cell's rows: each method × metric, then each diagnostic (method "model"); no expectations yet. */
  rows(): ResultRow[] {
    const { study, cell } = this;
    const params = study.cells[cell].point;
    const rows: ResultRow[] = [];
    const base = { cell, params, published: null, tolerance: null, within: null };
    study.methods.forEach((method, j) => {
      study.metrics.forEach((metric, k) => {
        const value = this.accumulators[j][k].result();
        rows.push({
          ...base,
          method: method.id,
          metric: metric.id,
          value: value.value,
          mcse: value.mcse,
          replications: value.count ?? this.caps[j],
          degenerate: this.degenerate[j],
        });
      });
    });
    study.diagnostics.forEach((name, d) => {
      const moments = this.diagnostics[d];
      rows.push({
        ...base,
        method: MODEL_ROW_METHOD,
        metric: name,
        value: moments.count > 0 ? moments.mean : Number.NaN,
        mcse: meanMcse(moments.sd(), moments.count),
        replications: moments.count,
        degenerate: this.diagnosticFailures[d],
      });
    });
    return rows;
  }
}
