/**
 * The eval-import flags, shared by `evalsim import` and the commands that accept raw logs
 * (analyze, monitor, audit, plan, leaderboard): their yargs declarations and the
 * {@link EvalImportOptions} they give. One name per meaning in every command: a long table's
 * columns are `--system-column`, `--epoch-column`, `--task-column` ({@link COLUMN_FLAGS}: the
 * bare `--system`, `--epoch`, `--task` select a system, an epoch, a task where a command has
 * them), and `--system-label LABEL | FILE=LABEL` relabels the logged model. import's old
 * `--system`, `--epoch`, `--task` and analyze's and monitor's old `--system` still work, with a
 * deprecation warning naming the new flag ({@link withLegacyImportFlags}).
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
  system: { type: 'string', describe: 'long table: system column (default system)' },
  'system-label': {
    type: 'string',
    array: true,
    describe:
      'label replacing the logged model (a long table: its system column); FILE=LABEL labels one file or folder (repeatable)',
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
 * The long table's column flags, the same in every command (their bare names select a
 * system, an epoch or a task where a command has those).
 */
export const COLUMN_FLAGS: RenamedImportFlags = {
  system: 'system-column',
  epoch: 'epoch-column',
  task: 'task-column',
};

/** The old names a command still accepts, with a warning: `--system` (label or column), `--epoch`, `--task` (columns). */
export type LegacyImportFlag = 'system' | 'epoch' | 'task';

/** Declares the old names in `legacy` as hidden flags (they are read by {@link importOptionsFrom}). */
export function withLegacyImportFlags<T>(y: Argv<T>, legacy: readonly LegacyImportFlag[]): Argv<T> {
  let out = y;
  for (const name of legacy)
    out = out.option(name, {
      type: 'string',
      hidden: true,
      ...(name === 'system' ? { array: true } : {}),
      describe: `deprecated: ${name === 'system' ? '--system-label or --system-column' : `--${name}-column`}`,
    }) as Argv<T>;
  return out;
}

/**
 * `--system-label LABEL` (one) and `--system-label FILE=LABEL` (any number; FILE must exist,
 * relative to `io`'s working directory, and is matched against the paths as given); `flag`
 * names the flag in messages (the old `--system` gives the old overloaded option).
 */
export function systemOptions(
  io: CliIo,
  values: readonly string[],
  flag = '--system-label',
): Pick<EvalImportOptions, 'system' | 'systemLabel' | 'systemByFile'> {
  const byFile: Record<string, string> = {};
  let label: string | undefined;
  for (const value of values) {
    const at = value.lastIndexOf('=');
    const file = at > 0 ? value.slice(0, at) : '';
    if (at > 0 && existsSync(io.resolve(file))) {
      const name = value.slice(at + 1);
      if (name.trim() === '') throw new Error(`${flag} ${value}: the label after "=" is empty`);
      byFile[file] = name;
    } else if (label === undefined) label = value;
    else
      throw new Error(
        `${flag}: two labels ("${label}", "${value}"); to label files apart use ${flag} <file>=<label>`,
      );
  }
  const labelled: Pick<EvalImportOptions, 'system' | 'systemLabel'> =
    label === undefined ? {} : flag === '--system' ? { system: label } : { systemLabel: label };
  return { ...labelled, ...(Object.keys(byFile).length ? { systemByFile: byFile } : {}) };
}

const camel = (flag: string) => flag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The import options given on the command line (`args` keyed by flag name, camel-cased by
 * yargs too); the old names in `legacy` are read with a warning on `io.stderr` (both the old
 * and the new name at once are refused).
 */
export function importOptionsFrom(
  io: CliIo,
  args: Readonly<Record<string, unknown>>,
  renamed: RenamedImportFlags = {},
  legacy: readonly LegacyImportFlag[] = [],
): EvalImportOptions {
  const raw = (flag: string): unknown => args[flag] ?? args[camel(flag)];
  const used = new Set<LegacyImportFlag>();
  const get = (name: ImportFlag): string | undefined => {
    const flag = renamed[name] ?? name;
    let value = raw(flag);
    if ((legacy as readonly string[]).includes(name) && name !== 'system' && raw(name) !== undefined) {
      if (value !== undefined)
        throw new Error(`--${name} and --${flag} name the same column: give --${flag} only`);
      value = raw(name);
      used.add(name as LegacyImportFlag);
    }
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
  const list = (given: unknown): string[] =>
    listOption(given).length ? (given as unknown[]).map(String) : [];
  const labels = list(raw('system-label'));
  const columnFlag = renamed.system ?? 'system';
  const column = columnFlag === 'system' ? undefined : raw(columnFlag);
  let systems: Pick<EvalImportOptions, 'system' | 'systemLabel' | 'systemByFile'> = systemOptions(io, labels);
  if (legacy.includes('system') && raw('system') !== undefined) {
    if (labels.length || column !== undefined)
      throw new Error('--system is the old form of --system-label and --system-column: give those only');
    systems = systemOptions(io, list(raw('system')), '--system');
    used.add('system');
  }
  for (const name of used)
    io.stderr.write(
      name === 'system'
        ? 'warning: --system is deprecated here: use --system-column COL (a long table\u2019s system column) or --system-label LABEL | FILE=LABEL (a label for the logs); --system selects a system in audit and leaderboard\n'
        : `warning: --${name} is deprecated here: use --${name}-column (the name every command uses for the ${name} column)\n`,
    );
  return {
    ...(options as EvalImportOptions),
    ...(column !== undefined ? { systemColumn: String(column) } : {}),
    ...systems,
  };
}

/** Refuses the first of `paths` (as typed, resolved against the working directory) that does not exist. */
export function checkPathsExist(io: CliIo, paths: readonly string[]): void {
  for (const path of paths)
    if (!existsSync(io.resolve(path))) throw new Error(`${path}: no such file or directory`);
}
