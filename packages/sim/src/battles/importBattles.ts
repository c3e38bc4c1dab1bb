/**
 * Reads battle files into one battle table (battleTable.ts), with the files' provenance.
 * Formats (`format` forces one; otherwise recognised by content):
 *
 *   lmarena      LMArena / FastChat battle records, JSON array or JSON Lines (formats/arenaRecords.ts)
 *   arena-hard   arena-hard-auto judgment JSON Lines (formats/arenaHardJudgments.ts)
 *   alpaca-eval  AlpacaEval annotations.json (formats/alpacaEvalAnnotations.ts)
 *   long         a CSV with model_a, model_b, winner[, prompt][, judge] (formats/longBattleTable.ts)
 *   arrow        a battle table written by evalsim (battleArrow.ts)
 *
 * Recognition: `.arrow` → arrow, `.csv` → long; JSON: the first record's keys — `games` →
 * arena-hard, `generator_1` and `preference` → alpaca-eval, `model_a` and `model_b` → lmarena.
 * A file is JSON Lines when its first non-blank line is a whole JSON object (`.jsonl`, or a
 * `.json` written by pandas' `to_json(lines=True)`), else one JSON document. Files are read in
 * the order given; their battles keep that order (online Elo replays it, sorted by tstamp).
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { EvalInputError } from '../evals/evalInputError.js';
import { BackgroundFiles } from '../evals/io/backgroundFiles.js';
import {
  type BattleImportOptions,
  type BattleSourceInfo,
  type BattleWarning,
  type ImportedBattles,
  STYLE_FEATURES,
} from './battleTable.js';
import { BattleTableBuilder } from './battleTableBuilder.js';
import { readAlpacaEval } from './formats/alpacaEvalAnnotations.js';
import { readArenaHard } from './formats/arenaHardJudgments.js';
import { type FormatCounts, readArenaRecords } from './formats/arenaRecords.js';
import { readLongBattles } from './formats/longBattleTable.js';
import { isRecord } from './formats/recordFields.js';
import { readBattleArrow } from './readBattleArrow.js';

export const BATTLE_FORMATS = {
  lmarena: 'LMArena/FastChat battle records: JSON array or JSON Lines of {model_a, model_b, winner, …}',
  'arena-hard': 'arena-hard-auto judgments: JSON Lines of {model, baseline?, games: [{score: "A>B"}, …]}',
  'alpaca-eval': 'AlpacaEval annotations.json: [{generator_1, generator_2, preference, instruction}, …]',
  long: 'CSV with columns model_a, model_b, winner[, prompt][, judge]',
  arrow: 'a battle table written by evalsim (rate --out DIR writes battles.arrow)',
} as const;
export type BattleFormat = keyof typeof BATTLE_FORMATS;

/** arena-hard-auto's default multiplicity of a strong verdict (show_result.py `--weight`). */
export const DEFAULT_STRONG_WEIGHT = 3;

function formatOfRecord(value: unknown): BattleFormat | undefined {
  if (!isRecord(value)) return undefined;
  if ('games' in value) return 'arena-hard';
  if ('generator_1' in value && 'preference' in value) return 'alpaca-eval';
  if ('model_a' in value && 'model_b' in value) return 'lmarena';
  return undefined;
}

/** The first `size` bytes of a file as text (a multi-byte character cut at the end is harmless here). */
function head(path: string, size = 1 << 22): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(size);
    return buffer.subarray(0, readSync(fd, buffer, 0, size, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Index of the `}` closing the object opened at `start` (strings skipped), or −1. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return i;
  }
  return -1;
}

/** JSON Lines or one document, and the first record (undefined when it cannot be seen in the head). */
function sniffJson(path: string): { lines: boolean; first: unknown } {
  const text = head(path).replace(/^\uFEFF/, '');
  const lineEnd = text.indexOf('\n');
  const firstLine = (lineEnd === -1 ? text : text.slice(0, lineEnd)).trim();
  if (firstLine.startsWith('{')) {
    try {
      return { lines: true, first: JSON.parse(firstLine) };
    } catch {
      // not a whole object on one line: a pretty-printed document
    }
  }
  const start = text.indexOf('{');
  if (text.trimStart().startsWith('[') && start >= 0) {
    const end = matchingBrace(text, start);
    if (end > start) {
      try {
        return { lines: false, first: JSON.parse(text.slice(start, end + 1)) };
      } catch {
        // the reader reports the syntax error
      }
    }
  }
  return { lines: false, first: undefined };
}

function unknownFormat(file: string, seen: string): EvalInputError {
  const list = Object.entries(BATTLE_FORMATS)
    .map(([name, what]) => `${name} (${what})`)
    .join('; ');
  return new EvalInputError({ file }, `not a recognised battle file: ${seen}. Supported: ${list}`);
}

export interface ImportBattlesContext {
  /** Resolves relative paths (the CLI's working directory). */
  readonly cwd?: string;
}

/** Reads every file (as written in `paths`, resolved against `cwd`) into one battle table. */
export function importBattles(
  paths: readonly string[],
  options: BattleImportOptions = {},
  context: ImportBattlesContext = {},
): ImportedBattles {
  if (paths.length === 0) throw new EvalInputError({ file: '(none)' }, 'no battle files given');
  const builder = new BattleTableBuilder(STYLE_FEATURES);
  const warnings: BattleWarning[] = [];
  const sources: BattleSourceInfo[] = [];
  const strongWeight = options.strongWeight ?? DEFAULT_STRONG_WEIGHT;
  // The sha256 of every file (provenance), on a second thread while this one parses when the
  // files are large (evals/io/backgroundFiles.ts: the result never depends on the thread).
  const resolved = paths.map((file) => resolve(context.cwd ?? process.cwd(), file));
  let bytes = 0;
  for (const path of resolved) {
    try {
      bytes += statSync(path).size;
    } catch {
      // reported below, in order
    }
  }
  const digests = new BackgroundFiles(bytes > BACKGROUND_BYTES);
  try {
    for (const path of resolved) if (existsSync(path) && statSync(path).isFile()) digests.requestDigest(path);
    return importAll(paths, resolved, options, strongWeight, builder, warnings, sources, digests);
  } finally {
    digests.close();
  }
}

/** Above this many bytes of input the digests are computed on a second thread. */
const BACKGROUND_BYTES = 32 * 1024 * 1024;

function importAll(
  paths: readonly string[],
  resolved: readonly string[],
  options: BattleImportOptions,
  strongWeight: number,
  builder: BattleTableBuilder,
  warnings: BattleWarning[],
  sources: BattleSourceInfo[],
  digests: BackgroundFiles,
): ImportedBattles {
  for (let f = 0; f < paths.length; f++) {
    const file = paths[f];
    const path = resolved[f];
    let size: number;
    try {
      const stats = statSync(path);
      if (!stats.isFile()) throw new EvalInputError({ file }, 'is not a file');
      size = stats.size;
    } catch (error) {
      if (error instanceof EvalInputError) throw error;
      throw new EvalInputError(
        { file },
        `cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
      );
    }
    if (size === 0) throw new EvalInputError({ file }, 'is empty');
    builder.startSource(file);
    const ext = extname(path).toLowerCase();
    let format = options.format as BattleFormat | undefined;
    let lines = ext === '.jsonl';
    if (format === undefined || format === 'lmarena' || format === 'arena-hard' || format === 'alpaca-eval') {
      if (ext === '.arrow' && format === undefined) format = 'arrow';
      else if (ext === '.csv' && format === undefined) format = 'long';
      else {
        const sniff = sniffJson(path);
        lines = sniff.lines;
        if (format === undefined) {
          format = formatOfRecord(sniff.first);
          if (format === undefined) {
            throw unknownFormat(
              file,
              sniff.first === undefined
                ? 'no JSON record at its start'
                : `its first record has fields ${Object.keys(sniff.first as object)
                    .slice(0, 8)
                    .join(', ')}`,
            );
          }
        }
      }
    }
    let counts: FormatCounts;
    switch (format) {
      case 'lmarena':
        counts = readArenaRecords(path, file, builder, lines);
        break;
      case 'arena-hard':
        counts = readArenaHard(
          path,
          file,
          builder,
          { baseline: options.baseline, strongWeight },
          lines,
          warnings,
        );
        break;
      case 'alpaca-eval':
        counts = readAlpacaEval(path, file, builder, lines, warnings);
        break;
      case 'long':
        counts = readLongBattles(path, file, builder);
        break;
      case 'arrow':
        counts = addArrow(path, file, builder, sources);
        break;
      default:
        throw new EvalInputError(
          { file, field: 'format' },
          `unknown format ${String(format)}: ${Object.keys(BATTLE_FORMATS).join(', ')}`,
        );
    }
    if (counts.battles === 0)
      throw new EvalInputError({ file }, `holds no battles (${counts.records} records read)`);
    if (format !== 'arrow') {
      sources.push({ file, format, sha256: digests.digest(path).sha256, ...counts });
    }
  }
  const provenance = {
    sources,
    options: {
      ...(options.format !== undefined ? { format: options.format } : {}),
      ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
      strongWeight,
    },
  };
  return { table: builder.build(), warnings, provenance };
}

/** Re-adds the rows of an evalsim battle table (its own sources join the provenance). */
function addArrow(
  path: string,
  file: string,
  builder: BattleTableBuilder,
  sources: BattleSourceInfo[],
): FormatCounts {
  const { table, provenance } = readBattleArrow(path, file);
  const k = STYLE_FEATURES.length;
  const styleIndex = table.style
    ? STYLE_FEATURES.map((f) => (table.style as NonNullable<typeof table.style>).features.indexOf(f))
    : null;
  const sa = new Float64Array(k);
  const sb = new Float64Array(k);
  const value = (c: { codes: Int32Array; dictionary: readonly string[] }, i: number) =>
    c.codes[i] < 0 ? null : c.dictionary[c.codes[i]];
  for (let i = 0; i < table.rowCount; i++) {
    let hasStyle = false;
    if (table.style && styleIndex) {
      const kk = table.style.features.length;
      hasStyle = true;
      for (let q = 0; q < k; q++) {
        const j = styleIndex[q];
        sa[q] = j >= 0 ? table.style.a[i * kk + j] : Number.NaN;
        sb[q] = j >= 0 ? table.style.b[i * kk + j] : Number.NaN;
      }
    }
    builder.add(
      {
        modelA: table.models[table.modelA[i]],
        modelB: table.models[table.modelB[i]],
        outcome: table.outcome[i],
        winner: value(table.winner, i) as string,
        prompt: value(table.prompt, i),
        judge: value(table.judge, i),
        language: value(table.language, i),
        turn: table.turn[i],
        anony: table.anony[i] < 0 ? null : table.anony[i] === 1,
        tstamp: table.tstamp[i],
        styleA: hasStyle ? sa : null,
        styleB: hasStyle ? sb : null,
      },
      file,
      i + 2,
    );
  }
  sources.push(...provenance.sources);
  return { records: table.rowCount, battles: table.rowCount, skipped: 0 };
}
