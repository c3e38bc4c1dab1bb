/**
 * The eval-import flags, shared by `evalsim import` and the commands that accept raw logs
 * (`evalsim analyze`): their yargs declarations and the {@link EvalImportOptions} they give.
 * A command whose own flags use a name (analyze's `--epoch N`, `--task NAME`) takes the
 * long-table column flags as `--epoch-column` / `--task-column` instead (`renamed`).
 */
import { existsSync } from 'node:fs';
import type { EvalImportOptions } from '@evalsim/sim';
import type { Argv, Options } from 'yargs';
import type { CliIo } from '../io.js';
import { listOption } from './shared.js';

export const IMPORT_FLAGS = {
  metric: {
    type: 'string',
    describe:
      'lm-eval metric field (default: the task\u2019s first) | inspect scorer (required with several; scorer.key for a dict) | HELM stat (default exact_match) | openai/evals: match (default) or a metrics key | long table: metric label',
  },
  filter: { type: 'string', describe: 'lm-eval filter (required when a task has several)' },
  question: {
    type: 'string',
    describe: 'lm-eval: doc_id (default) or doc_hash | long table: question column',
  },
  cluster: {
    type: 'string',
    describe:
      'lm-eval: task (default for grouped tasks), doc.<field>, none | inspect: metadata.<key> | HELM: run.<arg> (default subject) | openai/evals: data.<field> | long table: cluster column | none',
  },
  system: {
    type: 'string',
    array: true,
    describe:
      'label replacing the logged model (long table: the system column); FILE=LABEL labels one file (repeatable)',
  },
  score: { type: 'string', describe: 'long table: score column (default score, else correct)' },
  epoch: { type: 'string', describe: 'long table: epoch column (default epoch; 1-based)' },
  task: { type: 'string', describe: 'long table: task column (default task)' },
  order: {
    type: 'string',
    describe: "long table: order column (numbers or ISO 8601 timestamps; each row's position in the log)",
  },
  split: { type: 'string', describe: 'HELM split (default test)' },
  labels: {
    type: 'string',
    describe:
      'human labels beside a judge: a long table column (metric label:<column>) | inspect: scorer:<name> (a gold scorer on some samples) | metric:<name> already in the table; analyze corrects the judge with them',
  },
  answer: {
    type: 'string',
    describe:
      "import each sample's discrete answer (for maj@k): long table: the answer column | inspect: score (Score.answer)",
  },
  repeats: {
    type: 'string',
    describe:
      'lm-eval tasks with repeats: rescore = every repeat a sample, extracted and scored as lm-eval scores the first (checked against its logged score)',
  },
} as const satisfies Record<string, Options>;

type ImportFlag = keyof typeof IMPORT_FLAGS;

/** Flag name per import option (e.g. `{ epoch: 'epoch-column' }`); the others keep their names. */
export type RenamedImportFlags = Partial<Record<ImportFlag, string>>;

/** Declares the import flags on `y` (but those in `skip`, which the command declares itself). */
export function withImportFlags<T>(
  y: Argv<T>,
  renamed: RenamedImportFlags = {},
  skip: readonly ImportFlag[] = [],
): Argv<T> {
  let out = y;
  for (const [name, option] of Object.entries(IMPORT_FLAGS)) {
    if (skip.includes(name as ImportFlag)) continue;
    out = out.option(renamed[name as ImportFlag] ?? name, option as Options) as Argv<T>;
  }
  return out;
}

/**
 * The import flags of the commands that simulate an eval (audit, plan, leaderboard), whose own
 * `--system`, `--task` and `--metric` mean something else: the long table's columns are
 * `--system-column`, `--epoch-column`, `--task-column`; `--metric` and `--task` are theirs.
 */
export const SIMULATION_IMPORT_FLAGS: RenamedImportFlags = {
  system: 'system-column',
  epoch: 'epoch-column',
  task: 'task-column',
};

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

/** The import options given on the command line (`args` keyed by flag name, camel-cased by yargs too). */
export function importOptionsFrom(
  io: CliIo,
  args: Readonly<Record<string, unknown>>,
  renamed: RenamedImportFlags = {},
): EvalImportOptions {
  const get = (name: ImportFlag): string | undefined => {
    const value = args[renamed[name] ?? name];
    return value === undefined ? undefined : String(value);
  };
  const options: Record<string, unknown> = {};
  for (const name of [
    'metric',
    'filter',
    'question',
    'cluster',
    'score',
    'epoch',
    'task',
    'order',
    'split',
    'labels',
    'answer',
    'repeats',
  ] as const) {
    const value = get(name);
    if (value !== undefined) options[name] = value;
  }
  const systemFlag = renamed.system ?? 'system';
  const given = args[systemFlag] ?? args[systemFlag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())];
  const systems = listOption(given).length ? (given as unknown[]).map(String) : [];
  return { ...(options as EvalImportOptions), ...systemOptions(io, systems) };
}

/** Refuses the first of `paths` (as typed, resolved against the working directory) that does not exist. */
export function checkPathsExist(io: CliIo, paths: readonly string[]): void {
  for (const path of paths)
    if (!existsSync(io.resolve(path))) throw new Error(`${path}: no such file or directory`);
}
