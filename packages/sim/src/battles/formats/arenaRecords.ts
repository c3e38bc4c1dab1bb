/**
 * LMArena / FastChat battle records (format `lmarena`): a JSON array (clean_battle_data.py
 * writes `json.dump(battles, indent=2)`) or JSON Lines of objects with `model_a`, `model_b`,
 * `winner` (model_a | model_b | tie | tie (bothbad) | both_bad, winnerValue.ts) and optionally
 * `question_id`, `judge`, `language`, `turn`, `anony`, `tstamp`, `conv_metadata` (style
 * features, styleMetadata.ts) — lm-sys/FastChat fastchat/serve/monitor/clean_battle_data.py at
 * 0e6d3e4, `process_data`. Other fields (the conversations) are skipped unread.
 *
 * A large JSON array is walked by evals' byte cursor (io/jsonScan.ts): only the wanted fields
 * are decoded, short strings (model names, winners) interned, conversations skipped by
 * nesting depth — a 1.6 M-battle file is never built as 1.6 M objects. A syntax problem the
 * cursor meets is re-reported by the exact parser (line and column).
 */

import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { EvalInputError, showValue } from '../../evals/evalInputError.js';
import { forEachJsonLine } from '../../evals/io/jsonLines.js';
import { JsonCursor, JsonScanError, jsonKeys } from '../../evals/io/jsonScan.js';
import { parseJson } from '../../evals/io/jsonText.js';
import { decodeUtf8 } from '../../evals/io/utf8.js';
import type { BattleTableBuilder } from '../battleTableBuilder.js';
import { ARENA_WINNERS, arenaWinnerScore } from '../winnerValue.js';
import {
  isRecord,
  optionalBoolean,
  optionalId,
  optionalNumber,
  type RecordPlace,
  recordError,
  requiredString,
} from './recordFields.js';
import { styleOf } from './styleMetadata.js';

export interface FormatCounts {
  records: number;
  battles: number;
  skipped: number;
}

/** Adds one record object. */
export function addArenaRecord(
  record: unknown,
  place: RecordPlace,
  builder: BattleTableBuilder,
  counts: FormatCounts,
): void {
  if (!isRecord(record))
    throw recordError(place, '', `${showValue(record)} is not a battle record (an object)`);
  counts.records++;
  const modelA = requiredString(record, 'model_a', place);
  const modelB = requiredString(record, 'model_b', place);
  const winner = record.winner;
  const outcome = arenaWinnerScore(winner);
  if (outcome === undefined) {
    throw recordError(
      place,
      'winner',
      `${showValue(winner)} is not a battle verdict: expected one of ${ARENA_WINNERS.join(', ')}`,
    );
  }
  const style = styleOf(record.conv_metadata, place);
  const turn = optionalNumber(record, 'turn', place, 0);
  if (!Number.isInteger(turn) || turn < 0)
    throw recordError(place, 'turn', `${turn} is not a whole number ≥ 0`);
  builder.add(
    {
      modelA,
      modelB,
      outcome,
      winner: winner as string,
      prompt: optionalId(record, 'question_id', place),
      judge: optionalId(record, 'judge', place),
      language: optionalId(record, 'language', place),
      turn,
      anony: optionalBoolean(record, 'anony', place),
      tstamp: optionalNumber(record, 'tstamp', place, Number.NaN),
      styleA: style ? style[0] : null,
      styleB: style ? style[1] : null,
    },
    place.file,
    place.line,
  );
  counts.battles++;
}

const FIELDS = [
  'model_a',
  'model_b',
  'winner',
  'question_id',
  'judge',
  'language',
  'turn',
  'anony',
  'tstamp',
  'conv_metadata',
];
const KEYS = jsonKeys(...FIELDS);

/** The wanted fields of one record, in a fixed shape (property names as in the file). */
class ArenaFields {
  model_a: unknown;
  model_b: unknown;
  winner: unknown;
  question_id: unknown;
  judge: unknown;
  language: unknown;
  turn: unknown;
  anony: unknown;
  tstamp: unknown;
  conv_metadata: unknown;

  clear(): void {
    this.model_a = this.model_b = this.winner = this.question_id = this.judge = undefined;
    this.language = this.turn = this.anony = this.tstamp = this.conv_metadata = undefined;
  }

  /** Field FIELDS[k]. */
  set(k: number, value: unknown): void {
    switch (k) {
      case 0:
        this.model_a = value;
        break;
      case 1:
        this.model_b = value;
        break;
      case 2:
        this.winner = value;
        break;
      case 3:
        this.question_id = value;
        break;
      case 4:
        this.judge = value;
        break;
      case 5:
        this.language = value;
        break;
      case 6:
        this.turn = value;
        break;
      case 7:
        this.anony = value;
        break;
      case 8:
        this.tstamp = value;
        break;
      default:
        this.conv_metadata = value;
    }
  }
}

/** Line of byte `pos`, counting forward from a known (pos, line). */
class LineCounter {
  private pos = 0;
  private line = 1;
  constructor(private readonly bytes: Buffer) {}
  at(pos: number): number {
    let p = this.pos;
    while (p < pos) {
      const next = this.bytes.indexOf(0x0a, p);
      if (next === -1 || next >= pos) break;
      this.line++;
      p = next + 1;
    }
    this.pos = pos;
    return this.line;
  }
}

/** Reads a JSON array of battle records with the byte cursor. */
export function readArenaArray(
  bytes: Buffer,
  file: string,
  builder: BattleTableBuilder,
  counts: FormatCounts,
): void {
  if (!isUtf8(bytes)) decodeUtf8(bytes, file); // throws at the first bad byte, with its line
  const cursor = new JsonCursor(bytes);
  const lines = new LineCounter(bytes);
  // One record object (a fixed shape), one place and one member callback for the whole array.
  const record = new ArenaFields();
  const place = { file, line: 0 };
  const onMember = (k: number): void => {
    record.set(k, cursor.read());
  };
  try {
    cursor.elements((index) => {
      cursor.space();
      place.line = lines.at(cursor.pos);
      if (bytes[cursor.pos] !== 0x7b) {
        const value = cursor.read();
        addArenaRecord(value, { file, line: place.line, prefix: `[${index}].` }, builder, counts);
        return;
      }
      record.clear();
      cursor.members(KEYS, onMember);
      addArenaRecord(record as unknown as Record<string, unknown>, place, builder, counts);
    });
    cursor.end();
  } catch (error) {
    if (!(error instanceof JsonScanError)) throw error;
    parseJson(decodeUtf8(bytes, file), file); // the exact syntax error, with line and column
    throw new EvalInputError({ file }, `unreadable JSON (${error.message})`);
  }
}

/** Reads LMArena battle records from a .json array or a JSON Lines file. */
export function readArenaRecords(
  path: string,
  file: string,
  builder: BattleTableBuilder,
  lines: boolean,
): FormatCounts {
  const counts: FormatCounts = { records: 0, battles: 0, skipped: 0 };
  if (lines) {
    forEachJsonLine(path, file, (value, line) => addArenaRecord(value, { file, line }, builder, counts));
  } else {
    readArenaArray(readFileSync(path), file, builder, counts);
  }
  return counts;
}
