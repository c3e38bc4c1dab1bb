/**
 * `evalsim import <paths…> --out eval.arrow`: reads eval logs (lm-evaluation-harness
 * --log_samples, inspect_ai .eval/.json, HELM runs, openai/evals, long CSV/JSONL/Arrow
 * tables, wide item populations; files or directories) into evalsim's canonical eval table
 * and writes it as Arrow with the provenance of every file. Prints one summary row per
 * (format, task, metric, system): files, questions, epochs, clusters, rows; warnings go to
 * stderr. Any error names the file, line and field, exits 2, and writes nothing.
 */
import { existsSync, statSync } from 'node:fs';
import {
  columnValue,
  type EvalImportOptions,
  evalsimVersion,
  formatEvalWarning,
  type ImportedEval,
  importEval,
  writeEvalArrow,
} from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { listOption } from './shared.js';

interface Args {
  io: CliIo;
  paths: string[];
  out?: string;
  metric?: string;
  filter?: string;
  question?: string;
  cluster?: string;
  system?: string[];
  score?: string;
  epoch?: string;
  task?: string;
  split?: string;
  background: string;
  json: boolean;
}

/**
 * `--system LABEL` (one) and `--system FILE=LABEL` (any number; FILE must exist, relative to
 * `io`'s working directory, and is matched against the paths as given).
 */
export function systemOptions(
  io: CliIo,
  values: readonly string[],
): Pick<EvalImportOptions, 'system' | 'systemByFile'> {
  const byFile: Record<string, string> = {};
  let label: string | undefined;
  for (const value of values) {
    const at = value.lastIndexOf('=');
    const file = at > 0 ? value.slice(0, at) : '';
    if (at > 0 && existsSync(io.resolve(file))) {
      const name = value.slice(at + 1);
      if (name.trim() === '') throw new Error(`--system ${value}: the label after "=" is empty`);
      byFile[file] = name;
    } else if (label === undefined) label = value;
    else
      throw new Error(
        `--system: two labels ("${label}", "${value}"); to label files apart use --system <file>=<label>`,
      );
  }
  return {
    ...(label !== undefined ? { system: label } : {}),
    ...(Object.keys(byFile).length ? { systemByFile: byFile } : {}),
  };
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
    y
      .positional('paths', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'log files or directories',
      })
      .option('out', {
        type: 'string',
        describe: 'Arrow file to write (without it: check and summarise only)',
      })
      .option('metric', {
        type: 'string',
        describe:
          'lm-eval metric field (default: the task\u2019s first) | inspect scorer (required with several; scorer.key for a dict) | HELM stat (default exact_match) | openai/evals: match (default) or a metrics key | long table: metric label',
      })
      .option('filter', { type: 'string', describe: 'lm-eval filter (required when a task has several)' })
      .option('question', {
        type: 'string',
        describe: 'lm-eval: doc_id (default) or doc_hash | long table: question column',
      })
      .option('cluster', {
        type: 'string',
        describe:
          'lm-eval: task (default for grouped tasks), doc.<field>, none | inspect: metadata.<key> | HELM: run.<arg> (default subject) | openai/evals: data.<field> | long table: cluster column | none',
      })
      .option('system', {
        type: 'string',
        array: true,
        describe:
          'label replacing the logged model (long table: the system column); FILE=LABEL labels one file (repeatable)',
      })
      .option('score', { type: 'string', describe: 'long table: score column (default score, else correct)' })
      .option('epoch', { type: 'string', describe: 'long table: epoch column (default epoch; 1-based)' })
      .option('task', { type: 'string', describe: 'long table: task column (default task)' })
      .option('split', { type: 'string', describe: 'HELM split (default test)' })
      .option('background', {
        type: 'string',
        choices: ['auto', 'on', 'off'],
        default: 'auto',
        describe:
          'hash files and inflate .eval members on a second thread: auto (above 64 MiB of logs), on, off (the result is the same)',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'print one JSON document: summary, sources, warnings',
      })
      .example(
        '$0 import lm-eval-out/ --out mmlu.arrow',
        'lm-evaluation-harness --log_samples output (every model under it)',
      )
      .example(
        '$0 import logs/*.eval --metric choice --cluster metadata.subject --out eval.arrow',
        'inspect_ai logs',
      )
      .example(
        '$0 import benchmark_output/runs/v1 --out helm.arrow',
        'HELM runs (exact_match on test; subject as cluster)',
      )
      .example(
        '$0 import results.csv --question item --system model --score correct --cluster subject',
        'a long table with your own column names',
      )
      .example(
        '$0 import run1/ run2/ --system run1/=A --system run2/=B --out ab.arrow',
        'label two runs of one model apart',
      ) as never,
  handler: (args) => {
    const { io } = args;
    const paths = (args.paths ?? []).map(String);
    for (const path of paths)
      if (!existsSync(io.resolve(path))) throw new Error(`${path}: no such file or directory`);
    const options: EvalImportOptions = {
      ...(args.metric !== undefined ? { metric: args.metric } : {}),
      ...(args.filter !== undefined ? { filter: args.filter } : {}),
      ...(args.question !== undefined ? { question: args.question } : {}),
      ...(args.cluster !== undefined ? { cluster: args.cluster } : {}),
      ...systemOptions(io, listOption(args.system).length ? (args.system ?? []).map(String) : []),
      ...(args.score !== undefined ? { score: args.score } : {}),
      ...(args.epoch !== undefined ? { epoch: args.epoch } : {}),
      ...(args.task !== undefined ? { task: args.task } : {}),
      ...(args.split !== undefined ? { split: args.split } : {}),
    };
    const out = args.out !== undefined ? io.resolve(args.out) : undefined;
    if (out !== undefined && existsSync(out) && statSync(out).isDirectory()) {
      throw new Error(`--out ${args.out}: is a directory; give the Arrow file to write`);
    }
    // Paths are read from io's working directory and shown and recorded as given.
    const background = args.background === 'on' ? true : args.background === 'off' ? false : 'auto';
    const imported = importEval(paths, options, { cwd: io.cwd, background });
    if (out !== undefined) writeEvalArrow(out, imported, { version: evalsimVersion() });
    const rows = importSummary(imported);
    const warnings = imported.warnings.map(formatEvalWarning);
    if (args.json) {
      const doc = {
        out: args.out ?? null,
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
      args.out !== undefined ? `wrote ${args.out}: ${what}\n` : `${what} (nothing written: no --out)\n`,
    );
  },
};
