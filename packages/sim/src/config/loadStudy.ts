/**
 * Reading study files: JSON (.json) or YAML (.yaml, .yml), then validateStudy.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { closestName, didYouMean } from '../base/closestName.js';
import { ConfigError } from '../base/errors.js';
import { notRegularFile, readInputFile } from '../files/inputFile.js';
import { JsonSyntaxError, readJson } from '../readers/jsonText.js';
import type { Study } from './study.js';
import { checkStudy, type StudyCheck, validateStudy } from './validateStudy.js';

/** Study file extensions, in the order a bare study name is looked up. */
export const STUDY_EXTENSIONS: readonly string[] = ['.json', '.yaml', '.yml'];

/** Largest study file read (a study is a few kilobytes; this refuses a wrong file early). */
export const MAX_STUDY_FILE_BYTES = 10_000_000;

/** `text` without a leading UTF-8 byte-order mark (editors on Windows write one). */
function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The first line of a YAML error (its position), without the echoed source lines. */
function yamlProblem(error: unknown): string {
  // The yaml package recurses per level: a stack overflow is nesting too deep, said plainly.
  if (/Maximum call stack size exceeded/.test(String((error as Error)?.message)))
    return 'nested too deeply to read (a study nests a few levels)';
  return String((error as Error).message)
    .split('\n')[0]
    .replace(/:$/, '');
}

/**
 * Parses study text as JSON (strictly: line and column of a mistake, duplicate keys refused)
 * or YAML (duplicate keys refused), by extension; unknown extensions try JSON, then YAML. A
 * leading byte-order mark is accepted.
 */
export function parseStudyText(text: string, fileName: string): unknown {
  const ext = extname(fileName).toLowerCase();
  const body = withoutByteOrderMark(text);
  const asYaml = () => {
    try {
      return parseYaml(body, { prettyErrors: true, uniqueKeys: true }) as unknown;
    } catch (error) {
      throw new ConfigError('', `${fileName} is not valid YAML: ${yamlProblem(error)}`);
    }
  };
  const asJson = () => {
    try {
      return readJson(body, { duplicateKeys: 'error' });
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      throw new ConfigError('', `${fileName} is not valid JSON: ${error.message}`);
    }
  };
  if (ext === '.json') return asJson();
  if (ext === '.yaml' || ext === '.yml') return asYaml();
  try {
    return asJson();
  } catch {
    return asYaml();
  }
}

/** Reads and parses a study file without the semantic checks (for listing). */
export function readStudyConfig(path: string): unknown {
  let text: string;
  try {
    const stats = statSync(path);
    const size = stats.size;
    if (stats.isDirectory()) throw new ConfigError('', `${path} is a folder, not a study file`);
    // A FIFO, socket or device is refused before it is opened (a FIFO's read would block).
    const notRegular = notRegularFile(stats);
    if (notRegular !== undefined) throw new ConfigError('', `${path} ${notRegular}`);
    if (size > MAX_STUDY_FILE_BYTES) {
      throw new ConfigError(
        '',
        `${path} has ${size.toLocaleString('en-US')} bytes; a study file has at most ${MAX_STUDY_FILE_BYTES.toLocaleString('en-US')}`,
      );
    }
    text = readInputFile(path).toString('utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(
      '',
      `cannot read study file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (text.includes('\ufffd') && !isValidUtf8(readFileSync(path))) {
    throw new ConfigError('', `${path} is not UTF-8 text (a study file is JSON or YAML in UTF-8)`);
  }
  const parsed = parseStudyText(text, path);
  // A file that is not a study (a password file read as YAML is one long string): said without echoing it.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const what = parsed === null ? 'nothing (null)' : Array.isArray(parsed) ? 'a list' : `a ${typeof parsed}`;
    throw new ConfigError(
      '',
      `${path} is not a study file: it reads as ${what}, not an object with name, model, methods and metrics`,
    );
  }
  // An object with none of a study's fields (another JSON or YAML file given by mistake): its keys are not listed.
  if (!STUDY_FIELDS.some((field) => Object.hasOwn(parsed, field))) {
    throw new ConfigError(
      '',
      `${path} is not a study file: it has none of the fields ${STUDY_FIELDS.join(', ')}`,
    );
  }
  return parsed;
}

/** Fields of which a study file has at least one (a file with none is something else). */
const STUDY_FIELDS = ['name', 'title', 'model', 'methods', 'metrics', 'formulas', 'grid', 'replications'];

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The study files in `dir` (file names), or none when it cannot be read. */
function studyFileNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((entry) => STUDY_EXTENSIONS.includes(extname(entry).toLowerCase()));
  } catch {
    return [];
  }
}

/** The study file in `files` whose name (without extension) is closest to `name`'s. */
function closestStudy(name: string, files: readonly string[]): string | undefined {
  const stem = (file: string) => basename(file, extname(file));
  const match = closestName(stem(name), files.map(stem));
  return match === undefined ? undefined : files.find((file) => stem(file) === match);
}

/**
 * Finds a study: an existing path as given, else `<studiesDir>/<name>` with each of
 * {@link STUDY_EXTENSIONS}; relative paths resolve against `cwd`. A miss names what was
 * looked for (the path as given, or the name in the folder) and the closest study there.
 */
export function resolveStudyPath(nameOrPath: string, studiesDir = 'studies', cwd = process.cwd()): string {
  const direct = resolve(cwd, nameOrPath);
  if (existsSync(direct)) return direct;
  const looksLikePath =
    nameOrPath.includes('/') || nameOrPath.includes(sep) || STUDY_EXTENSIONS.includes(extname(nameOrPath));
  if (looksLikePath) {
    const match = closestStudy(basename(nameOrPath), studyFileNames(dirname(direct)));
    const hint = match === undefined ? '' : `; did you mean ${join(dirname(nameOrPath), match)}?`;
    throw new ConfigError('', `no study file ${nameOrPath}${hint}`);
  }
  for (const ext of ['', ...STUDY_EXTENSIONS]) {
    const candidate = resolve(cwd, studiesDir, `${nameOrPath}${ext}`);
    if (existsSync(candidate)) return candidate;
  }
  const names = studyFileNames(resolve(cwd, studiesDir)).map((file) => basename(file, extname(file)));
  const hint = didYouMean(nameOrPath, names);
  throw new ConfigError(
    '',
    existsSync(resolve(cwd, studiesDir))
      ? `no study "${nameOrPath}" in ${studiesDir}/ (nor a file of that name)${hint}`
      : `no study file ${nameOrPath}, and no folder ${studiesDir}/ to look it up in`,
  );
}
/** The checks of {@link loadStudy} that run no user code (`validate --no-modules`; see checkStudy). */
export async function checkStudyFile(path: string): Promise<StudyCheck> {
  const absolute = resolve(path);
  return checkStudy(readStudyConfig(absolute), dirname(absolute));
}

/**
 * Loads, validates and resolves the study file at `path`. `evaluateFormulas: false` leaves the
 * formula values to be computed when read (the runner computes them between its chunks).
 */
export async function loadStudy(
  path: string,
  options: { readonly evaluateFormulas?: boolean } = {},
): Promise<Study> {
  const absolute = resolve(path);
  return validateStudy(readStudyConfig(absolute), dirname(absolute), { path: absolute, ...options });
}
