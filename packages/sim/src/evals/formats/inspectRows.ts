/**
 * inspect_ai samples to rows, shared by `.eval` and `.json` logs (log/_log.py at commit
 * 499e6152, inspect_ai 0.3.260). Each sample (`EvalSample`, or `EvalSampleSummary` in
 * summaries.json; schema version 1's single `score` field accepted) gives `id` (int or
 * string), `epoch` (1-based), `scores` (scorer name → `Score` with `value`) and `metadata`.
 *
 * Rows: task = eval.task, system = eval.model, question = id, epoch = epoch, metric = the
 * scorer (`scorer.key` for a dict value), score = value_to_float(value) (scoreValue.ts),
 * cluster = `metadata.<key>` when asked (inspect_ai's own `stderr(cluster=…)` reads the
 * same key and also refuses a sample without it). A sample whose chosen score is missing
 * (an errored sample) or NaN (`Score.unscored`) is skipped with a counted warning.
 */

import { pow } from '@evalsim/core';
import { EvalInputError, type EvalLocation } from '../evalInputError.js';
import { GroupingScan, groupingHint } from '../groupingScan.js';
import { idText, labelText, objectField, valueAtPath } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { epochNumber, inspectScore } from '../scoreValue.js';
import type { InspectHeader } from './inspectHeader.js';
import { SamplePairs } from './samplePairs.js';

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
  if (value.endsWith('...') || value === 'Key removed from summary (> 1k)') return false;
  // Unchanged by Python's " ".join(text.split()): no whitespace but single inner spaces.
  let previousSpace = true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (isPythonSpace(c)) {
      if (c !== 0x20 || previousSpace) return false;
      previousSpace = true;
    } else previousSpace = false;
  }
  return value.length === 0 || !previousSpace;
}

/** Python's str.isspace() for one UTF-16 code unit. */
function isPythonSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x1f) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Thrown by {@link InspectRows.addParts} on a repeated (id, epoch) when asked to signal repeats. */
export class RepeatedSample extends Error {}

/** Turns inspect samples (or summaries) into rows for one log. */
export class InspectRows {
  private readonly source: number;
  private readonly task: number;
  private readonly system: number;
  /** The chosen scorer, and the key of its dict value when `--metric scorer.key`. */
  readonly scorer: string;
  readonly key: string | undefined;
  private readonly metric: number;
  /** The metadata path of the cluster, when clustering by `metadata.<key>`. */
  readonly clusterPath: string[] | undefined;
  /** Import the scorer's `Score.answer` as the sample's answer (`answer: 'score'`). */
  private readonly answers: boolean;
  private missing = 0;
  private unscored = 0;
  rows = 0;
  /** Distinct sample ids (question codes) and the largest epoch read, for the header check. */
  private readonly ids = new Set<number>();
  private maxEpoch = 0;
  /** Without --cluster: the sample metadata watched for a grouping (groupingScan.ts). */
  readonly scan: GroupingScan | undefined;

  private readonly numericIds = new Map<number, number>();
  private smallIds = new Int32Array(0);
  /** (question, epoch) pairs seen, when repeats are signalled. */
  private readonly seen: SamplePairs | undefined;

  constructor(
    private readonly ctx: ImportContext,
    private readonly file: string,
    header: InspectHeader,
    firstScores: Record<string, unknown> | undefined,
    signalRepeats = false,
  ) {
    this.seen = signalRepeats ? new SamplePairs() : undefined;
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
    this.scan = options.cluster === undefined ? new GroupingScan() : undefined;
    const cluster = options.cluster ?? 'none';
    if (cluster.startsWith('metadata.') && cluster.length > 9) this.clusterPath = cluster.slice(9).split('.');
    else if (cluster !== 'none') {
      throw new EvalInputError(
        { file, field: 'cluster' },
        `option cluster "${cluster}": for inspect_ai logs use metadata.<key> (sample metadata) or none`,
      );
    }
    if (options.answer !== undefined && options.answer !== 'score') {
      throw new EvalInputError(
        { file, field: 'answer' },
        `option answer "${options.answer}": for inspect_ai logs use score (the scorer's Score.answer)`,
      );
    }
    this.answers = options.answer === 'score';
    this.source = builder.code('source', file);
    this.task = builder.code('task', header.task);
    this.system = builder.code('system', ctx.systemLabel(file, header.model));
    this.metric = builder.code('metric', key === undefined ? scorer : `${scorer}.${key}`);
  }

  /** survivesThinning of the cluster labels seen (a few dozen, each checked once, not per sample). */
  private readonly exactLabels = new Map<string, boolean>();

  /** False when a summary's cluster value may have been shortened by inspect_ai's thinning. */
  clusterIsExact(value: unknown): boolean {
    if (this.clusterPath === undefined) return true;
    if (typeof value !== 'string') return survivesThinning(value);
    let exact = this.exactLabels.get(value);
    if (exact === undefined) {
      exact = survivesThinning(value);
      if (this.exactLabels.size < 4096) this.exactLabels.set(value, exact);
    }
    return exact;
  }

  /** Adds one sample (`EvalSample` or `EvalSampleSummary`); `at` locates it (`field`: its JSON path, e.g. `samples[3]`). */
  add(sample: unknown, at: EvalLocation): void {
    const s = objectField(sample, at);
    const scores = (s.scores ?? (s.score !== undefined ? { [this.scorer]: s.score } : undefined)) as
      | Record<string, unknown>
      | null
      | undefined;
    const cluster = this.clusterPath ? valueAtPath(s.metadata, this.clusterPath) : undefined;
    this.observeMetadata(s.id, s.metadata);
    this.addParts(s.id, s.epoch, scores?.[this.scorer], cluster, at);
  }

  /** Notes a sample's top-level metadata values for the grouping hint (no-op with a cluster). */
  observeMetadata(id: unknown, metadata: unknown): void {
    if (!this.scan || metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return;
    const question = String(id);
    for (const [k, v] of Object.entries(metadata as Record<string, unknown>))
      this.scan.observe(k, question, v);
  }

  /**
   * Adds one sample from its parts: id, epoch, the chosen scorer's `Score` (or nothing), the
   * cluster value. With `signalRepeats`, a second sample with the same (id, epoch) throws
   * {@link RepeatedSample} (the caller then re-reads the log keeping the last of each).
   */
  addParts(
    idValue: unknown,
    epochValue: unknown,
    score: unknown,
    clusterValue: unknown,
    at: EvalLocation,
  ): void {
    // The common cases are checked inline; anything else goes through the shared checks,
    // which throw with the field named (locations are built only then).
    const id =
      typeof idValue === 'string' && idValue !== ''
        ? idValue
        : typeof idValue === 'number' && Number.isSafeInteger(idValue)
          ? undefined
          : idText(idValue, this.where(at, 'id'));
    const epoch =
      typeof epochValue === 'number' &&
      Number.isInteger(epochValue) &&
      epochValue >= 1 &&
      epochValue <= 0x7fffffff
        ? epochValue
        : epochNumber(epochValue, this.where(at, 'epoch'));
    const question =
      id === undefined ? this.numericQuestion(idValue as number) : this.ctx.builder.code('question', id);
    if (this.seen && !this.seen.add(question, epoch)) throw new RepeatedSample();
    this.ids.add(question);
    if (epoch > this.maxEpoch) this.maxEpoch = epoch;
    if (score === undefined || score === null) {
      this.missing++;
      return;
    }
    let value =
      typeof score === 'object' && !Array.isArray(score)
        ? (score as { value?: unknown }).value
        : objectField(score, this.where(at, `scores.${this.scorer}`)).value;
    if (this.key !== undefined) {
      const dict = objectField(value, this.where(at, `scores.${this.scorer}.value`));
      if (!(this.key in dict)) {
        throw new EvalInputError(
          this.where(at, `scores.${this.scorer}.value`),
          `no key "${this.key}" in the score value; keys: ${Object.keys(dict).join(', ')}`,
        );
      }
      value = dict[this.key];
    }
    const x =
      value === 'C'
        ? 1
        : value === 'I'
          ? 0
          : inspectScore(
              value,
              this.where(at, `scores.${this.scorer}.value${this.key ? `.${this.key}` : ''}`),
            );
    if (Number.isNaN(x)) {
      this.unscored++;
      return;
    }
    const { builder } = this.ctx;
    let cluster = -1;
    if (this.clusterPath) {
      const label =
        typeof clusterValue === 'string' && clusterValue.length > 0 && clusterValue.charCodeAt(0) > 0x20
          ? clusterValue
          : labelText(clusterValue, this.where(at, `metadata.${this.clusterPath.join('.')}`));
      cluster = builder.code('cluster', label);
    }
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
    if (this.answers && typeof score === 'object') {
      const answer = (score as { answer?: unknown }).answer;
      if (typeof answer === 'string' && answer !== '') builder.setAnswer(builder.answerCode(answer));
      else if (typeof answer === 'number' || typeof answer === 'boolean')
        builder.setAnswer(builder.answerCode(String(answer)));
    }
    this.rows++;
  }

  /** `at` with `field` appended to its JSON path. */
  private where(at: EvalLocation, field: string): EvalLocation {
    return {
      file: at.file,
      ...(at.line !== undefined ? { line: at.line } : {}),
      field: at.field ? `${at.field}.${field}` : field,
    };
  }

  /** The question code of an integer id (cached by value: most inspect ids are small integers). */
  private numericQuestion(id: number): number {
    if (id >= 0 && id < 1 << 22) {
      if (id >= this.smallIds.length) {
        const grown = new Int32Array(
          Math.max(1024, Math.min(1 << 22, pow(2, Math.ceil(Math.log2(id + 1))))),
        ).fill(-1);
        grown.set(this.smallIds);
        this.smallIds = grown;
      }
      let code = this.smallIds[id];
      if (code < 0) {
        code = this.ctx.builder.code('question', String(id));
        this.smallIds[id] = code;
      }
      return code;
    }
    let code = this.numericIds.get(id);
    if (code === undefined) {
      code = this.ctx.builder.code('question', String(id));
      this.numericIds.set(id, code);
    }
    return code;
  }

  /** What was read: sample records (scored, errored, unscored), distinct ids, the largest epoch. */
  held(): { records: number; samples: number; epochs: number } {
    return {
      records: this.rows + this.missing + this.unscored,
      samples: this.ids.size,
      epochs: this.maxEpoch,
    };
  }

  /** Warnings for skipped samples, and the groupings the metadata shows (without --cluster). */
  finish(): void {
    for (const g of this.scan?.groupings((k) => `metadata.${k}`) ?? [])
      this.ctx.warn({ message: groupingHint(g) });
    const field = `scores.${this.scorer}`;
    // Labels are on some samples only: one without is unlabelled, not skipped.
    if (this.missing > 0 && !this.ctx.labelPass) {
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
