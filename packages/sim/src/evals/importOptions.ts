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
 * `answer` imports each sample's discrete answer into the table's optional `answer` column (for
 * maj@k): a long table's column of that name; `score` for inspect_ai (the chosen scorer's
 * `Score.answer`); (lm-evaluation-harness: see `repeats`). Off by default, so an import without it writes the
 * bytes it always did. `repeats: 'rescore'` (lm-evaluation-harness) makes every repeat of a
 * `repeats: K` task a sample, re-extracted and scored as lm-eval scores the first (checked
 * against its logged score); its answers go to the answer column.
 *
 * `systemByFile` sets the label per input file or directory (any format; for a long table
 * it replaces the system column). `score`, `epoch`, `task` name long-table columns (defaults `score`
 * — or `correct` when there is no `score` — `epoch`, `task`). `split` is HELM's split
 * (default `test`). `labels` names human labels beside a judge's verdicts (judgeLabels.ts): a
 * long table's column (imported as metric `label:<column>`), an inspect_ai scorer
 * `scorer:<name>` (imported as metric `<name>`), or `metric:<name>` (already in the table); the
 * other formats refuse it. `order` names a long-table column giving each row's position in the
 * log (numbers or ISO 8601 timestamps; no default), kept as the table's `order` column for
 * `evalsim monitor`.
 */
export interface EvalImportOptions {
  readonly metric?: string;
  readonly filter?: string;
  readonly question?: string;
  readonly cluster?: string;
  /**
   * The old overloaded option (a label for logs, the system column for a long table): kept
   * for compatibility; `systemLabel` and `systemColumn` say which is meant, and either one
   * with `system` is refused.
   */
  readonly system?: string;
  /** One label replacing the logged model for every input (a long table: replacing its system column). */
  readonly systemLabel?: string;
  /** A long table's system column (default `system`); the other formats ignore it. */
  readonly systemColumn?: string;
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
  readonly labels?: string;
  readonly answer?: string;
  /** lm-evaluation-harness `repeats` tasks: `rescore` scores every repeat (formats/lmEvalRepeats.ts). */
  readonly repeats?: string;
}

/** The option names, for validation and help. */
export const EVAL_IMPORT_OPTION_NAMES = [
  'metric',
  'filter',
  'question',
  'cluster',
  'system',
  'systemLabel',
  'systemColumn',
  'systemByFile',
  'score',
  'epoch',
  'task',
  'order',
  'split',
  'labels',
  'answer',
  'repeats',
] as const;

/** Checks option types (strings, non-empty); throws a TypeError naming the option. */
export function checkImportOptions(options: EvalImportOptions): void {
  if (
    options.system !== undefined &&
    (options.systemLabel !== undefined || options.systemColumn !== undefined)
  )
    throw new TypeError(
      'import option "system" is the old form of "systemLabel" (logs) and "systemColumn" (a long table): give those only',
    );
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
