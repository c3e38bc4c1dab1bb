/**
 * The logs to import from the paths given: files (recognised by detectEvalFormat), HELM
 * run directories, and directories, which are walked (sorted, hidden entries skipped) for
 * recognised logs — HELM run directories, lm-eval `samples_*.jsonl` (their
 * `results_*.json` are read with them), `.eval`, inspect `.json`, openai/evals and long
 * `.jsonl`, `.csv` and `.arrow` tables; other files in a walked directory are listed as
 * skipped — but a file named as a log (an lm-eval `samples_<task>_<date>.jsonl`, an inspect_ai
 * `.eval`) that cannot be read (empty, a NUL byte, UTF-16, cut short) is an error naming it. An lm-eval `results_<date>.json` named explicitly stands for its run's samples
 * files. The same log reached twice is listed once.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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
  return names.map((n) => ({ path: join(dir, n), file: join(dirname(file), n), format: 'lm-eval' as const }));
}

/** The units for one explicitly named path. */
function unitsOf(path: string, file: string, options: EvalImportOptions, skipped: string[]): LogUnit[] {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) throw new EvalInputError({ file }, 'no such file or directory');
  if (stats.isDirectory() && !isHelmRunDirectory(path)) return walk(path, file, options, skipped);
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

/** Walks a directory (sorted; hidden entries skipped) for recognised logs. */
function walk(dir: string, shown: string, options: EvalImportOptions, skipped: string[]): LogUnit[] {
  if (isHelmRunDirectory(dir)) return [{ path: dir, file: shown, format: 'helm' }];
  const units: LogUnit[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    const file = join(shown, name);
    const stats = statSync(path);
    if (stats.isDirectory()) {
      units.push(...walk(path, file, options, skipped));
      continue;
    }
    if (/^results_.+\.json$/.test(name) || !WALKED_EXTENSIONS.test(name)) {
      if (!/^results_.+\.json$/.test(name)) skipped.push(file);
      continue;
    }
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
      const key = resolve(unit.path);
      if (seen.has(key)) continue;
      seen.add(key);
      units.push(unit);
    }
  }
  return { units, skipped };
}
