/** Finding study files from the command line: the `--studies` folder, and a study loaded with its file named in errors. */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadStudy, resolveStudyPath, STUDY_EXTENSIONS, type Study } from '@evalsim/sim/run';
import type { CliIo } from '../io.js';
import { listOption, shownPath } from './shared.js';
import { inputPath, studiesDirectory } from './shippedStudies.js';

/**
 * The folder `--studies` names (the same flag in run, validate, list, reproduce and slurm):
 * where study files are, and where a study name is looked up. A value that is not a folder
 * but names studies in the default folder (the older `reproduce --studies a,b`) is answered
 * with how to pick studies now.
 */
export function studiesFolder(io: CliIo, given: string, command: string): string {
  const value = studiesDirectory(io, given);
  const dir = io.resolve(value);
  if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  const names = listOption(value);
  const named = names.every((name) =>
    STUDY_EXTENSIONS.some((ext) => existsSync(io.resolve(join('studies', `${name}${ext}`)))),
  );
  if (names.length > 0 && named) {
    throw new Error(
      `--studies: no folder ${value}; --studies is the folder of the study files (as in run, validate and list). To pick studies, name them: evalsim ${command} ${names.join(' ')}`,
    );
  }
  throw new Error(`--studies: no folder ${value} (the folder of the study files; default studies)`);
}

/**
 * Loads and validates a study file (`nameOrPath`: a path, or a name in the `studies`
 * folder); a problem names the file, as typed, then each field. `evaluateFormulas: false` leaves
 * the formula values to the run (computed between its chunks; a problem there reads the same,
 * through {@link studyFileError}).
 */
export async function loadStudyFile(
  io: CliIo,
  nameOrPath: string,
  studies: string,
  options: { readonly evaluateFormulas?: boolean } = {},
): Promise<Study> {
  const path = resolveStudyPath(inputPath(io, nameOrPath), studiesDirectory(io, studies), io.cwd);
  try {
    return await loadStudy(path, options);
  } catch (error) {
    throw studyFileError(io, path, error);
  }
}

/** `error` as a problem of the study file at `path` (a ConfigError names the file, then each field); others as they are. */
export function studyFileError(io: CliIo, path: string, error: unknown): unknown {
  if (!(error instanceof ConfigError)) return error;
  const shown = shownPath(io, path);
  const lines = error.message.split('\n').map((line) => line.split(path).join(shown));
  if (lines.length === 1 && lines[0].startsWith(shown)) return new Error(lines[0]);
  return new Error(
    lines.length === 1
      ? `${shown}: ${lines[0]}`
      : `${shown} is not a valid study:\n${lines.map((line) => `  ${line}`).join('\n')}`,
  );
}
