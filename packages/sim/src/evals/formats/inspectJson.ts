/**
 * inspect_ai `.json` logs (log/_recorders/json.py at commit 499e6152): one `EvalLog`
 * document — `version`, `status`, `eval`, `plan`, `results`, `stats`, `samples` (full
 * `EvalSample`s), `reductions` — with Python's NaN/Infinity tokens allowed. Samples are
 * read as in inspectLog.ts; a repeated (id, epoch) is an error (found after import).
 */
import { readFileSync } from 'node:fs';
import { EvalInputError } from '../evalInputError.js';
import type { ImportContext } from '../importContext.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';
import { InspectRows, readInspectHeader, warnUnfinished } from './inspectLog.js';

/** Imports one inspect_ai `.json` log. */
export function importInspectJson(path: string, file: string, ctx: ImportContext): void {
  const log = parseJson(decodeUtf8(readFileSync(path), file), file) as Record<string, unknown>;
  const header = readInspectHeader(log, file);
  const samples = log.samples;
  if (!Array.isArray(samples)) {
    throw new EvalInputError(
      { file, field: 'samples' },
      samples === undefined || samples === null
        ? 'the log has no samples (written with log_samples=False, or read header-only)'
        : 'must be a list of samples',
    );
  }
  const firstScores = (samples[0] as { scores?: Record<string, unknown> } | undefined)?.scores;
  const rows = new InspectRows(ctx, file, header, firstScores ?? undefined);
  samples.forEach((sample, index) => {
    rows.add(sample, { file, field: `samples[${index}]` });
  });
  rows.finish();
  warnUnfinished(ctx, file, header, rows.rows);
  ctx.source(path, file, {
    format: 'inspect-json',
    formatVersion: `EvalLog schema ${header.version} (.json)`,
    tool: 'inspect_ai',
    ...(header.toolVersion ? { toolVersion: header.toolVersion } : {}),
  });
}
