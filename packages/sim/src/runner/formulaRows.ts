/** The formula rows of a cell: closed-form values beside the simulated ones. */
import type { Study } from '../config/study.js';
import type { ResultRow } from '../output/resultRow.js';

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
