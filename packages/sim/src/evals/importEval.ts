/**
 * `importEval(paths, options)`: reads eval logs of any supported format (detectEvalFormat)
 * into one canonical table (evalTable.ts) with the provenance of every file read.
 *
 * Paths may be files, HELM run directories or directories to walk (logUnits.ts); files in
 * a walked directory that are not logs are skipped with one warning listing them. Large
 * imports hash files and inflate .eval members on a second thread (io/backgroundFiles.ts),
 * two logs ahead of the one being parsed; large imports of several inspect_ai `.eval` logs
 * read them on worker threads and this one at once (importThreads.ts), merged in file
 * order so that the result is the same. Everything is built in memory and checked before anything is
 * returned: a row scoring the same (task, system, metric, question, epoch) twice — within
 * a file or across files — is an error naming both places, and so is a question in two
 * clusters (the check `evalsim analyze` makes, clusterConflict.ts), so nothing is
 * half-imported and nothing imported is refused later.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { clusterConflictError, findClusterConflict } from './clusterConflict.js';
import { findDuplicateRows } from './duplicateRows.js';
import type { ImportedEval } from './evalArrow.js';
import type { EvalFormat } from './evalFormat.js';
import { EvalInputError, formatLocation } from './evalInputError.js';
import { columnValue } from './evalTable.js';
import { EvalTableBuilder } from './evalTableBuilder.js';
import { importEvalsimArrow } from './formats/evalsimArrow.js';
import { importHelmRun } from './formats/helmRun.js';
import { importInspectEval } from './formats/inspectEval.js';
import { importInspectJson } from './formats/inspectJson.js';
import { importLmEvalSamples } from './formats/lmEval.js';
import { importLongTable } from './formats/longTable.js';
import { importOpenaiEvals } from './formats/openaiEvals.js';
import { importSweBench } from './formats/sweBench.js';
import { importTau2Bench } from './formats/tau2Bench.js';
import { importTauBench } from './formats/tauBench.js';
import { importWidePopulation } from './formats/widePopulation.js';
import { fileMatches, ImportContext } from './importContext.js';
import { checkImportOptions, type EvalImportOptions } from './importOptions.js';
import { ImportThreads } from './importThreads.js';
import { BackgroundFiles } from './io/backgroundFiles.js';
import { labelScorer } from './judgeLabels.js';
import { findLogUnits, type LogUnit } from './logUnits.js';
import { mergeUnitResult, type UnitResult, unitError } from './unitImport.js';

/** The importer for each format. */
const IMPORTERS: Record<EvalFormat, (path: string, file: string, ctx: ImportContext) => void> = {
  'lm-eval': importLmEvalSamples,
  'inspect-eval': importInspectEval,
  'inspect-json': importInspectJson,
  helm: importHelmRun,
  'openai-evals': importOpenaiEvals,
  'long-csv': (path, file, ctx) => importLongTable(path, file, 'csv', ctx),
  'long-jsonl': (path, file, ctx) => importLongTable(path, file, 'jsonl', ctx),
  'long-arrow': (path, file, ctx) => importLongTable(path, file, 'arrow', ctx),
  'wide-population': (path, file, ctx) =>
    importWidePopulation(path, file, /\.csv$/i.test(path) ? 'csv' : 'arrow', ctx),
  'evalsim-arrow': importEvalsimArrow,
  'tau-bench': importTauBench,
  'tau2-bench': importTau2Bench,
  'swe-bench': importSweBench,
};

/** How an import runs; nothing here changes its result. */
export interface ImportRunOptions {
  /**
   * Hash files and inflate .eval members on a second thread: `true`, `false`, or `'auto'`
   * (default: when the inputs total more than 64 MiB).
   */
  readonly background?: boolean | 'auto';
  /**
   * The directory relative paths are read from (default: the process's); files are still
   * shown and recorded as given, so the result is that of an import run in this directory.
   */
  readonly cwd?: string;
  /**
   * Worker threads that read inspect_ai `.eval` logs alongside this thread: a count, or
   * `'auto'` (default: when there are at least two `.eval` logs totalling more than 64 MiB,
   * one fewer than the cores, at most 3 and fewer than the logs — one on two cores; none
   * otherwise). The result does not depend on it.
   */
  readonly threads?: number | 'auto';
  /**
   * Called once the logs are found, before any is imported, with the absolute path of each
   * (a file, or a HELM run directory): a command checks its output targets against them here,
   * so that an output that is one of its inputs is refused before any work.
   */
  readonly beforeImport?: ((inputs: readonly string[]) => void) | undefined;
  /**
   * The logs may still be being written (`evalsim monitor`): a JSON Lines log's partial last
   * line (no newline yet, not valid JSON) is skipped with a warning instead of an error.
   */
  readonly growing?: boolean;
  /**
   * Hash every file for the provenance (default true: what an eval Arrow records). False for a
   * caller that keeps no provenance (analyze, audit, plan, leaderboard, monitor): each source
   * then has its size and `sha256: null`, and no thread spends time hashing — on the
   * 1.4-million-sample benchmark a fifth of the import's CPU (1.4 GB of logs read and hashed).
   */
  readonly digests?: boolean;
  /** Called after each log (a file, or a HELM run) is read and merged, with the logs done and in all (a progress line). */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Above this many bytes of input, a second thread pays for its start. */
const LARGE_IMPORT = 64 * 1024 * 1024;

function sizeOf(units: readonly LogUnit[]): number {
  let total = 0;
  for (const unit of units) total += statSync(unit.path).size;
  return total;
}

/** Reads eval logs (files or directories) into the canonical table; see the module comment. */
export function importEval(
  paths: readonly string[],
  options: EvalImportOptions = {},
  run: ImportRunOptions = {},
): ImportedEval {
  checkImportOptions(options);
  if (paths.length === 0) throw new TypeError('importEval: give at least one file or directory');
  const { units, skipped } = findLogUnits(paths, options, run.cwd);
  run.beforeImport?.(units.map((unit) => resolve(unit.path)));
  const shared = units.filter((u) => u.format === 'inspect-eval');
  const threadsAsked = run.threads ?? 'auto';
  if (threadsAsked !== 'auto' && !(Number.isInteger(threadsAsked) && threadsAsked >= 0 && threadsAsked <= 64))
    throw new TypeError(`importEval: threads ${threadsAsked} is not 'auto' or an integer from 0 to 64`);
  // A gold scorer is a second pass over each log (importUnits), made on this thread.
  const threads =
    labelScorer(options.labels) !== undefined
      ? 0
      : threadsAsked !== 'auto'
        ? threadsAsked
        : shared.length >= 2 && availableParallelism() >= 2 && sizeOf(shared) > LARGE_IMPORT
          ? Math.min(availableParallelism() - 1, shared.length - 1, 3)
          : 0;
  const digests = run.digests !== false;
  const pool =
    threads > 0 ? new ImportThreads(shared, options, importInspectEval, threads, true, digests) : undefined;
  // The rest: hash and inflate on a second thread when there is enough for it to pay (the result is the same).
  const rest = pool ? units.filter((u) => u.format !== 'inspect-eval') : units;
  const mode = run.background ?? 'auto';
  const background = new BackgroundFiles(mode === 'auto' ? sizeOf(rest) > LARGE_IMPORT : mode);
  const ctx = new ImportContext(new EvalTableBuilder(), options, background);
  ctx.growing = run.growing === true;
  ctx.digests = digests;
  try {
    return importUnits(units, skipped, ctx, paths, pool ? { pool, shared } : undefined, run.onProgress);
  } finally {
    pool?.close();
    background.close();
    ctx.closeAll();
  }
}

/**
 * Asks the background thread for what unit `unit` will need: an inspect .eval's header and
 * summaries (inflated while the previous unit is parsed), then the file's digest. A problem
 * here is left for the importer to find and report.
 */
function prefetch(unit: LogUnit | undefined, ctx: ImportContext): void {
  if (!unit) return;
  if (unit.format === 'inspect-eval') {
    try {
      const zip = ctx.openZip(unit.path, unit.file);
      for (const name of ['header.json', 'summaries.json']) {
        const entry = zip.find(name);
        if (entry) ctx.background.requestMember(unit.path, entry);
      }
    } catch (error) {
      if (!(error instanceof EvalInputError)) throw error;
    }
  }
  if (unit.format !== 'helm' && ctx.digests) ctx.background.requestDigest(unit.path);
}

/** Formats that can carry human labels (judgeLabels.ts), by how. */
const LABEL_FORMATS: Partial<Record<EvalFormat, 'column' | 'scorer' | 'carried'>> = {
  'long-csv': 'column',
  'long-jsonl': 'column',
  'long-arrow': 'column',
  'inspect-eval': 'scorer',
  'inspect-json': 'scorer',
  'evalsim-arrow': 'carried',
};

/**
 * The `labels` option for one log: refused where the format has no labels, a second pass for an
 * inspect_ai gold scorer (its own metric, the samples it did not score unlabelled); a long
 * table's column was read with the rows, an evalsim Arrow carries its label metric already.
 */
function importLabels(unit: LogUnit, ctx: ImportContext): void {
  const { labels } = ctx.options;
  if (labels === undefined || labels.startsWith('metric:')) return;
  const how = LABEL_FORMATS[unit.format];
  const scorer = labelScorer(labels);
  if (
    how === undefined ||
    (how === 'column' && scorer !== undefined) ||
    (how === 'scorer' && scorer === undefined)
  ) {
    throw new EvalInputError(
      { file: unit.file, field: 'labels' },
      `--labels ${labels}: ${unit.format} logs carry no labels that way; name a long table's column (--labels COLUMN), an inspect_ai scorer (--labels scorer:NAME), or a metric of the table (--labels metric:NAME)`,
    );
  }
  if (how === 'scorer' && scorer !== undefined) {
    const { labels: _, ...options } = ctx.options;
    if (scorer === options.metric) {
      throw new EvalInputError(
        { file: unit.file, field: 'labels' },
        `--labels scorer:${scorer} is the judge's own scorer (--metric ${scorer}); name the scorer that holds the human labels`,
      );
    }
    ctx.withOptions({ ...options, metric: scorer }, () => IMPORTERS[unit.format](unit.path, unit.file, ctx));
  }
}

function importUnits(
  units: readonly LogUnit[],
  skipped: readonly string[],
  ctx: ImportContext,
  paths: readonly string[],
  threads?: { pool: ImportThreads; shared: readonly LogUnit[] },
  onProgress?: (done: number, total: number) => void,
): ImportedEval {
  // The number of each log read by the threads, by unit.
  const sharedIndex = new Map<LogUnit, number>(threads?.shared.map((u, k) => [u, k]));
  const later = units.filter((u) => !sharedIndex.has(u));
  const { options } = ctx;
  if (skipped.length > 0) {
    const shown =
      skipped.slice(0, 5).join(', ') + (skipped.length > 5 ? `, … (${skipped.length - 5} more)` : '');
    ctx.warn({
      message: `${skipped.length} files in the directories given are not eval logs and were skipped: ${shown}`,
    });
  }
  // The background thread works two units ahead of the one being parsed (logs the threads read excepted).
  prefetch(later[0], ctx);
  prefetch(later[1], ctx);
  // The threads' results, in file order up to the first failure (thrown when the merge reaches it);
  // the rows are then appended into room made once.
  const results: (UnitResult | undefined)[] = [];
  // Logs read (by the threads, then here), for `onProgress`.
  let merged = 0;
  if (threads) {
    let rows = 0;
    for (let i = 0; i < threads.shared.length; i++) {
      const result = threads.pool.result(i);
      results.push(result);
      onProgress?.(++merged, units.length);
      if (!result.ok) break;
      rows += result.part.rowCount;
    }
    ctx.builder.reserve(rows);
  }
  if (options.order !== undefined) {
    // An order column is a long table's; another format's order is its own (log) order.
    const other = units.find((u) => !u.format.startsWith('long-'));
    if (other)
      throw new EvalInputError(
        { file: other.file, field: 'order' },
        `--order names a column of a long table (CSV, JSON Lines or Arrow), but this is a ${other.format} log, whose order is its own (its lines; an evalsim Arrow keeps the order column it was imported with): leave --order out`,
      );
  }
  let k = 0;
  for (const unit of units) {
    const shared = sharedIndex.get(unit);
    if (threads && shared !== undefined) {
      // (Past a failure nothing is collected, but the merge stops at the failure.)
      mergeUnitResult(ctx, unit, results[shared] ?? threads.pool.result(shared));
      results[shared] = undefined; // merged: let it go (counted as read above)
      continue;
    }
    prefetch(later[k + 2], ctx);
    k++;
    try {
      IMPORTERS[unit.format](unit.path, unit.file, ctx);
      importLabels(unit, ctx);
    } catch (error) {
      // A system error (unreadable, too large for memory, …) still names the file.
      if (error instanceof EvalInputError || error instanceof TypeError) throw error;
      throw unitError(unit, { kind: 'other', message: (error as Error).message });
    }
    onProgress?.(++merged, units.length);
  }
  for (const file of Object.keys(options.systemByFile ?? {})) {
    if (!units.some((u) => fileMatches(file, u.file))) {
      throw new EvalInputError(
        { file, field: 'system' },
        `a system label was given for this path but no imported log is at or under it; logs: ${units.map((u) => u.file).join(', ')}`,
      );
    }
  }
  const table = ctx.builder.finish();
  if (table.rowCount === 0) {
    throw new EvalInputError({ file: paths.join(', ') }, 'no scored samples found');
  }
  const duplicate = findDuplicateRows(table);
  if (duplicate) {
    const [a, b] = duplicate;
    const place = (i: number) =>
      formatLocation({
        file: columnValue(table.source, i) ?? '?',
        ...(table.line[i] > 0 ? { line: table.line[i] } : {}),
      });
    throw new EvalInputError(
      {
        file: columnValue(table.source, b) ?? '?',
        ...(table.line[b] > 0 ? { line: table.line[b] } : {}),
        field: 'question',
      },
      `system ${columnValue(table.system, b)}, task ${columnValue(table.task, b)}, metric ${columnValue(table.metric, b)}: ` +
        `question ${columnValue(table.question, b)} epoch ${table.epoch[b]} is scored twice (also at ${place(a)}); ` +
        'for two runs of one system, label them apart with --system-label <file>=<label> or import one of them',
    );
  }
  // The checks `evalsim analyze` makes of every table (evalMatrix), made here once read.
  const conflict = findClusterConflict(table);
  if (conflict) throw clusterConflictError(table, conflict[0], conflict[1]);
  // A warning without a file (a grouping hint) is said once, however many logs gave it.
  const said = new Set<string>();
  const warnings = ctx.warnings.filter((w) => {
    if (w.file !== undefined) return true;
    if (said.has(w.message)) return false;
    said.add(w.message);
    return true;
  });
  return { table, warnings, provenance: { sources: ctx.sources(), options } };
}
