/**
 * Reading study files: JSON (.json) or YAML (.yaml, .yml), then validateStudy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../base/errors.js';
import type { Study } from './study.js';
import { validateStudy } from './validateStudy.js';

/** Study file extensions, in the order a bare study name is looked up. */
export const STUDY_EXTENSIONS: readonly string[] = ['.json', '.yaml', '.yml'];

/** Parses study text as JSON or YAML (by extension; unknown extensions try JSON, then YAML). */
export function parseStudyText(text: string, fileName: string): unknown {
  const ext = extname(fileName).toLowerCase();
  const asJson = () => JSON.parse(text) as unknown;
  const asYaml = () => parseYaml(text, { prettyErrors: true }) as unknown;
  try {
    if (ext === '.json') return asJson();
    if (ext === '.yaml' || ext === '.yml') return asYaml();
    try {
      return asJson();
    } catch {
      return asYaml();
    }
  } catch (error) {
    throw new ConfigError(
      '',
      `${fileName} is not valid ${ext === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`,
    );
  }
}

/** Reads and parses a study file without the semantic checks (for listing). */
export function readStudyConfig(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('', `cannot read study file ${path}: ${(error as Error).message}`);
  }
  return parseStudyText(text, path);
}

/**
 * Finds a study: an existing path as given, else `<studiesDir>/<name>` with each of
 * {@link STUDY_EXTENSIONS}; relative paths resolve against `cwd`.
 */
export function resolveStudyPath(nameOrPath: string, studiesDir = 'studies', cwd = process.cwd()): string {
  const direct = resolve(cwd, nameOrPath);
  if (existsSync(direct)) return direct;
  for (const ext of ['', ...STUDY_EXTENSIONS]) {
    const candidate = resolve(cwd, studiesDir, `${nameOrPath}${ext}`);
    if (existsSync(candidate)) return candidate;
  }
  throw new ConfigError(
    '',
    `no study file ${nameOrPath} (nor ${join(studiesDir, nameOrPath)}.{json,yaml,yml})`,
  );
}

/** Loads, validates and resolves the study file at `path`. */
export async function loadStudy(path: string): Promise<Study> {
  const absolute = resolve(path);
  return validateStudy(readStudyConfig(absolute), dirname(absolute), { path: absolute });
}
