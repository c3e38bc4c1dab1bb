/**
 * The logs to import from the paths given: files (recognised by detectEvalFormat), HELM
 * run directories, and directories, which are walked (sorted, hidden entries skipped) for
 * recognised logs — HELM run directories, lm-eval `samples_*.jsonl` (their
 * `results_*.json` are read with them), `.eval`, inspect `.json`, openai/evals and long
 * `.jsonl`, `.csv` and `.arrow` tables; other files in a walked directory are listed as
 * skipped — but a file named as a log (an lm-eval `samples_<task>_<date>.jsonl`, an inspect_ai
 * `.eval`) that cannot be read (empty, a NUL byte, UTF-16, cut short) is an error naming it. An lm-eval `results_<date>.json` named explicitly stands for its run's samples
 * files. The same log reached twice is listed once.
 *
 * Only regular files are read: a FIFO, socket or device — named, or met in a walk under a
 * log's name — is refused from its stat, never opened (a read of a FIFO blocks forever).
 * The walk follows symbolic links but enters each directory once (by device and inode), so
 * a link to an ancestor cannot loop it; broken links are listed as skipped.
 */
import { readdirSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileIdentity, identityOf } from '../files/fileIdentity.js';
import { notRegularFile } from '../files/inputFile.js';
import { detectEvalFormat, isHelmRunDirectory } from './detectEvalFormat.js';
import type { EvalFormat } from './evalFormat.js';
import { EvalInputError } from './evalInputError.js';
import { lmEvalSamplesName } from './formats/lmEvalResults.js';
import type { EvalImportOptions } from './importOptions.js';

/** One thing to import: a file (or HELM run directory), its path as shown, and its format. */
export interface LogUnit {
  readonly path: string;
  readonly file: string;
  readonly format: EvalFormat;
}

const WALKED_EXTENSIONS = /\.(eval|json|jsonl|ndjson|csv|arrow|feather|ipc|arrows)$/i;

/** lm-eval samples files of the run whose results file is `path`. */
function lmEvalRunSamples(path: string, file: string): LogUnit[] {
  const date = basename(path)
    .replace(/^results_/, '')
    .replace(/\.json$/, '');
  const dir = dirname(path);
  const names = readdirSync(dir)
    .filter((n) => lmEvalSamplesName(n)?.date === date)
    .sort();
  if (names.length === 0) {
    throw new EvalInputError(
      { file },
      `no samples_<task>_${date}.jsonl beside this results file: per-sample scores need lm-eval --log_samples`,
    );
  }
  for (const n of names) {
    const stats = statSync(join(dir, n), { throwIfNoEntry: false });
    if (stats) refuseNonRegular(stats, join(dirname(file), n));
  }
  return names.map((n) => ({ path: join(dir, n), file: join(dirname(file), n), format: 'lm-eval' as const }));
}

/** The units for one explicitly named path. */
function unitsOf(path: string, file: string, options: EvalImportOptions, skipped: string[]): LogUnit[] {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) throw new EvalInputError({ file }, 'no such file or directory');
  if (stats.isDirectory() && !isHelmRunDirectory(path))
    return walk(path, file, options, skipped, new Set([fileIdentity(stats)]));
  if (!stats.isDirectory()) refuseNonRegular(stats, file);
  const format = detectEvalFormat(path, options, file);
  if (format === 'helm') {
    const dir = stats.isDirectory() ? path : dirname(path);
    return [{ path: dir, file: stats.isDirectory() ? file : dirname(file), format }];
  }
  if (format === 'lm-eval' && !lmEvalSamplesName(path) && /^results_/.test(basename(path))) {
    return lmEvalRunSamples(path, file);
  }
  return [{ path, file, format }];
}

/** True when `path` is a tau2-bench results.json. */
function isTau2Results(path: string, options: EvalImportOptions): boolean {
  try {
    return detectEvalFormat(path, options) === 'tau2-bench';
  } catch {
    return false;
  }
}

/** Refuses a FIFO, socket or device, naming it as shown. */
function refuseNonRegular(stats: Stats, file: string): void {
  const reason = notRegularFile(stats);
  if (reason !== undefined) throw new EvalInputError({ file }, reason);
}

/**
 * Walks a directory (sorted; hidden entries skipped) for recognised logs; `visited` holds the
 * identities of the directories entered (each is entered once).
 */
function walk(
  dir: string,
  shown: string,
  options: EvalImportOptions,
  skipped: string[],
  visited: Set<string>,
): LogUnit[] {
  if (isHelmRunDirectory(dir)) return [{ path: dir, file: shown, format: 'helm' }];
  const units: LogUnit[] = [];
  const names = readdirSync(dir).sort();
  // A tau2-bench "dir" run: its results.json holds the simulation index; simulations/ is not walked.
  const tau2Run =
    names.includes('results.json') &&
    names.includes('simulations') &&
    isTau2Results(join(dir, 'results.json'), options);
  for (const name of names) {
    if (name.startsWith('.') || (tau2Run && name === 'simulations')) continue;
    const path = join(dir, name);
    const file = join(shown, name);
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch (error) {
      // A broken link, a link to itself (ELOOP), an entry gone since the listing.
      skipped.push(`${file} (${(error as NodeJS.ErrnoException).code ?? 'cannot be read'})`);
      continue;
    }
    if (stats.isDirectory()) {
      const identity = fileIdentity(stats);
      if (visited.has(identity)) {
        skipped.push(`${file} (a link to a directory already walked)`);
        continue;
      }
      visited.add(identity);
      units.push(...walk(path, file, options, skipped, visited));
      continue;
    }
    if (/^results_.+\.json$/.test(name) || !WALKED_EXTENSIONS.test(name)) {
      if (!/^results_.+\.json$/.test(name)) skipped.push(file);
      continue;
    }
    // A FIFO, socket or device named like a log is an error, not a skipped file: never opened.
    refuseNonRegular(stats, file);
    try {
      units.push({ path, file, format: detectEvalFormat(path, options, file) });
    } catch (error) {
      if (!(error instanceof EvalInputError)) throw error;
      // A file named as a log (lm-eval's samples_<task>_<date>.jsonl, an inspect_ai .eval) that
      // cannot be read is damaged, not foreign: skipping it would drop a task or a system silently.
      if (lmEvalSamplesName(name) || /\.eval$/i.test(name)) {
        const at = {
          file,
          ...(error.line !== undefined ? { line: error.line } : {}),
          ...(error.column !== undefined ? { column: error.column } : {}),
          ...(error.field !== undefined ? { field: error.field } : {}),
        };
        throw new EvalInputError(
          at,
          `named as ${lmEvalSamplesName(name) ? 'an lm-evaluation-harness samples file' : 'an inspect_ai log'} but cannot be read (damaged, not skipped): ${error.problem}`,
        );
      }
      skipped.push(file);
    }
  }
  return units;
}

/**
 * Every log under `paths`, in order, and the files skipped while walking directories.
 * Relative paths are read from `cwd` (default: the process's) and shown as given.
 */
export function findLogUnits(
  paths: readonly string[],
  options: EvalImportOptions,
  cwd?: string,
): { units: LogUnit[]; skipped: string[] } {
  const skipped: string[] = [];
  const units: LogUnit[] = [];
  const seen = new Set<string>();
  for (const given of paths) {
    const path = cwd === undefined ? given : resolve(cwd, given);
    for (const unit of unitsOf(path, given, options, skipped)) {
      // The same file by any path (a link, `./x` and `x`) is one log.
      const key = identityOf(unit.path) ?? resolve(unit.path);
      if (seen.has(key)) continue;
      seen.add(key);
      units.push(unit);
    }
  }
  return { units, skipped };
}
