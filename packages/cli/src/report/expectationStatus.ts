/**
 * How a published value fared: within tolerance, an explained miss (its expectation says why
 * the published value cannot be reproduced: `explainedMiss`), or an unexplained miss. Only
 * unexplained misses fail `reproduce --strict`; the report never shows a bare ✗.
 */
import type { ExpectationConfig, ResultRow, Study } from '@evalsim/sim';
import { expectationFor } from '@evalsim/sim/internal';

export type ExpectationStatus = 'within' | 'explained' | 'unexplained';

export interface JudgedRow {
  readonly row: ResultRow;
  readonly status: ExpectationStatus;
  readonly expectation?: ExpectationConfig;
}

/** The rows of `study` that carry a published value, each with its status. */
export function judgeRows(study: Study, rows: readonly ResultRow[]): JudgedRow[] {
  const judged: JudgedRow[] = [];
  for (const row of rows) {
    if (row.within === null) continue;
    const expectation = expectationFor(study, row);
    const status: ExpectationStatus = row.within
      ? 'within'
      : expectation?.explainedMiss
        ? 'explained'
        : 'unexplained';
    judged.push({ row, status, ...(expectation ? { expectation } : {}) });
  }
  return judged;
}

/** The mark in the report's tables. */
export function statusMark(status: ExpectationStatus): string {
  if (status === 'within') return '✓';
  return status === 'explained' ? '✗ explained' : '✗ **unexplained**';
}

export interface StatusCounts {
  readonly total: number;
  readonly within: number;
  readonly explained: number;
  readonly unexplained: number;
}

/** Counts of each status. */
export function countStatuses(judged: readonly JudgedRow[]): StatusCounts {
  const count = (status: ExpectationStatus) => judged.filter((j) => j.status === status).length;
  return {
    total: judged.length,
    within: count('within'),
    explained: count('explained'),
    unexplained: count('unexplained'),
  };
}

/** "1 explained miss, 2 unexplained", or '' without misses. */
export function missesText(counts: StatusCounts): string {
  return [
    counts.explained ? `${counts.explained} explained miss${counts.explained === 1 ? '' : 'es'}` : '',
    counts.unexplained ? `**${counts.unexplained} unexplained**` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** "12/13 (1 explained miss)", or '—' without published values. */
export function countsText(counts: StatusCounts): string {
  if (counts.total === 0) return '—';
  const misses = missesText(counts);
  return `${counts.within}/${counts.total}${misses ? ` (${misses})` : ''}`;
}
