/**
 * Grid expansion: the cartesian product of the grid's value lists, cells
 * ordered by the grid keys in file order with the last key varying fastest
 * (like nested for-loops written in key order). A cell's parameters are the
 * model's fixed params merged with its grid point.
 */
import type { CellParams, ParamValue } from '../base/cellParams.js';

export interface StudyCell {
  /** Position in grid order, 0-based; also the cell's random-stream index. */
  readonly index: number;
  /** The grid point: one value per grid key. */
  readonly point: Readonly<Record<string, ParamValue>>;
  /** model.params ∪ point. */
  readonly params: CellParams;
}

/** Expands `grid` (possibly empty: one cell) over the fixed `params`. */
export function expandGrid(
  params: Readonly<Record<string, ParamValue>>,
  grid: Readonly<Record<string, readonly ParamValue[]>>,
): StudyCell[] {
  const keys = Object.keys(grid);
  const points: Record<string, ParamValue>[] = [{}];
  let expanded = points;
  for (const key of keys) {
    const next: Record<string, ParamValue>[] = [];
    for (const point of expanded) for (const value of grid[key]) next.push({ ...point, [key]: value });
    expanded = next;
  }
  return expanded.map((point, index) => ({ index, point, params: { ...params, ...point } }));
}

/** True when every entry of `subset` equals the cell's parameter of that name (lists compared by value). */
export function cellMatches(params: CellParams, subset: Readonly<Record<string, ParamValue>>): boolean {
  for (const [key, value] of Object.entries(subset)) {
    const actual = params[key];
    if (Array.isArray(value) || Array.isArray(actual)) {
      if (JSON.stringify(value) !== JSON.stringify(actual)) return false;
    } else if (actual !== value) return false;
  }
  return true;
}
