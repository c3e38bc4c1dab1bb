/**
 * Reports the invalid intervals of a run (base/invalidInterval.ts): per method and cell, how
 * many replications gave one and the first of them. The counts and first indices are kept in
 * each block's partial (cellPartial.ts: counts add, the first is the earliest block's), so
 * "first" is the same for any worker count, chunk size or shard split. Cells taken from
 * checkpoints are not re-read, so a resumed run reports only the cells it simulated.
 */
import { describeCell } from '../config/placeError.js';
import type { SimulationStudy } from '../config/study.js';

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

/** One method's invalid intervals in one cell, as a cell partial keeps them. */
export interface InvalidIntervalCount {
  readonly method: number;
  readonly count: number;
  readonly first: number;
}

/** The reports of one finished cell (methods with none left out), in method order. */
export function invalidIntervalReports(
  study: SimulationStudy,
  cell: number,
  counts: readonly InvalidIntervalCount[],
): InvalidIntervalReport[] {
  return counts
    .filter((entry) => entry.count > 0)
    .map(({ method, count, first }) => ({
      method: study.methods[method].id,
      cell,
      point: describeCell(study.cells[cell]),
      count,
      firstReplication: first,
    }));
}
