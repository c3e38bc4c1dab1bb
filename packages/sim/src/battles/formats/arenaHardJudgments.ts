/**
 * arena-hard-auto judgments (format `arena-hard`): JSON Lines, one record per (model, prompt)
 * with two games judged against a baseline — lmarena/arena-hard-auto gen_judgment.py
 * `judgment()` at 196f6b8 writes {uid, category, judge, model, baseline, games}; the v0.1 files
 * have `question_id` and no `baseline` (JUDGE_SETTINGS: gpt-4-0314), so `baseline` then comes
 * from the importer option. Game 1 showed the baseline as A and the model as B, game 2 the
 * reverse. Each game becomes battles with model_a = the baseline and model_b = the model, as
 * show_result.py's `get_battles_from_row` writes them (61175f5): A>B one battle, A>>B `weight`
 * battles (default 3, show_result.py's `--weight`), A=B a tie (winnerValue.ts lists every
 * label). A record with a missing game or a null score is dropped whole, as show_result.py's
 * `load_judgments` drops it (counted in the warnings).
 */
import { readFileSync } from 'node:fs';
import { showValue } from '../../evals/evalInputError.js';
import { forEachJsonLine } from '../../evals/io/jsonLines.js';
import { parseJson } from '../../evals/io/jsonText.js';
import { decodeUtf8 } from '../../evals/io/utf8.js';
import type { BattleWarning } from '../battleTable.js';
import type { BattleTableBuilder } from '../battleTableBuilder.js';
import { ARENA_HARD_LABELS, arenaHardVerdict } from '../winnerValue.js';
import type { FormatCounts } from './arenaRecords.js';
import { isRecord, optionalId, type RecordPlace, recordError, requiredString } from './recordFields.js';

export interface ArenaHardOptions {
  readonly baseline?: string | undefined;
  readonly strongWeight: number;
}

function addJudgment(
  record: unknown,
  place: RecordPlace,
  builder: BattleTableBuilder,
  options: ArenaHardOptions,
  counts: FormatCounts,
  dropped: { count: number; firstLine: number },
): void {
  if (!isRecord(record))
    throw recordError(place, '', `${showValue(record)} is not a judgment record (an object)`);
  counts.records++;
  const model = requiredString(record, 'model', place);
  let baseline = options.baseline;
  if (typeof record.baseline === 'string' && record.baseline !== '') baseline = record.baseline;
  if (baseline === undefined) {
    throw recordError(
      place,
      'baseline',
      'is missing (arena-hard v0.1 files have none): give the baseline, e.g. --baseline gpt-4-0314',
    );
  }
  const games = record.games;
  if (!Array.isArray(games))
    throw recordError(place, 'games', `${showValue(games)} is not a list of two games`);
  const usable =
    games.length >= 2 &&
    isRecord(games[0]) &&
    isRecord(games[1]) &&
    games[0].score !== null &&
    games[0].score !== undefined &&
    games[1].score !== null &&
    games[1].score !== undefined;
  if (!usable) {
    counts.skipped++;
    if (dropped.count++ === 0) dropped.firstLine = place.line;
    return;
  }
  const prompt = optionalId(record, 'uid', place) ?? optionalId(record, 'question_id', place);
  const judge = optionalId(record, 'judge', place);
  for (let g = 0; g < 2; g++) {
    const label = (games[g] as Record<string, unknown>).score;
    const verdict = arenaHardVerdict(label, options.strongWeight);
    if (!verdict) {
      throw recordError(
        place,
        `games[${g}].score`,
        `${showValue(label)} is not a verdict: expected one of ${ARENA_HARD_LABELS.join(', ')}`,
      );
    }
    // game 1: A is the baseline (= model_a); game 2: A is the model, so model_a's score is 1 − A's.
    const outcome = g === 0 ? verdict.score : 1 - verdict.score;
    builder.add(
      {
        modelA: baseline,
        modelB: model,
        outcome,
        winner: `${label as string} (game ${g + 1})`,
        prompt,
        judge,
      },
      place.file,
      place.line,
      verdict.weight,
    );
    counts.battles += verdict.weight;
  }
}

export function readArenaHard(
  path: string,
  file: string,
  builder: BattleTableBuilder,
  options: ArenaHardOptions,
  lines: boolean,
  warnings: BattleWarning[],
): FormatCounts {
  const counts: FormatCounts = { records: 0, battles: 0, skipped: 0 };
  const dropped = { count: 0, firstLine: 0 };
  if (lines) {
    forEachJsonLine(path, file, (value, line) =>
      addJudgment(value, { file, line }, builder, options, counts, dropped),
    );
  } else {
    const doc = parseJson(decodeUtf8(readFileSync(path), file), file);
    if (!Array.isArray(doc)) throw recordError({ file, line: 0 }, '', 'is not a JSON array of judgments');
    doc.forEach((value, i) => {
      addJudgment(value, { file, line: 0, prefix: `[${i}].` }, builder, options, counts, dropped);
    });
  }
  if (dropped.count > 0) {
    warnings.push({
      file,
      ...(dropped.firstLine > 0 ? { line: dropped.firstLine } : {}),
      message: `${dropped.count} judgment record${dropped.count === 1 ? '' : 's'} with a missing game or a null score dropped whole (as arena-hard-auto's show_result.py does)${dropped.firstLine > 0 ? '; the first is this line' : ''}`,
    });
  }
  return counts;
}
