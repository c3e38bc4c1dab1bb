/**
 * A registry: the models, methods, metrics or formulas a study can name, in listing
 * order. `get` throws a ConfigError at the given field path listing the known names (and
 * the closest one, "did you mean …?"), so every "unknown name" complaint reads the same.
 */
import { didYouMean } from './closestName.js';
import { ConfigError } from './errors.js';

export interface Registry<T extends { readonly name: string }> {
  /** What is registered, singular ("model", "method", …), as used in messages. */
  readonly kind: string;
  /** Every entry, in listing order. */
  readonly list: readonly T[];
  /** True when `name` is registered. */
  has(name: string): boolean;
  /** The entry registered as `name`; a ConfigError at `path` listing the known names otherwise. */
  get(name: string, path: string): T;
}

/** A registry of `list` (names must be unique). */
export function createRegistry<T extends { readonly name: string }>(
  kind: string,
  list: readonly T[],
): Registry<T> {
  const byName = new Map<string, T>();
  for (const entry of list) {
    if (byName.has(entry.name)) throw new Error(`two ${kind}s are registered as "${entry.name}"`);
    byName.set(entry.name, entry);
  }
  return {
    kind,
    list,
    has: (name) => byName.has(name),
    get(name, path) {
      const entry = byName.get(name);
      if (!entry) {
        const names = [...byName.keys()].join(', ') || '(none registered)';
        throw ConfigError.invalid(
          path,
          name,
          `one of the ${kind}s ${names}${didYouMean(name, byName.keys())}`,
        );
      }
      return entry;
    },
  };
}
