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
 * shortened by inspect_ai's thinning (strings over 1,024 characters or with irregular
 * whitespace), which is read from its sample file. With no summaries at all, every
 * sample file is read. As inspect_ai does, a repeated (id, epoch) keeps the last record
 * (a requeued sample), with a warning.
 */

import { EvalInputError } from '../evalInputError.js';
import type { ImportContext } from '../importContext.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';
import { ZipArchive as Zip, type ZipArchive } from '../io/zipArchive.js';
import { InspectRows, readInspectHeader, warnUnfinished } from './inspectLog.js';

const SAMPLE_NAME = /^samples\/(.+)_epoch_(\d+)\.json$/;
const JOURNAL_SUMMARY = /^_journal\/summaries\/(\d+)\.json$/;

function member(zip: ZipArchive, name: string, file: string): unknown {
  const entry = zip.byName.get(name);
  if (!entry) throw new EvalInputError({ file: `${file}!${name}` }, 'member missing from the archive');
  return parseJson(decodeUtf8(zip.read(entry), `${file}!${name}`), `${file}!${name}`);
}

function summaryList(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new EvalInputError({ file: where }, 'expected a list of sample summaries');
  return value;
}

/** Imports one `.eval` log. */
export function importInspectEval(path: string, file: string, ctx: ImportContext): void {
  const zip = Zip.open(path, file);
  try {
    const hasHeader = zip.byName.has('header.json');
    const headerName = hasHeader ? 'header.json' : '_journal/start.json';
    if (!hasHeader && !zip.byName.has(headerName)) {
      throw new EvalInputError(
        { file },
        'a ZIP archive without header.json or _journal/start.json: not an inspect_ai .eval log',
      );
    }
    const header = readInspectHeader(member(zip, headerName, file), `${file}!${headerName}`);

    // Records to read: summaries.json, else the journal's summaries, else the sample files.
    type LogRecord = { value: unknown; from: string; index: number };
    let records: LogRecord[] = [];
    if (zip.byName.has('summaries.json')) {
      records = summaryList(member(zip, 'summaries.json', file), `${file}!summaries.json`).map(
        (value, index) => ({
          value,
          from: 'summaries.json',
          index,
        }),
      );
    } else {
      const journal = zip.entries
        .map((e) => JOURNAL_SUMMARY.exec(e.name))
        .filter((m): m is RegExpExecArray => m !== null)
        .sort((a, b) => Number(a[1]) - Number(b[1]));
      for (const m of [...new Set(journal.map((j) => j[0]))]) {
        const list = summaryList(member(zip, m, file), `${file}!${m}`);
        list.forEach((value, index) => {
          records.push({ value, from: m, index });
        });
      }
    }
    const fromSummaries = records.length > 0;
    if (!fromSummaries) {
      const names = [...zip.byName.keys()].filter((n) => SAMPLE_NAME.test(n)).sort();
      records = names.map((name) => ({ value: member(zip, name, file), from: name, index: -1 }));
    }

    // A repeated (id, epoch) keeps the last record, as inspect_ai's readers do.
    const last = new Map<string, number>();
    records.forEach((r, k) => {
      const v = r.value as { id?: unknown; epoch?: unknown } | null;
      last.set(`${typeof v?.id}:${String(v?.id)}\u0000${String(v?.epoch)}`, k);
    });
    if (last.size < records.length) {
      ctx.warn({
        file,
        message: `${records.length - last.size} repeated (id, epoch) records (requeued samples): the last of each kept, as inspect_ai does`,
      });
    }
    const firstScores = (records[0]?.value as { scores?: Record<string, unknown> } | undefined)?.scores;
    const rows = new InspectRows(ctx, file, header, firstScores ?? undefined);
    records.forEach((r, k) => {
      const v = r.value as { id?: unknown; epoch?: unknown } | null;
      if (last.get(`${typeof v?.id}:${String(v?.id)}\u0000${String(v?.epoch)}`) !== k) return;
      const at = { file: `${file}!${r.from}`, ...(r.index >= 0 ? { field: `[${r.index}]` } : {}) };
      if (fromSummaries && v && typeof v === 'object' && !rows.summaryIsEnough(v as never)) {
        const name = `samples/${String(v.id)}_epoch_${String(v.epoch)}.json`;
        if (zip.byName.has(name)) {
          rows.add(member(zip, name, file), { file: `${file}!${name}` });
          return;
        }
      }
      rows.add(r.value, at);
    });
    rows.finish();
    warnUnfinished(ctx, file, header, rows.rows);
    ctx.source(path, file, {
      format: 'inspect-eval',
      formatVersion: `EvalLog schema ${header.version} (.eval ZIP)`,
      tool: 'inspect_ai',
      ...(header.toolVersion ? { toolVersion: header.toolVersion } : {}),
    });
  } finally {
    zip.close();
  }
}
