/**
 * The part of inspect_ai's log schema shared by `.eval` and `.json` logs (log/_log.py at
 * commit 499e6152, inspect_ai 0.3.260; `EvalLog.version` 2, which the reader also
 * accepts as 1 with the old single `score` field). The header (`EvalLog` without samples)
 * gives `eval.task`, `eval.model`, `eval.packages.inspect_ai`, `status`, and the scorers
 * (`eval.scorers[].name`, else the distinct `results.scores[].scorer`). Each sample
 * (`EvalSample`, or `EvalSampleSummary` in summaries.json) gives `id` (int or string),
 * `epoch` (1-based), `scores` (scorer name → `Score` with `value`) and `metadata`.
 *
 * Rows: task = eval.task, system = eval.model, question = id, epoch = epoch, metric = the
 * scorer (`scorer.key` for a dict value), score = value_to_float(value) (scoreValue.ts),
 * cluster = `metadata.<key>` when asked (inspect_ai's own `stderr(cluster=…)` reads the
 * same key and also refuses a sample without it). A sample whose chosen score is missing
 * (an errored sample) or NaN (`Score.unscored`) is skipped with a counted warning.
 */
import { EvalInputError, type EvalLocation, showValue } from '../evalInputError.js';
import { idText, labelText, objectField, valueAtPath } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { epochNumber, inspectScore } from '../scoreValue.js';

export interface InspectHeader {
  readonly task: string;
  readonly model: string;
  readonly version: number;
  readonly status: string;
  readonly toolVersion?: string;
  /** Scorer names declared in the header (may be empty for an unfinished log). */
  readonly scorers: readonly string[];
}

/** Reads the header fields of an `EvalLog` (or a `.eval` `_journal/start.json`). */
export function readInspectHeader(json: unknown, file: string): InspectHeader {
  const log = objectField(json, { file });
  const version = log.version;
  if (version !== 1 && version !== 2) {
    throw new EvalInputError(
      { file, field: 'version' },
      `inspect_ai log schema version ${showValue(version)}; this importer reads versions 1 and 2`,
    );
  }
  const spec = objectField(log.eval, { file, field: 'eval' });
  const task = labelText(spec.task, { file, field: 'eval.task' });
  const model = labelText(spec.model, { file, field: 'eval.model' });
  const packages = spec.packages as Record<string, unknown> | undefined;
  const toolVersion = typeof packages?.inspect_ai === 'string' ? packages.inspect_ai : undefined;
  const scorers: string[] = [];
  if (Array.isArray(spec.scorers)) {
    for (const s of spec.scorers)
      if (typeof s?.name === 'string' && !scorers.includes(s.name)) scorers.push(s.name);
  }
  const results = log.results as Record<string, unknown> | null | undefined;
  if (scorers.length === 0 && Array.isArray(results?.scores)) {
    for (const s of results.scores as Record<string, unknown>[]) {
      if (typeof s?.scorer === 'string' && !scorers.includes(s.scorer)) scorers.push(s.scorer);
    }
  }
  const status = typeof log.status === 'string' ? log.status : 'started';
  return { task, model, version, status, scorers, ...(toolVersion ? { toolVersion } : {}) };
}

/**
 * Whether a summary's metadata value is certainly the sample's own. inspect_ai's
 * `thin_metadata` keeps numbers and booleans, replaces large structures by "Key removed
 * from summary (> 1k)" and passes strings through `textwrap.shorten(width=1024,
 * placeholder="...")`, which collapses whitespace and, past 1,024 characters, cuts at a
 * word and appends "...". So a string is certain when it is whitespace-normalised and does
 * not end in "..." (one that does is read from the sample file, to be safe).
 */
function survivesThinning(value: unknown): boolean {
  if (typeof value !== 'string') return typeof value === 'number' || typeof value === 'boolean';
  return (
    !value.endsWith('...') &&
    value !== 'Key removed from summary (> 1k)' &&
    value === value.split(/\s+/).filter(Boolean).join(' ')
  );
}

/** Turns inspect samples (or summaries) into rows for one log. */
export class InspectRows {
  private readonly source: number;
  private readonly task: number;
  private readonly system: number;
  private readonly scorer: string;
  private readonly key: string | undefined;
  private readonly metric: number;
  private readonly clusterPath: string[] | undefined;
  private missing = 0;
  private unscored = 0;
  rows = 0;

  constructor(
    private readonly ctx: ImportContext,
    private readonly file: string,
    header: InspectHeader,
    firstScores: Record<string, unknown> | undefined,
  ) {
    const { builder, options } = ctx;
    const declared = header.scorers.length > 0 ? header.scorers : Object.keys(firstScores ?? {});
    let scorer: string;
    let key: string | undefined;
    if (options.metric !== undefined) {
      scorer = options.metric;
      if (!declared.includes(scorer)) {
        const dot = options.metric.lastIndexOf('.');
        if (dot > 0 && declared.includes(options.metric.slice(0, dot))) {
          scorer = options.metric.slice(0, dot);
          key = options.metric.slice(dot + 1);
        } else if (declared.length > 0) {
          throw new EvalInputError(
            { file, field: 'metric' },
            `no scorer "${options.metric}" in this log; scorers: ${declared.join(', ')}`,
          );
        }
      }
    } else if (declared.length === 1) scorer = declared[0];
    else if (declared.length === 0)
      throw new EvalInputError({ file, field: 'scores' }, 'the log has no scores');
    else {
      throw new EvalInputError(
        { file, field: 'scores' },
        `${declared.length} scorers (${declared.join(', ')}) and none chosen: choose one with --metric`,
      );
    }
    this.scorer = scorer;
    this.key = key;
    const cluster = options.cluster ?? 'none';
    if (cluster.startsWith('metadata.') && cluster.length > 9) this.clusterPath = cluster.slice(9).split('.');
    else if (cluster !== 'none') {
      throw new EvalInputError(
        { file, field: 'cluster' },
        `option cluster "${cluster}": for inspect_ai logs use metadata.<key> (sample metadata) or none`,
      );
    }
    this.source = builder.code('source', file);
    this.task = builder.code('task', header.task);
    this.system = builder.code('system', ctx.systemLabel(file, header.model));
    this.metric = builder.code('metric', key === undefined ? scorer : `${scorer}.${key}`);
  }

  /** False when a summary's cluster value may have been shortened by inspect_ai's thinning. */
  summaryIsEnough(summary: Record<string, unknown>): boolean {
    return (
      this.clusterPath === undefined || survivesThinning(valueAtPath(summary.metadata, this.clusterPath))
    );
  }

  /** Adds one sample; `at` locates it (`field` is the JSON path prefix, e.g. `samples[3]`). */
  add(sample: unknown, at: EvalLocation): void {
    const prefix = at.field ? `${at.field}.` : '';
    const where = (field: string): EvalLocation => ({ ...at, field: `${prefix}${field}` });
    const s = objectField(sample, at);
    const id = idText(s.id, where('id'));
    const epoch = epochNumber(s.epoch, where('epoch'));
    const scores = (s.scores ?? (s.score !== undefined ? { [this.scorer]: s.score } : undefined)) as
      | Record<string, unknown>
      | null
      | undefined;
    const score = scores?.[this.scorer] as Record<string, unknown> | undefined;
    if (score === undefined || score === null) {
      this.missing++;
      return;
    }
    let value = objectField(score, where(`scores.${this.scorer}`)).value;
    if (this.key !== undefined) {
      const dict = objectField(value, where(`scores.${this.scorer}.value`));
      if (!(this.key in dict)) {
        throw new EvalInputError(
          where(`scores.${this.scorer}.value`),
          `no key "${this.key}" in the score value; keys: ${Object.keys(dict).join(', ')}`,
        );
      }
      value = dict[this.key];
    }
    const x = inspectScore(value, where(`scores.${this.scorer}.value${this.key ? `.${this.key}` : ''}`));
    if (Number.isNaN(x)) {
      this.unscored++;
      return;
    }
    const { builder } = this.ctx;
    let cluster = -1;
    if (this.clusterPath) {
      const field = `metadata.${this.clusterPath.join('.')}`;
      cluster = builder.code('cluster', labelText(valueAtPath(s.metadata, this.clusterPath), where(field)));
    }
    const question = builder.code('question', id);
    builder.append(
      this.source,
      this.task,
      this.system,
      question,
      cluster,
      epoch,
      this.metric,
      x,
      at.line ?? 0,
    );
    this.rows++;
  }

  /** Warnings for skipped samples. */
  finish(): void {
    const field = `scores.${this.scorer}`;
    if (this.missing > 0) {
      this.ctx.warn({
        file: this.file,
        field,
        message: `${this.missing} samples have no ${this.scorer} score (errored or unscored) and were skipped`,
      });
    }
    if (this.unscored > 0) {
      this.ctx.warn({
        file: this.file,
        field,
        message: `${this.unscored} samples scored NaN (unscored) were skipped`,
      });
    }
  }
}

/** Warns when a log did not finish. */
export function warnUnfinished(ctx: ImportContext, file: string, header: InspectHeader, rows: number): void {
  if (header.status !== 'success') {
    ctx.warn({
      file,
      field: 'status',
      message: `log status is "${header.status}" (not success); ${rows} samples imported`,
    });
  }
}
