/**
 * The header of an inspect_ai log (log/_log.py at commit 499e6152, inspect_ai 0.3.260;
 * `EvalLog.version` 2, also accepted as 1): `eval.task`, `eval.model`,
 * `eval.packages.inspect_ai`, `status`, and the scorers (`eval.scorers[].name`, else the
 * distinct `results.scores[].scorer`) — from the `EvalLog` of a `.json` log, a `.eval`'s
 * header.json, or an unfinished `.eval`'s `_journal/start.json`.
 */
import { EvalInputError, showValue } from '../evalInputError.js';
import { labelText, objectField } from '../ids.js';
import type { ImportContext } from '../importContext.js';

export interface InspectHeader {
  readonly task: string;
  readonly model: string;
  readonly version: number;
  readonly status: string;
  readonly toolVersion?: string;
  /** Scorer names declared in the header (may be empty for an unfinished log). */
  readonly scorers: readonly string[];
  /**
   * What the header says the run holds (EvalSpec `dataset.samples`, `config.epochs`;
   * EvalResults `total_samples` = dataset samples × epochs), when it says so.
   */
  readonly declared: {
    readonly samples?: number;
    readonly epochs?: number;
    readonly totalSamples?: number;
  };
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
  const count = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : undefined);
  const dataset = spec.dataset as Record<string, unknown> | null | undefined;
  const config = spec.config as Record<string, unknown> | null | undefined;
  const samples = count(dataset?.samples);
  const epochs = count(config?.epochs);
  const totalSamples = count(results?.total_samples);
  const declared = {
    ...(samples !== undefined ? { samples } : {}),
    ...(epochs !== undefined ? { epochs } : {}),
    ...(totalSamples !== undefined && totalSamples > 0 ? { totalSamples } : {}),
  };
  return { task, model, version, status, scorers, declared, ...(toolVersion ? { toolVersion } : {}) };
}

/**
 * Warns when the log holds fewer samples or epochs than its header declares (issue 26
 * point 2): `held` is what was read — sample records (scored, errored or unscored), distinct
 * sample ids, the largest epoch.
 */
export function warnIncomplete(
  ctx: ImportContext,
  file: string,
  header: InspectHeader,
  held: { readonly records: number; readonly samples: number; readonly epochs: number },
): void {
  const { samples, epochs, totalSamples } = header.declared;
  const n = (x: number) => x.toLocaleString('en-US');
  const missing: string[] = [];
  if (samples !== undefined && held.samples < samples)
    missing.push(`${n(held.samples)} of its ${n(samples)} samples (eval.dataset.samples)`);
  if (epochs !== undefined && held.epochs < epochs)
    missing.push(`${held.epochs} of its ${epochs} epochs (eval.config.epochs)`);
  if (totalSamples !== undefined && held.records < totalSamples)
    missing.push(
      `${n(held.records)} of the ${n(totalSamples)} sample records the results count (results.total_samples)`,
    );
  if (missing.length) {
    ctx.warn({
      file,
      message: `the header declares more than the log holds: ${missing.join('; ')}; only what is there is imported`,
    });
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
