/**
 * inspect_ai `.json` logs (log/_recorders/json.py at commit 499e6152): one `EvalLog`
 * document — `version`, `status`, `eval`, `plan`, `results`, `stats`, `samples` (full
 * `EvalSample`s with messages and events, often hundreds of megabytes), `reductions` — with
 * Python's NaN/Infinity tokens allowed. The header fields are read and the samples scanned
 * for the fields needed (inspectScan.ts), so a large log is never built in memory; a log
 * the scan cannot read (schema version 1, no scorer named in the header, invalid UTF-8,
 * anything unexpected) is parsed whole, which also gives errors their exact place. A
 * repeated (id, epoch) is an error (found after import).
 */
import { isUtf8 } from 'node:buffer';
import { readInputFile } from '../../files/inputFile.js';
import { EvalInputError } from '../evalInputError.js';
import type { ImportContext } from '../importContext.js';
import { JsonCursor, JsonScanError, jsonKeys } from '../io/jsonScan.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';
import { type InspectHeader, readInspectHeader, warnIncomplete, warnUnfinished } from './inspectHeader.js';
import { InspectRows } from './inspectRows.js';
import { scanSamples } from './inspectScan.js';

const HEADER_KEYS = ['version', 'status', 'eval', 'results'];
const TOP_KEYS = jsonKeys(...HEADER_KEYS, 'samples');
const SAMPLES_KEY = jsonKeys('samples');

function missingSamples(file: string, samples: unknown): EvalInputError {
  return new EvalInputError(
    { file, field: 'samples' },
    samples === undefined || samples === null
      ? 'the log has no samples (written with log_samples=False, or read header-only)'
      : 'must be a list of samples',
  );
}

/** The scanned path: header fields, then the samples; undefined (nothing added) when the scan cannot read the log. */
function scanLog(
  bytes: Buffer,
  file: string,
  ctx: ImportContext,
): { header: InspectHeader; rows: InspectRows } | undefined {
  if (!isUtf8(bytes)) return undefined;
  const start = ctx.builder.rowCount;
  try {
    const head: Record<string, unknown> = {};
    let samples: 'array' | 'other' | undefined;
    const cursor = new JsonCursor(bytes);
    cursor.members(TOP_KEYS, (k) => {
      if (k < HEADER_KEYS.length) head[HEADER_KEYS[k]] = cursor.read();
      else {
        cursor.space();
        samples = bytes[cursor.pos] === 0x5b ? 'array' : 'other';
        cursor.skip();
      }
    });
    cursor.end();
    const header = readInspectHeader(head, file);
    if (header.version !== 2 || header.scorers.length === 0) return undefined;
    if (samples !== 'array') throw missingSamples(file, samples === undefined ? undefined : 'other');
    const rows = new InspectRows(ctx, file, header, undefined);
    cursor.pos = 0;
    cursor.members(SAMPLES_KEY, () => {
      scanSamples(cursor, rows, file, 'samples', (id, epoch, score, cluster, at) => {
        rows.addParts(id, epoch, score, cluster, at);
      });
    });
    return { header, rows };
  } catch (error) {
    if (!(error instanceof JsonScanError)) throw error;
    ctx.builder.truncate(start);
    return undefined;
  }
}

/** Imports one inspect_ai `.json` log. */
export function importInspectJson(path: string, file: string, ctx: ImportContext): void {
  const bytes = readInputFile(path);
  let scanned = scanLog(bytes, file, ctx);
  if (!scanned) {
    const log = parseJson(decodeUtf8(bytes, file), file) as Record<string, unknown>;
    const header = readInspectHeader(log, file);
    const samples = log.samples;
    if (!Array.isArray(samples)) throw missingSamples(file, samples);
    const firstScores = (samples[0] as { scores?: Record<string, unknown> } | undefined)?.scores;
    const rows = new InspectRows(ctx, file, header, firstScores ?? undefined);
    samples.forEach((sample, index) => {
      rows.add(sample, { file, field: `samples[${index}]` });
    });
    scanned = { header, rows };
  }
  const { header, rows } = scanned;
  rows.finish();
  warnUnfinished(ctx, file, header, rows.rows);
  warnIncomplete(ctx, file, header, rows.held());
  ctx.source(path, file, {
    format: 'inspect-json',
    formatVersion: `EvalLog schema ${header.version} (.json)`,
    tool: 'inspect_ai',
    ...(header.toolVersion ? { toolVersion: header.toolVersion } : {}),
  });
}
