/**
 * The warning printed on stderr after a run whose methods gave invalid intervals (lower >
 * upper, or one NaN bound; counted as degenerate): one line per method and cell, with the
 * first offending replication, so a broken user method is seen, not silently averaged.
 */

export interface InvalidIntervalLine {
  readonly method: string;
  readonly cell: number;
  readonly point: string;
  readonly count: number;
  readonly firstReplication: number;
}

/** One warning line per report (none when there are none). */
export function formatInvalidIntervals(study: string, reports: readonly InvalidIntervalLine[]): string[] {
  return reports.map(
    (r) =>
      `warning: study ${study}, method ${r.method}, cell ${r.cell}${r.point ? ` (${r.point})` : ''}: ${r.count} invalid interval${r.count === 1 ? '' : 's'} (lower > upper, or one NaN bound), counted as degenerate; first in replication ${r.firstReplication}`,
  );
}
