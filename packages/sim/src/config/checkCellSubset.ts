/**
 * A `cell` filter (of an expectation or a formula entry): every key names a cell parameter,
 * and the values match at least one grid cell (cellMatches), else a ConfigError at `path`.
 */
import type { ParamValue } from '../base/cellParams.js';
import { ConfigError } from '../base/errors.js';
import { cellMatches, type StudyCell } from './grid.js';

export function checkCellSubset(
  path: string,
  subset: Readonly<Record<string, ParamValue>>,
  cells: readonly StudyCell[],
): void {
  const known = new Set(cells.flatMap((cell) => Object.keys(cell.params)));
  for (const key of Object.keys(subset)) {
    if (!known.has(key))
      throw new ConfigError(`${path}.${key}`, key, `a cell parameter: ${[...known].join(', ')}`);
  }
  if (!cells.some((cell) => cellMatches(cell.params, subset))) {
    throw new ConfigError(path, subset, 'parameter values that match at least one grid cell');
  }
}
