/**
 * Turns one cell's per-replication records into result rows. Records must be
 * added in replication order (the runner guarantees it), so every streaming
 * accumulator sees the same sequence whatever the worker count or chunk size,
 * and the results are byte-identical.
 */
import { createMethodResult, type MethodResult } from '../base/methodResult.js';
import { RESULT_FIELDS, readResult, recordStride } from '../base/replicationRecord.js';
import type { MetricAccumulator } from '../base/roles.js';
import { MODEL_ROW_METHOD, type SimulationStudy, type Study } from '../config/study.js';
import { meanMcse } from '../metrics/monteCarloError.js';
import { RunningMoments } from '../metrics/runningMoments.js';
import type { ResultRow } from '../output/resultRow.js';

export class CellAggregator {
  private readonly accumulators: MetricAccumulator[][];
  private readonly degenerate: number[];
  private readonly diagnostics: RunningMoments[];
  private readonly diagnosticFailures: number[];
  private readonly stride: number;
  private readonly truth: number;
  private readonly result: MethodResult = createMethodResult();
  private next = 0;

  /** The replication the aggregator expects next. */
  get nextReplication(): number {
    return this.next;
  }

  constructor(
    private readonly study: SimulationStudy,
    private readonly cell: number,
    private readonly caps: readonly number[],
    private readonly replications: number,
  ) {
    this.accumulators = study.methods.map(() => study.metrics.map((m) => m.definition.create(m.options)));
    this.degenerate = study.methods.map(() => 0);
    this.diagnostics = study.diagnostics.map(() => new RunningMoments());
    this.diagnosticFailures = study.diagnostics.map(() => 0);
    this.stride = recordStride(study.methods.length, study.diagnostics.length);
    this.truth = study.model.truths[cell];
  }

  /** True once all replications have been added. */
  get complete(): boolean {
    return this.next >= this.replications;
  }

  /** Adds the records of replications [start, start + count); `start` must be the next replication. */
  add(records: Float64Array, start: number, count: number): void {
    if (start !== this.next)
      throw new Error(`cell ${this.cell}: got replication ${start}, expected ${this.next}`);
    const { stride, result, truth, caps } = this;
    const methodCount = this.accumulators.length;
    const diagnosticOffset = methodCount * RESULT_FIELDS;
    for (let i = 0; i < count; i++) {
      const r = start + i;
      const base = i * stride;
      for (let j = 0; j < methodCount; j++) {
        if (r >= caps[j]) continue;
        readResult(records, base + j * RESULT_FIELDS, result);
        if (result.degenerate) this.degenerate[j]++;
        for (const accumulator of this.accumulators[j]) accumulator.add(result, truth);
      }
      for (let d = 0; d < this.diagnostics.length; d++) {
        const x = records[base + diagnosticOffset + d];
        if (Number.isFinite(x)) this.diagnostics[d].add(x);
        else this.diagnosticFailures[d]++;
      }
    }
    this.next += count;
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

/** The formula rows of a cell (mcse 0, replications 0); a formula restricted to other cells has none. */
export function formulaRows(study: Study, cell: number): ResultRow[] {
  const params = study.cells[cell].point;
  const rows: ResultRow[] = [];
  for (const formula of study.formulas) {
    const value = formula.values[cell];
    if (value === undefined) continue;
    rows.push({
      cell,
      params,
      method: formula.id,
      metric: formula.metric,
      value,
      mcse: 0,
      replications: 0,
      degenerate: 0,
      published: null,
      tolerance: null,
      within: null,
    });
  }
  return rows;
}
