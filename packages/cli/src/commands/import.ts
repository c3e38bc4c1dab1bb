/**
 * `evalsim import <paths…> --out DIR`: reads eval logs (lm-evaluation-harness
 * --log_samples, inspect_ai .eval/.json, HELM runs, openai/evals, long CSV/JSONL/Arrow
 * tables, wide item populations; files or directories) into evalsim's canonical eval table
 * and writes it as Arrow with the provenance of every file: `DIR/eval.arrow` (and
 * `DIR/eval.parquet` with --parquet). `--out` is a folder here as in every command
 * (docs/your-eval-reference.md, "Outputs"); every command reads the folder back as the eval.
 * An `--out` ending in `.arrow` is the old form (the file itself): still written, with a
 * deprecation warning. Prints one summary row per
 * (format, task, metric, system): files, questions, epochs, clusters, rows; warnings go to
 * stderr. Any error names the file, line and field, exits 2, and writes nothing.
 */
import { basename, dirname, join } from 'node:path';
import {
  columnValue,
  evalsimVersion,
  evalToArrow,
  type ImportedEval,
  importEval,
  parquetFromArrow,
  writeEvalArrow,
} from '@evalsim/sim';
import {
  formatEvalWarning,
  parquetPathOf,
  prepareOutputDirectory,
  publishFiles,
} from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import { createStatusLine } from '../format/progressLine.js';
import type { CliIo } from '../io.js';
import {
  COLUMN_FLAGS,
  checkPathsExist,
  importOptionsFrom,
  type LegacyImportFlag,
  withImportFlags,
  withLegacyImportFlags,
} from './importFlags.js';

/** import's old bare column names (--system, --epoch, --task), still read with a warning; the columns are COLUMN_FLAGS. */
const IMPORT_LEGACY: readonly LegacyImportFlag[] = ['system', 'epoch', 'task'];

/** The table's name inside import's --out folder. */
export const IMPORT_TABLE_NAME = 'eval.arrow';

/** Where import writes its table: `<out>/eval.arrow`, or the old `--out x.arrow` file itself. */
export function importTablePath(out: string): { readonly table: string; readonly legacyFile: boolean } {
  const legacyFile = /\.(arrow|feather|ipc)$/i.test(out);
  return { table: legacyFile ? out : join(out, IMPORT_TABLE_NAME), legacyFile };
}

import { PARQUET_OPTION } from './parquetOutput.js';
import { inputPath } from './shippedStudies.js';

interface Args {
  io: CliIo;
  paths: string[];
  out?: string;
  metric?: string;
  filter?: string;
  question?: string;
  cluster?: string;
  score?: string;
  split?: string;
  background: string;
  threads: string;
  json: boolean;
  quiet: boolean;
  parquet: boolean;
}

/** One row per (format, task, metric, system). */
export function importSummary(imported: ImportedEval): Record<string, string | number>[] {
  const { table, provenance } = imported;
  const formatOf = new Map(provenance.sources.map((s) => [s.path, s.format]));
  const sourceFormat = table.source.dictionary.map((path) => formatOf.get(path) ?? 'unknown');
  type Group = {
    format: string;
    task: string;
    metric: string;
    system: string;
    files: Set<number>;
    questions: Set<number>;
    clusters: Set<number>;
    epochs: number;
    rows: number;
  };
  const groups = new Map<string, Group>();
  for (let i = 0; i < table.rowCount; i++) {
    const format = sourceFormat[table.source.codes[i]];
    const key = `${format}\u0000${table.task.codes[i]}\u0000${table.metric.codes[i]}\u0000${table.system.codes[i]}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        format,
        task: columnValue(table.task, i)!,
        metric: columnValue(table.metric, i)!,
        system: columnValue(table.system, i)!,
        files: new Set(),
        questions: new Set(),
        clusters: new Set(),
        epochs: 0,
        rows: 0,
      };
      groups.set(key, g);
    }
    g.files.add(table.source.codes[i]);
    g.questions.add(table.question.codes[i]);
    if (table.cluster.codes[i] >= 0) g.clusters.add(table.cluster.codes[i]);
    if (table.epoch[i] > g.epochs) g.epochs = table.epoch[i];
    g.rows++;
  }
  return [...groups.values()].map((g) => ({
    format: g.format,
    task: g.task,
    system: g.system,
    metric: g.metric,
    files: g.files.size,
    questions: g.questions.size,
    epochs: g.epochs,
    clusters: g.clusters.size,
    rows: g.rows,
  }));
}

export const importCommand: CommandModule<object, Args> = {
  command: 'import <paths..>',
  describe: 'Read eval logs (lm-eval, inspect_ai, HELM, openai/evals, tables) into one canonical Arrow table',
  builder: (y) =>
    // The epoch column is --epoch-column, as in analyze, audit, plan, leaderboard and monitor
    // (analyze's --epoch is an epoch number); import's old --epoch still works, with a warning.
    withLegacyImportFlags(withImportFlags(y, COLUMN_FLAGS), IMPORT_LEGACY)
      .positional('paths', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'log files or directories',
      })
      .option('out', {
        type: 'string',
        describe:
          'folder to write: DIR/eval.arrow (and DIR/eval.parquet with --parquet); every command reads DIR back as the eval (without --out: check and summarise only)',
      })
      .options(PARQUET_OPTION)
      .option('background', {
        type: 'string',
        choices: ['auto', 'on', 'off'],
        default: 'auto',
        describe:
          'hash files and inflate .eval members on a second thread: auto (above 64 MiB of logs), on, off (the result is the same)',
      })
      .option('threads', {
        type: 'string',
        choices: ['auto', '0', '1', '2', '3'],
        default: 'auto',
        describe:
          'worker threads reading .eval logs beside the main one: auto (one fewer than the cores, at most 3, above 64 MiB of logs) or a count (the result is the same)',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'print one JSON document: summary, sources, warnings',
      })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress line' })
      .example(
        '$0 import lm-eval-out/ --out mmlu',
        'lm-evaluation-harness --log_samples output (every model under it)',
      )
      .example(
        '$0 import logs/*.eval --metric choice --cluster metadata.subject --out inspect',
        'inspect_ai logs',
      )
      .example(
        '$0 import benchmark_output/runs/v1 --out helm',
        'HELM runs (exact_match on test; subject as cluster)',
      )
      .example(
        '$0 import results.csv --question item --system-column model --score correct --cluster subject',
        'a long table with your own column names',
      )
      .example(
        '$0 import run1/ run2/ --system-label run1/=A --system-label run2/=B --out ab',
        'label two runs of one model apart',
      ) as never,
  handler: (args) => {
    const { io } = args;
    const paths = (args.paths ?? []).map((p) => inputPath(io, String(p)));
    checkPathsExist(io, paths);
    const options = importOptionsFrom(
      io,
      args as unknown as Record<string, unknown>,
      COLUMN_FLAGS,
      IMPORT_LEGACY,
    );
    const target = args.out !== undefined ? importTablePath(args.out) : undefined;
    if (target?.legacyFile)
      io.stderr.write(
        `warning: import --out ${args.out}: --out is a folder, as in every command (--out DIR writes DIR/${IMPORT_TABLE_NAME}); writing the file ${args.out} as before\n`,
      );
    const out = target !== undefined ? io.resolve(target.table) : undefined;
    const shownOut = target?.table;
    if (args.parquet && out === undefined)
      throw new Error(
        `--parquet: give --out DIR (the Parquet twin is written beside DIR/${IMPORT_TABLE_NAME})`,
      );
    // Paths are read from io's working directory and shown and recorded as given.
    const background = args.background === 'on' ? true : args.background === 'off' ? false : 'auto';
    const threads = args.threads === 'auto' ? 'auto' : Number(args.threads);
    // --out is checked once the logs are found, before any is read (never one of them).
    const beforeImport = (inputs: readonly string[]) => {
      if (out !== undefined)
        prepareOutputDirectory(
          dirname(out),
          [basename(out), ...(args.parquet ? [parquetPathOf(basename(out))] : [])],
          {
            label: `--out ${args.out}`,
            inputs,
            create: false,
          },
        );
    };
    // A progress line on a terminal (never in pipes, with --json or --quiet): the logs read of all.
    const line = createStatusLine({ stream: io.stderr, quiet: args.quiet || args.json });
    const onProgress = (done: number, total: number) =>
      line.draw(
        `import: logs read ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
        done === total,
      );
    const imported = importEval(paths, options, {
      cwd: io.cwd,
      background,
      threads,
      beforeImport,
      onProgress,
    });
    line.clear();
    if (out !== undefined) {
      if (args.parquet) {
        // The twin from the very bytes of the Arrow file: both written, then each renamed into place.
        const bytes = evalToArrow(imported, evalsimVersion());
        publishFiles([
          { path: out, bytes },
          { path: parquetPathOf(out), bytes: parquetFromArrow(bytes) },
        ]);
      } else writeEvalArrow(out, imported, { version: evalsimVersion() });
    }
    const rows = importSummary(imported);
    const warnings = imported.warnings.map(formatEvalWarning);
    if (args.json) {
      const doc = {
        out: shownOut ?? null,
        rows: imported.table.rowCount,
        summary: rows,
        sources: imported.provenance.sources,
        warnings,
      };
      io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
      return;
    }
    printRows(io.stdout, rows, false);
    for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
    const files = imported.provenance.sources.length;
    const what = `${imported.table.rowCount} scored samples from ${files} file${files === 1 ? '' : 's'}`;
    io.stderr.write(
      shownOut !== undefined
        ? `wrote ${shownOut}${args.parquet ? ` and ${parquetPathOf(shownOut)}` : ''}: ${what}\n`
        : `${what} (nothing written: no --out)\n`,
    );
  },
};
