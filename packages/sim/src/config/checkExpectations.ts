/**
 * Checks `expectations`: every `cell` entry names a cell parameter and matches at least one
 * grid cell, and every method/metric pair is one the results will have. With `open`, the
 * results may have labels not known here (user modules not imported, whose default ids and
 * diagnostics are unknown): an expectation naming an unknown label is then not refused.
 */
import { didYouMean } from '../base/closestName.js';
import { ConfigError } from '../base/errors.js';
import { checkCellSubset } from './checkCellSubset.js';
import type { ResolveContext } from './resolveContext.js';

/** Metric labels of each row label of the results (methods, formulas, model diagnostics). */
export type ReportedMetrics = ReadonlyMap<string, readonly string[]>;

export function checkExpectations(context: ResolveContext, reported: ReportedMetrics, open = false): void {
  for (const [i, expectation] of (context.config.expectations ?? []).entries()) {
    const path = `expectations[${i}]`;
    checkCellSubset(`${path}.cell`, expectation.cell ?? {}, context.cells);
    const metricIds = reported.get(expectation.method);
    if (!metricIds && open) continue;
    if (!metricIds)
      throw new ConfigError(
        `${path}.method`,
        expectation.method,
        `one of ${[...reported.keys()].join(', ')}${didYouMean(expectation.method, reported.keys())}`,
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
