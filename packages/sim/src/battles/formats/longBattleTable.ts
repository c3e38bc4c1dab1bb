/**
 * A long battle table (format `long`): CSV with a header naming `model_a`, `model_b`, `winner`
 * and optionally `prompt` (or `question_id`) and `judge`. `winner` is an LMArena verdict
 * (winnerValue.ts) or model_a's score as a number in [0, 1]. Lines are the CSV's (header = 1).
 */
import { readFileSync } from 'node:fs';
import { EvalInputError, showValue } from '../../evals/evalInputError.js';
import { forEachCsvRecord } from '../../evals/io/csvRecords.js';
import { decodeUtf8 } from '../../evals/io/utf8.js';
import type { BattleTableBuilder } from '../battleTableBuilder.js';
import { ARENA_WINNERS, arenaWinnerScore } from '../winnerValue.js';
import type { FormatCounts } from './arenaRecords.js';

export function readLongBattles(path: string, file: string, builder: BattleTableBuilder): FormatCounts {
  const counts: FormatCounts = { records: 0, battles: 0, skipped: 0 };
  const text = decodeUtf8(readFileSync(path), file);
  let header: string[] | null = null;
  let col = { a: -1, b: -1, w: -1, p: -1, j: -1 };
  forEachCsvRecord(text, file, (fields, line) => {
    if (!header) {
      header = fields.map((f) => f.trim());
      const at = (name: string) => (header as string[]).indexOf(name);
      col = {
        a: at('model_a'),
        b: at('model_b'),
        w: at('winner'),
        p: at('prompt') >= 0 ? at('prompt') : at('question_id'),
        j: at('judge'),
      };
      for (const [name, i] of [
        ['model_a', col.a],
        ['model_b', col.b],
        ['winner', col.w],
      ] as const) {
        if (i < 0)
          throw new EvalInputError(
            { file, line: 1, field: name },
            `column missing: a long battle table has model_a, model_b, winner[, prompt][, judge] (got ${header.join(', ')})`,
          );
      }
      return;
    }
    counts.records++;
    if (fields.length !== header.length) {
      throw new EvalInputError({ file, line }, `has ${fields.length} fields, the header ${header.length}`);
    }
    const a = fields[col.a];
    const b = fields[col.b];
    for (const [name, v] of [
      ['model_a', a],
      ['model_b', b],
    ] as const) {
      if (v === '') throw new EvalInputError({ file, line, field: name }, 'is empty');
    }
    const w = fields[col.w];
    let outcome = arenaWinnerScore(w);
    if (outcome === undefined && w.trim() !== '' && Number.isFinite(Number(w))) {
      const x = Number(w);
      if (x >= 0 && x <= 1) outcome = x;
    }
    if (outcome === undefined) {
      throw new EvalInputError(
        { file, line, field: 'winner' },
        `${showValue(w)} is not a verdict: expected ${ARENA_WINNERS.join(', ')} or model_a's score in [0, 1]`,
      );
    }
    builder.add(
      {
        modelA: a,
        modelB: b,
        outcome,
        winner: w,
        prompt: col.p >= 0 && fields[col.p] !== '' ? fields[col.p] : null,
        judge: col.j >= 0 && fields[col.j] !== '' ? fields[col.j] : null,
      },
      file,
      line,
    );
    counts.battles++;
  });
  if (!header)
    throw new EvalInputError(
      { file },
      'is empty: a long battle table needs a header model_a, model_b, winner',
    );
  return counts;
}
