/**
 * AlpacaEval annotations (format `alpaca-eval`): the annotations.json a run writes — a JSON
 * array of {instruction, output_1, generator_1, output_2, generator_2, annotator, preference, …}
 * (tatsu-lab/alpaca_eval at cd543a1, results/<model>/<annotator>/annotations.json). Each is one battle of
 * generator_1 (model_a, the baseline in leaderboard runs) against generator_2 (model_b), model_a
 * scoring 2 − preference: preference 1 → generator_1 better, 2 → generator_2 better, 1.5 → a
 * draw, 0 → a draw (the old spelling, helpers.py `preprocess_predictions`), anything in between a
 * weighted annotator's preference (a fraction). A null or NaN preference is not a preference:
 * dropped and counted, as AlpacaEval's `describe_head2head` does. The instruction is the prompt,
 * the annotator the judge.
 */
import { readFileSync } from 'node:fs';
import { showValue } from '../../evals/evalInputError.js';
import { forEachJsonLine } from '../../evals/io/jsonLines.js';
import { parseJson } from '../../evals/io/jsonText.js';
import { decodeUtf8 } from '../../evals/io/utf8.js';
import type { BattleWarning } from '../battleTable.js';
import type { BattleTableBuilder } from '../battleTableBuilder.js';
import type { FormatCounts } from './arenaRecords.js';
import { isRecord, optionalId, type RecordPlace, recordError, requiredString } from './recordFields.js';

function addAnnotation(
  record: unknown,
  place: RecordPlace,
  builder: BattleTableBuilder,
  counts: FormatCounts,
  dropped: { count: number },
): void {
  if (!isRecord(record))
    throw recordError(place, '', `${showValue(record)} is not an annotation (an object)`);
  counts.records++;
  const a = requiredString(record, 'generator_1', place);
  const b = requiredString(record, 'generator_2', place);
  const raw = record.preference;
  if (raw === null || raw === undefined || (typeof raw === 'number' && Number.isNaN(raw))) {
    counts.skipped++;
    dropped.count++;
    return;
  }
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    throw recordError(place, 'preference', `${showValue(raw)} is not a number`);
  }
  const p = raw === 0 ? 1.5 : raw;
  if (!(p >= 1 && p <= 2)) {
    throw recordError(
      place,
      'preference',
      `${p} is not an AlpacaEval preference (1 = generator_1 better, 2 = generator_2 better, 1.5 a draw)`,
    );
  }
  builder.add(
    {
      modelA: a,
      modelB: b,
      outcome: 2 - p,
      winner: `preference ${p}`,
      prompt: optionalId(record, 'instruction', place),
      judge: optionalId(record, 'annotator', place),
    },
    place.file,
    place.line,
  );
  counts.battles++;
}

export function readAlpacaEval(
  path: string,
  file: string,
  builder: BattleTableBuilder,
  lines: boolean,
  warnings: BattleWarning[],
): FormatCounts {
  const counts: FormatCounts = { records: 0, battles: 0, skipped: 0 };
  const dropped = { count: 0 };
  if (lines) {
    forEachJsonLine(path, file, (value, line) =>
      addAnnotation(value, { file, line }, builder, counts, dropped),
    );
  } else {
    const doc = parseJson(decodeUtf8(readFileSync(path), file), file);
    if (!Array.isArray(doc)) throw recordError({ file, line: 0 }, '', 'is not a JSON array of annotations');
    doc.forEach((value, i) => {
      addAnnotation(value, { file, line: 0, prefix: `[${i}].` }, builder, counts, dropped);
    });
  }
  if (dropped.count > 0) {
    warnings.push({
      file,
      message: `${dropped.count} annotation${dropped.count === 1 ? '' : 's'} without a preference (null or NaN) dropped, as AlpacaEval does`,
    });
  }
  return counts;
}
