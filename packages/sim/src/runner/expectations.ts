/**
 * Attaches the study's expectations to result rows. An expectation matches a
 * row when its method and metric are the row's and its `cell` entries equal
 * the cell's parameters (a subset match; no `cell` matches every cell). When
 * several match one row, the most specific (most `cell` entries) wins, and
 * among equally specific ones the first in the file.
 */
import { cellMatches } from '../config/grid.js';
import type { Study } from '../config/study.js';
import type { ExpectationConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';

/** |value − published| ≤ tolerance (a NaN value is never within). */
export function isWithin(value: number, published: number, tolerance: number): boolean {
  return Math.abs(value - published) <= tolerance;
}

/** The expectation that applies to `row`, if any. */
export function expectationFor(study: Study, row: ResultRow): ExpectationConfig | undefined {
  let best: ExpectationConfig | undefined;
  let bestSize = -1;
  const params = study.cells[row.cell].params;
  for (const expectation of study.expectations) {
    if (expectation.method !== row.method || expectation.metric !== row.metric) continue;
    const subset = expectation.cell ?? {};
    const size = Object.keys(subset).length;
    if (size > bestSize && cellMatches(params, subset)) {
      best = expectation;
      bestSize = size;
    }
  }
  return best;
}

/** "k of n published values within tolerance" over rows with an expectation. */
export function expectationSummary(rows: readonly ResultRow[]): { within: number; total: number } {
  const checked = rows.filter((row) => row.within !== null);
  return { within: checked.filter((row) => row.within).length, total: checked.length };
}

/** The rows with published, tolerance and within filled where an expectation matches. */
export function attachExpectations(study: Study, rows: readonly ResultRow[]): ResultRow[] {
  return rows.map((row) => {
    const expectation = expectationFor(study, row);
    if (!expectation) return row;
    return {
      ...row,
      published: expectation.published,
      tolerance: expectation.tolerance,
      within: isWithin(row.value, expectation.published, expectation.tolerance),
    };
  });
}
