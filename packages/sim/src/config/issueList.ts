/**
 * Collects ConfigError issues so that independent problems (model, methods, metrics) are
 * reported together, each field once, instead of one per run of `evalsim validate`.
 */
import { ConfigError, type ConfigIssue } from '../base/errors.js';

export class IssueList {
  private readonly issues: ConfigIssue[] = [];
  private readonly paths = new Set<string>();

  /** Adds an error's issues; with `oncePerPath`, a path already reported is skipped. */
  add(error: ConfigError, oncePerPath = false): void {
    for (const issue of error.issues) {
      if (oncePerPath && this.paths.has(issue.path)) continue;
      this.paths.add(issue.path);
      this.issues.push(issue);
    }
  }

  /** Runs `fn`; a ConfigError it throws is collected (result undefined), anything else rethrown. */
  async attempt<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  /** The synchronous form of {@link attempt}. */
  attemptSync<T>(fn: () => T): T | undefined {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  get empty(): boolean {
    return this.issues.length === 0;
  }

  /** Throws every collected issue as one ConfigError. */
  throwIfAny(): void {
    if (this.issues.length > 0) throw new ConfigError([...this.issues]);
  }
}
