/**
 * Options for {@link importEval}. Several mean different things per format, as the
 * `evalsim import` flags do:
 *
 * | option     | lm-evaluation-harness            | inspect_ai                     | HELM                  | openai/evals          | long table (CSV/JSONL/Arrow) |
 * |------------|----------------------------------|--------------------------------|-----------------------|-----------------------|------------------------------|
 * | `metric`   | per-sample metric field (default: the task's first) | scorer name (required with several scorers; `scorer.key` for a dict value) | stat name (default `exact_match`) | `match` (default) or a key of `metrics` events | label of the score column (default its name) |
 * | `filter`   | filter key (required with several) | —                            | —                     | —                     | —                            |
 * | `question` | `doc_id` (default) or `doc_hash` | —                              | —                     | —                     | question column (default `question`) |
 * | `cluster`  | `task` (default for grouped tasks), `none`, `doc.<field>` | `metadata.<key>` (default none) | `run.<arg>` (default `subject`/`subset` from the run name), `none` | `data.<field>` | cluster column (default `cluster` if present) |
 * | `system`   | label replacing the model name   | label replacing `eval.model`   | label replacing the model | label replacing the completion fns | system column (default `system`) |
 *
 * `systemByFile` sets the label per input file or directory (any format; for a long table
 * it replaces the system column). `score`, `epoch`, `task` name long-table columns (defaults `score`
 * — or `correct` when there is no `score` — `epoch`, `task`). `order` names a long-table
 * column giving each row's position in the log (numbers or ISO 8601 timestamps; no default),
 * kept as the table's `order` column for `evalsim monitor`. `split` is HELM's split
 * (default `test`).
 */
export interface EvalImportOptions {
  readonly metric?: string;
  readonly filter?: string;
  readonly question?: string;
  readonly cluster?: string;
  readonly system?: string;
  /**
   * System label per input, keyed by a path as given or as found in a walked directory: a
   * file, or a directory whose every log gets the label (the most specific path wins).
   */
  readonly systemByFile?: Readonly<Record<string, string>>;
  readonly score?: string;
  readonly epoch?: string;
  readonly task?: string;
  readonly order?: string;
  readonly split?: string;
}

/** The option names, for validation and help. */
export const EVAL_IMPORT_OPTION_NAMES = [
  'metric',
  'filter',
  'question',
  'cluster',
  'system',
  'systemByFile',
  'score',
  'epoch',
  'task',
  'order',
  'split',
] as const;

/** Checks option types (strings, non-empty); throws a TypeError naming the option. */
export function checkImportOptions(options: EvalImportOptions): void {
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!(EVAL_IMPORT_OPTION_NAMES as readonly string[]).includes(name)) {
      throw new TypeError(
        `import option "${name}" is unknown; options: ${EVAL_IMPORT_OPTION_NAMES.join(', ')}`,
      );
    }
    if (name === 'systemByFile') {
      if (typeof value !== 'object' || value === null)
        throw new TypeError('import option "systemByFile" must map files to labels');
      for (const [file, label] of Object.entries(value)) {
        if (typeof label !== 'string' || label.trim() === '') {
          throw new TypeError(
            `import option "systemByFile": the label for "${file}" must be a non-empty string`,
          );
        }
      }
    } else if (typeof value !== 'string' || value.trim() === '') {
      throw new TypeError(`import option "${name}" must be a non-empty string, got ${JSON.stringify(value)}`);
    }
  }
}
