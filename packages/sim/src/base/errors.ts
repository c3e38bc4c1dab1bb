/**
 * Errors in a study configuration. Every check (JSON Schema, registry names,
 * model parameters, method options, metric options, expectations) throws a
 * {@link ConfigError} whose message names the field path (e.g.
 * `methods[2].resamples`), the bad value and what is allowed.
 */

/** One problem found in a study configuration. */
export interface ConfigIssue {
  /** Field path in the study file, e.g. `methods[2].resamples` or `grid.rho`. */
  readonly path: string;
  /** What is wrong and what is allowed, e.g. `must be an integer ≥ 1, got 0`. */
  readonly message: string;
}

/** Show a config value in an error message (JSON for anything but numbers). */
export function showValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Thrown for an invalid study configuration; `path` names the first offending
 * field and `issues` lists every problem found (the message shows them all).
 */
export class ConfigError extends Error {
  readonly path: string;
  readonly issues: readonly ConfigIssue[];

  /** `new ConfigError(path, message)`, `new ConfigError(path, value, allowed)` or `new ConfigError(issues)`. */
  constructor(path: string, message: string);
  constructor(path: string, value: unknown, allowed: string);
  constructor(issues: readonly ConfigIssue[]);
  constructor(pathOrIssues: string | readonly ConfigIssue[], messageOrValue?: unknown, allowed?: string) {
    const issues: readonly ConfigIssue[] =
      typeof pathOrIssues !== 'string'
        ? pathOrIssues
        : [
            {
              path: pathOrIssues,
              message:
                allowed !== undefined
                  ? `got ${showValue(messageOrValue)}; allowed: ${allowed}`
                  : String(messageOrValue ?? 'is invalid'),
            },
          ];
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('\n'));
    this.name = 'ConfigError';
    this.issues = issues;
    this.path = issues[0]?.path ?? '';
  }

  /** `path: got <value>; allowed: <allowed>` — the usual shape of a config complaint. */
  static invalid(path: string, value: unknown, allowed: string): ConfigError {
    return new ConfigError(path, value, allowed);
  }

  /** The same issues with `prefix.` put before each path (used to place a method's own `resamples` at `methods[2].resamples`). */
  withPrefix(prefix: string): ConfigError {
    return new ConfigError(
      this.issues.map((issue) => ({
        path: issue.path.startsWith(prefix) ? issue.path : issue.path ? `${prefix}.${issue.path}` : prefix,
        message: issue.message,
      })),
    );
  }
}
