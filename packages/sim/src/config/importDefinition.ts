/**
 * Loads a user's own model or method from a .js/.mjs module (path relative to
 * the study file): its default export, or its named `model`/`method` export.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../base/errors.js';

export interface ImportedDefinition<T> {
  readonly definition: T;
  /** Absolute path of the module. */
  readonly file: string;
  /** The module's source text (part of the study fingerprint, so an edited method invalidates checkpoints). */
  readonly source: string;
}

/** The absolute path of module `relativePath` (from `baseDir`); a ConfigError at `fieldPath` when no such file exists. */
export function moduleFile(relativePath: string, baseDir: string, fieldPath: string): string {
  const file = resolve(baseDir, relativePath);
  if (!existsSync(file) || !statSync(file).isFile())
    throw new ConfigError(
      fieldPath,
      relativePath,
      `a path to an existing .js/.mjs file (looked for ${file})`,
    );
  return file;
}

/**
 * Imports `relativePath` from `baseDir`; `isDefinition` checks the export's
 * shape and returns what is missing (empty when it is a valid definition).
 */
export async function importDefinition<T>(
  relativePath: string,
  baseDir: string,
  exportName: 'model' | 'method',
  fieldPath: string,
  missingFields: (candidate: Record<string, unknown>) => string[],
): Promise<ImportedDefinition<T>> {
  const file = moduleFile(relativePath, baseDir, fieldPath);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(fieldPath, `could not import ${file}: ${(error as Error).message}`);
  }
  const candidate = (module.default ?? module[exportName]) as Record<string, unknown> | undefined;
  if (candidate === null || typeof candidate !== 'object') {
    throw new ConfigError(
      fieldPath,
      `${relativePath} must export a ${exportName} definition as its default export or as "${exportName}"`,
    );
  }
  const missing = missingFields(candidate);
  if (missing.length > 0) {
    throw new ConfigError(
      fieldPath,
      `the ${exportName} exported by ${relativePath} is not valid: ${missing.join('; ')}`,
    );
  }
  return { definition: candidate as T, file, source: readFileSync(file, 'utf8') };
}

/** What a MethodDefinition export lacks. */
export function missingMethodFields(m: Record<string, unknown>): string[] {
  const missing: string[] = [];
  if (typeof m.name !== 'string') missing.push('name must be a string');
  if (m.kind !== 'interval' && m.kind !== 'test') missing.push('kind must be "interval" or "test"');
  if (!Array.isArray(m.accepts))
    missing.push('accepts must list the data kinds it analyses (e.g. ["clusteredScores"])');
  if (typeof m.create !== 'function')
    missing.push('create(options, { level }) must be a function returning an analyser');
  return missing;
}

/** What a ModelDefinition export lacks. */
export function missingModelFields(m: Record<string, unknown>): string[] {
  const missing: string[] = [];
  if (typeof m.name !== 'string') missing.push('name must be a string');
  if (typeof m.dataKind !== 'string') missing.push('dataKind must be a string');
  for (const fn of ['parse', 'allocate', 'generate', 'truth']) {
    if (typeof m[fn] !== 'function') missing.push(`${fn} must be a function`);
  }
  return missing;
}
