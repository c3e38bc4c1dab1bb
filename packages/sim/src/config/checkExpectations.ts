/**
 * Checks `expectations`: every `cell` entry names a cell parameter and matches at least one
 * grid cell, and every method/metric pair is one the results will have.
 */
import { ConfigError } from '../base/errors.js';
import { checkCellSubset } from './checkCellSubset.js';
import type { ResolveContext } from './resolveContext.js';

/** Metric labels of each row label of the results (methods, formulas, model diagnostics). */
export type ReportedMetrics = ReadonlyMap<string, readonly string[]>;

export function checkExpectations(context: ResolveContext, reported: ReportedMetrics): void {
  for (const [i, expectation] of (context.config.expectations ?? []).entries()) {
    const path = `expectations[${i}]`;
    checkCellSubset(`${path}.cell`, expectation.cell ?? {}, context.cells);
    const metricIds = reported.get(expectation.method);
    if (!metricIds)
      throw new ConfigError(
        `${path}.method`,
        expectation.method,
        `one of ${[...reported.keys()].join(', ')}`,
      );
    if (!metricIds.includes(expectation.metric)) {
      throw new ConfigError(
        `${path}.metric`,
        expectation.metric,
        `one of ${metricIds.join(', ')} (the labels reported for ${expectation.method})`,
      );
    }
  }
}
