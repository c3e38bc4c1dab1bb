/**
 * Reports the invalid intervals of a run (base/invalidInterval.ts): per method and cell,
 * how many replications gave one and the first of them. Fed each cell's chunk records in
 * replication order (runStudy's onChunk), so "first" is the same for any worker count or
 * chunk size. Cells taken from checkpoints are not re-read, so a resumed run reports only
 * the cells it simulated. Reading a record allocates nothing.
 */
import { isInvalidInterval } from '../base/invalidInterval.js';
import { RESULT_FIELDS, recordStride } from '../base/replicationRecord.js';
import { describeCell } from '../config/placeError.js';
import type { SimulationStudy } from '../config/study.js';

/** Offsets of the bounds within a method's record fields (replicationRecord.ts). */
const LOWER = 2;
const UPPER = 3;

export interface InvalidIntervalReport {
  readonly method: string;
  readonly cell: number;
  /** The cell's grid point, as `k=v, …`. */
  readonly point: string;
  /** Replications whose interval was invalid (each counted as degenerate). */
  readonly count: number;
  /** The first of them (0-based replication index). */
  readonly firstReplication: number;
}

export class InvalidIntervals {
  private readonly stride: number;
  private readonly next = new Map<number, number>();
  private readonly found = new Map<string, { method: number; cell: number; count: number; first: number }>();

  constructor(private readonly study: SimulationStudy) {
    this.stride = recordStride(study.methods.length, study.diagnostics.length);
  }

  /** The next `count` replications of `cell`, in order. */
  add(cell: number, records: Float64Array, count: number): void {
    const start = this.next.get(cell) ?? 0;
    this.next.set(cell, start + count);
    const methods = this.study.methods.length;
    for (let i = 0; i < count; i++) {
      for (let j = 0; j < methods; j++) {
        const at = i * this.stride + j * RESULT_FIELDS;
        if (!isInvalidInterval(records[at + LOWER], records[at + UPPER])) continue;
        const key = `${cell}/${j}`;
        const entry = this.found.get(key);
        if (entry) entry.count++;
        else this.found.set(key, { method: j, cell, count: 1, first: start + i });
      }
    }
  }

  /** What was found, by cell then method. */
  report(): InvalidIntervalReport[] {
    return [...this.found.values()]
      .sort((a, b) => a.cell - b.cell || a.method - b.method)
      .map(({ method, cell, count, first }) => ({
        method: this.study.methods[method].id,
        cell,
        point: describeCell(this.study.cells[cell]),
        count,
        firstReplication: first,
      }));
  }
}
