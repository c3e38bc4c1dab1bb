/**
 * inspect_ai `.eval` logs (log/_recorders/eval.py at commit 499e6152, inspect_ai 0.3.260):
 * a ZIP archive with `header.json` (the `EvalLog` without samples; absent while a run is
 * in progress, when `_journal/start.json` holds `{version, eval, plan}`), `summaries.json`
 * (a list of `EvalSampleSummary`: id, epoch, scores, thinned metadata — written when the
 * run finishes; before that `_journal/summaries/<n>.json`, lists in n order),
 * `samples/<id>_epoch_<n>.json` (full `EvalSample`s) and `reductions.json`
 * (epoch-reduced scores, not read: evalsim keeps every epoch).
 *
 * Summaries hold everything needed (id, epoch, every score value), so they are read and
 * the sample files are not — except for a sample whose cluster metadata may have been
 * shortened by inspect_ai's thinning, which is read from its sample file. summaries.json
 * is scanned for the four fields needed (io/jsonScan.ts) rather than parsed whole; if the
 * scan meets anything unexpected the document is parsed whole, so errors keep their exact
 * place. With no summaries at all, every sample file is read. As inspect_ai does, a
 * repeated (id, epoch) keeps the last record (a requeued sample), with a warning.
 */
import { isUtf8 } from 'node:buffer';
import { EvalInputError, type EvalLocation } from '../evalInputError.js';
import { valueAtPath } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { JsonCursor, JsonScanError } from '../io/jsonScan.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';
import type { ZipArchive } from '../io/zipArchive.js';
import { type InspectHeader, readInspectHeader, warnIncomplete, warnUnfinished } from './inspectHeader.js';
import { InspectRows, RepeatedSample } from './inspectRows.js';
import { scanSamples } from './inspectScan.js';

const SAMPLE_NAME = /^samples\/(.+)_epoch_(\d+)\.json$/;
const JOURNAL_SUMMARY = /^_journal\/summaries\/(\d+)\.json$/;

/** One sample record: either its parts (scanned) or the whole object (parsed). */
interface LogRecord {
  id: unknown;
  epoch: unknown;
  score?: unknown;
  cluster?: unknown;
  whole?: unknown;
  at: EvalLocation;
}

function memberJson(zip: ZipArchive, name: string, file: string, bytes?: Buffer): unknown {
  const entry = zip.find(name);
  if (!entry) throw new EvalInputError({ file: `${file}!${name}` }, 'member missing from the archive');
  return parseJson(decodeUtf8(bytes ?? zip.read(entry), `${file}!${name}`), `${file}!${name}`);
}

function wholeRecords(value: unknown, from: string): LogRecord[] {
  if (!Array.isArray(value)) throw new EvalInputError({ file: from }, 'expected a list of sample summaries');
  return value.map((whole, index) => {
    const v = whole as { id?: unknown; epoch?: unknown } | null;
    return { id: v?.id, epoch: v?.epoch, whole, at: { file: from, field: `[${index}]` } };
  });
}

/** The summaries as records (scanned when possible), the journal's summaries, or undefined when there are none. */
function summaryRecords(
  zip: ZipArchive,
  file: string,
  header: InspectHeader,
  rows: () => InspectRows,
  summaries: Buffer | undefined,
): LogRecord[] | undefined {
  const from = `${file}!summaries.json`;
  if (summaries) {
    const bytes = summaries;
    if (header.scorers.length > 0 && isUtf8(bytes)) {
      const records: LogRecord[] = [];
      try {
        const cursor = new JsonCursor(bytes);
        scanSamples(cursor, rows(), from, '', (id, epoch, score, cluster, at) => {
          records.push({
            id,
            epoch,
            score,
            cluster,
            at: { file: at.file, ...(at.field !== undefined ? { field: at.field } : {}) },
          });
        });
        cursor.end();
        return records;
      } catch (error) {
        if (!(error instanceof JsonScanError)) throw error;
      }
    }
    return wholeRecords(parseJson(decodeUtf8(bytes, from), from), from);
  }
  const journal = zip.entries
    .map((e) => JOURNAL_SUMMARY.exec(e.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  if (journal.length === 0) return undefined;
  const records: LogRecord[] = [];
  for (const name of [...new Set(journal.map((j) => j[0]))]) {
    records.push(...wholeRecords(memberJson(zip, name, file), `${file}!${name}`));
  }
  return records;
}

/** Indexes of records followed by a later record with the same (id, epoch) (ids keep their type, as in inspect_ai). */
function supersededRecords(records: readonly LogRecord[]): Set<number> {
  const lastOf = new Map<unknown, Map<unknown, number>>();
  const superseded = new Set<number>();
  records.forEach((r, k) => {
    let epochs = lastOf.get(r.id);
    if (!epochs) {
      epochs = new Map();
      lastOf.set(r.id, epochs);
    }
    const previous = epochs.get(r.epoch);
    if (previous !== undefined) superseded.add(previous);
    epochs.set(r.epoch, k);
  });
  return superseded;
}

/** A record's cluster value (scanned, or looked up in the parsed summary). */
function clusterOf(r: LogRecord, rows: InspectRows): unknown {
  return r.whole === undefined || !rows.clusterPath
    ? r.cluster
    : valueAtPath((r.whole as { metadata?: unknown } | null)?.metadata, rows.clusterPath);
}

/** Reads the sample file instead of its summary when the summary's cluster value may be shortened; true if it did. */
function readThinned(
  zip: ZipArchive,
  file: string,
  rows: InspectRows,
  id: unknown,
  epoch: unknown,
  cluster: unknown,
): boolean {
  if (rows.clusterIsExact(cluster)) return false;
  const name = `samples/${String(id)}_epoch_${String(epoch)}.json`;
  if (!zip.find(name)) return false;
  rows.add(memberJson(zip, name, file), { file: `${file}!${name}` });
  return true;
}

/**
 * The fast path for a finished log: scan summaries.json straight into rows. Returns
 * undefined, having added nothing, when it cannot: no summaries.json, no scorers in the
 * header, not valid UTF-8, an unexpected shape, or a repeated (id, epoch) (which the
 * record-by-record path keeps the last of).
 */
function scanIntoRows(
  zip: ZipArchive,
  file: string,
  header: InspectHeader,
  ctx: ImportContext,
  bytes: Buffer | undefined,
): InspectRows | undefined {
  if (!bytes || header.scorers.length === 0 || !isUtf8(bytes)) return undefined;
  const start = ctx.builder.rowCount;
  const rows = new InspectRows(ctx, file, header, undefined, true);
  try {
    const cursor = new JsonCursor(bytes);
    scanSamples(cursor, rows, `${file}!summaries.json`, '', (id, epoch, score, cluster, at) => {
      if (!readThinned(zip, file, rows, id, epoch, cluster)) rows.addParts(id, epoch, score, cluster, at);
    });
    cursor.end();
    return rows;
  } catch (error) {
    if (!(error instanceof JsonScanError) && !(error instanceof RepeatedSample)) throw error;
    ctx.builder.truncate(start);
    return undefined;
  }
}

/** Every record of a log without the fast path: summaries, journal summaries or sample files, the last of a repeat kept. */
function recordsIntoRows(
  zip: ZipArchive,
  file: string,
  header: InspectHeader,
  ctx: ImportContext,
  summaries: Buffer | undefined,
): InspectRows {
  let rows: InspectRows | undefined;
  const makeRows = (firstScores?: Record<string, unknown>) => {
    rows ??= new InspectRows(ctx, file, header, firstScores);
    return rows;
  };
  let records = summaryRecords(zip, file, header, makeRows, summaries);
  const fromSummaries = records !== undefined;
  if (!records) {
    const names = zip.entries.map((e) => e.name).filter((n) => SAMPLE_NAME.test(n));
    records = [...new Set(names)].sort().map((name) => {
      const whole = memberJson(zip, name, file) as { id?: unknown; epoch?: unknown } | null;
      return { id: whole?.id, epoch: whole?.epoch, whole, at: { file: `${file}!${name}` } };
    });
  }
  const first = records[0]?.whole as { scores?: Record<string, unknown> } | undefined;
  const chosen = makeRows(first?.scores ?? undefined);
  const superseded = supersededRecords(records);
  if (superseded.size > 0) {
    ctx.warn({
      file,
      message: `${superseded.size} repeated (id, epoch) records (requeued samples): the last of each kept, as inspect_ai does`,
    });
  }
  records.forEach((r, k) => {
    if (superseded.has(k)) return;
    if (fromSummaries && readThinned(zip, file, chosen, r.id, r.epoch, clusterOf(r, chosen))) return;
    if (r.whole !== undefined) chosen.add(r.whole, r.at);
    else chosen.addParts(r.id, r.epoch, r.score, r.cluster, r.at);
  });
  return chosen;
}

/** Imports one `.eval` log. */
export function importInspectEval(path: string, file: string, ctx: ImportContext): void {
  const zip = ctx.openZip(path, file);
  try {
    const headerName = zip.find('header.json') ? 'header.json' : '_journal/start.json';
    const headerEntry = zip.find(headerName);
    if (!headerEntry) {
      throw new EvalInputError(
        { file },
        'a ZIP archive without header.json or _journal/start.json: not an inspect_ai .eval log',
      );
    }
    const header = readInspectHeader(
      memberJson(zip, headerName, file, ctx.readMember(zip, path, headerEntry)),
      `${file}!${headerName}`,
    );
    const summariesEntry = zip.find('summaries.json');
    // Into the reused buffers: nothing else is read with `reuse` while the summaries are in use.
    const summaries = summariesEntry ? ctx.readMember(zip, path, summariesEntry, true) : undefined;
    const rows =
      scanIntoRows(zip, file, header, ctx, summaries) ?? recordsIntoRows(zip, file, header, ctx, summaries);
    rows.finish();
    warnUnfinished(ctx, file, header, rows.rows);
    warnIncomplete(ctx, file, header, rows.held());
    ctx.source(path, file, {
      format: 'inspect-eval',
      formatVersion: `EvalLog schema ${header.version} (.eval ZIP)`,
      tool: 'inspect_ai',
      ...(header.toolVersion ? { toolVersion: header.toolVersion } : {}),
    });
  } finally {
    ctx.closeZip(path);
  }
}
