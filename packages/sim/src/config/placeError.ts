/**
 * Placing what a model, method, metric or formula threw at the study field it concerns:
 * its own option paths get the entry's prefix (`resamples` → `methods[2].resamples`), a
 * core InputError's argument becomes a field, and a complaint about one grid cell names
 * the cell.
 */
import { ConfigError, type ConfigIssue } from '../base/errors.js';
import type { StudyCell } from './grid.js';

/**
 * Re-throws what a model, method, metric or formula threw as a ConfigError placed under
 * `prefix`: a ConfigError's own paths get the prefix (unless they already start with it),
 * an InputError's argument becomes a field.
 */
export function asConfigError(error: unknown, prefix: string): ConfigError {
  if (error instanceof ConfigError) return error.withPrefix(prefix);
  // A ConfigError of another copy of evalsim (a user's module importing its own install).
  const issues = (error as { name?: unknown; issues?: unknown })?.issues;
  if ((error as { name?: unknown })?.name === 'ConfigError' && Array.isArray(issues))
    return new ConfigError(issues as ConfigIssue[]).withPrefix(prefix);
  const argument = (error as { argument?: unknown })?.argument;
  const message = (error as Error)?.message ?? String(error);
  if (typeof argument === 'string') {
    return new ConfigError(
      `${prefix}.${argument}`,
      message.startsWith(`${argument}: `) ? message.slice(argument.length + 2) : message,
    );
  }
  return new ConfigError(prefix, message);
}

/** `k=v, …` of the cell's grid point. */
export function describeCell(cell: StudyCell): string {
  return Object.entries(cell.point)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
}

/** The same issues, each message followed by "(in grid cell i: k=v, …)". */
export function inCell(error: ConfigError, cell: StudyCell): ConfigError {
  return new ConfigError(
    error.issues.map((issue) => ({
      path: issue.path,
      message: `${issue.message} (in grid cell ${cell.index}: ${describeCell(cell)})`,
    })),
  );
}

/** Moves a model complaint about a grid parameter from `model.params.x` to `grid.x`, naming the cell. */
export function placeModelError(
  error: ConfigError,
  cell: StudyCell,
  gridKeys: readonly string[],
): ConfigError {
  return new ConfigError(
    error.issues.map((issue) => {
      const match = /^model\.params\.([^.[]+)(.*)$/.exec(issue.path);
      if (match && gridKeys.includes(match[1])) {
        return {
          path: `grid.${match[1]}${match[2]}`,
          message: `${issue.message} (in grid cell ${cell.index}: ${describeCell(cell)})`,
        };
      }
      return cell.index > 0 || gridKeys.length > 0
        ? {
            path: issue.path,
            message: `${issue.message} (in grid cell ${cell.index}: ${describeCell(cell)})`,
          }
        : issue;
    }),
  );
}
