/**
 * An eval table already written by `evalsim import` (evalArrow.ts): its rows are appended
 * as they are (their `source` still names the original logs) and its recorded sources are
 * carried into the new provenance, followed by the .arrow file itself.
 */

import { EVAL_STRING_COLUMNS } from '../evalTable.js';
import type { ImportContext } from '../importContext.js';
import { readEvalArrow } from '../readEvalArrow.js';

/** Imports a canonical eval table (.arrow written by evalsim). */
export function importEvalsimArrow(path: string, file: string, ctx: ImportContext): void {
  const { builder } = ctx;
  const stored = readEvalArrow(path, file);
  const t = stored.table;
  const remap = Object.fromEntries(
    EVAL_STRING_COLUMNS.map((name) => [
      name,
      Int32Array.from(t[name].dictionary, (s) => builder.code(name, s)),
    ]),
  ) as Record<(typeof EVAL_STRING_COLUMNS)[number], Int32Array>;
  builder.reserve(t.rowCount);
  const override = ctx.fileLabel(file);
  const system = override === undefined ? -1 : builder.code('system', override);
  const answers = t.answer;
  const answerCodes = answers ? Int32Array.from(answers.dictionary, (s) => builder.answerCode(s)) : null;
  for (let i = 0; i < t.rowCount; i++) {
    const cluster = t.cluster.codes[i];
    builder.append(
      remap.source[t.source.codes[i]],
      remap.task[t.task.codes[i]],
      system >= 0 ? system : remap.system[t.system.codes[i]],
      remap.question[t.question.codes[i]],
      cluster < 0 ? -1 : remap.cluster[cluster],
      t.epoch[i],
      remap.metric[t.metric.codes[i]],
      t.score[i],
      0,
    );
    if (answers && answerCodes && answers.codes[i] >= 0) builder.setAnswer(answerCodes[answers.codes[i]]);
  }
  for (const info of stored.provenance.sources) ctx.carrySource(info);
  ctx.source(path, file, {
    format: 'evalsim-arrow',
    formatVersion: 'evalsim eval table 1',
    tool: 'evalsim',
    toolVersion: stored.version,
  });
}
