/**
 * The wide item-population format (studies/data/README.md; e.g. mmlu-standin.csv): one
 * row per question with `question`, `cluster` and per system `correct_<s>` (right answers
 * out of) `k_<s>` asks, optionally `first_<s>` (the first answer, 0/1) and `answers_<s>`
 * (every answer in order, e.g. `10110`). Per-epoch rows need `answers_<s>`: answer j is
 * epoch j. A system with only `first_<s>` gives epoch 1 alone (with a warning); one with
 * only counts cannot be split into epochs and is an error. The answers are checked
 * against the counts (length k, number of 1s = correct, first = answers[0]).
 *
 * Rows: task `default`, system <s>, question, cluster, metric `correct` (or `--metric`).
 * (The population loader in sim's population/ does the same checks for simulation; this
 * reader is separate because evals/ may not import other sim folders — to be shared.)
 */
import { EvalInputError } from '../evalInputError.js';
import { idText, labelText } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { openTableRows, type TableKind } from './tableRows.js';

export const WIDE_FORMAT_VERSION = 'item population (studies/data/README.md)';

/** Systems named by `correct_<s>` columns that have a `k_<s>` partner. */
export function wideSystems(columns: readonly string[]): string[] {
  return columns
    .filter((c) => c.startsWith('correct_') && c.length > 8 && columns.includes(`k_${c.slice(8)}`))
    .map((c) => c.slice(8));
}

function count(value: unknown, file: string, line: number, field: string): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  const x = typeof n === 'bigint' ? Number(n) : n;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) {
    throw new EvalInputError(
      { file, line, field },
      `must be a non-negative integer, got ${JSON.stringify(String(value ?? ''))}`,
    );
  }
  return x;
}

/** Imports one wide item-population table (CSV or Arrow). */
export function importWidePopulation(path: string, file: string, kind: TableKind, ctx: ImportContext): void {
  const { builder, options } = ctx;
  const table = openTableRows(path, file, kind);
  const cols = table.columns;
  for (const required of ['question', 'cluster']) {
    if (!cols.includes(required)) {
      throw new EvalInputError(
        { file, line: 1, field: required },
        `missing column; columns: ${cols.join(', ')}`,
      );
    }
  }
  const systems = wideSystems(cols);
  if (systems.length === 0)
    throw new EvalInputError({ file, line: 1 }, 'no correct_<system> column with its k_<system>');
  if (ctx.fileLabel(file) !== undefined && systems.length > 1) {
    throw new EvalInputError(
      { file, field: 'system' },
      `one label was given for a file with ${systems.length} systems (${systems.join(', ')}); its systems keep their column names`,
    );
  }
  const plan = systems.map((s) => {
    const answers = cols.includes(`answers_${s}`);
    const first = cols.includes(`first_${s}`);
    if (!answers && !first) {
      throw new EvalInputError(
        { file, line: 1, field: `correct_${s}` },
        `system ${s} has only counts (correct_${s} of k_${s}); per-epoch scores need answers_${s} (or first_${s} for epoch 1 alone)`,
      );
    }
    if (!answers) {
      ctx.warn({
        file,
        field: `first_${s}`,
        message: `system ${s} has no answers_${s} column: only its first answers (epoch 1) were imported`,
      });
    }
    const label = ctx.fileLabel(file) ?? s;
    return { s, answers, first, system: builder.code('system', label) };
  });
  const source = builder.code('source', file);
  const task = builder.code('task', 'default');
  const metric = builder.code('metric', options.metric ?? 'correct');
  const seen = new Set<string>();
  table.forEachRow((get, line) => {
    const id = idText(
      typeof get('question') === 'string' ? (get('question') as string).trim() : get('question'),
      {
        file,
        line,
        field: 'question',
      },
    );
    if (seen.has(id))
      throw new EvalInputError({ file, line, field: 'question' }, `question "${id}" appears twice`);
    seen.add(id);
    const question = builder.code('question', id);
    const cluster = builder.code('cluster', labelText(get('cluster'), { file, line, field: 'cluster' }));
    for (const p of plan) {
      const correct = count(get(`correct_${p.s}`), file, line, `correct_${p.s}`);
      const k = count(get(`k_${p.s}`), file, line, `k_${p.s}`);
      if (k < 1) throw new EvalInputError({ file, line, field: `k_${p.s}` }, 'k must be at least 1');
      if (correct > k)
        throw new EvalInputError({ file, line, field: `correct_${p.s}` }, `${correct} right out of k = ${k}`);
      if (p.answers) {
        const text = String(get(`answers_${p.s}`) ?? '').trim();
        if (text.length !== k || !/^[01]+$/.test(text)) {
          throw new EvalInputError(
            { file, line, field: `answers_${p.s}` },
            `"${text}" must be ${k} characters of 0/1 (one per ask)`,
          );
        }
        let ones = 0;
        for (let j = 0; j < k; j++) {
          const x = text.charCodeAt(j) - 48;
          ones += x;
          builder.append(source, task, p.system, question, cluster, j + 1, metric, x, line);
        }
        if (ones !== correct) {
          throw new EvalInputError(
            { file, line, field: `answers_${p.s}` },
            `"${text}" has ${ones} ones but correct_${p.s} = ${correct}`,
          );
        }
        if (p.first && count(get(`first_${p.s}`), file, line, `first_${p.s}`) !== text.charCodeAt(0) - 48) {
          throw new EvalInputError(
            { file, line, field: `first_${p.s}` },
            `contradicts answers_${p.s} = "${text}"`,
          );
        }
      } else {
        const first = count(get(`first_${p.s}`), file, line, `first_${p.s}`);
        if (first > 1)
          throw new EvalInputError({ file, line, field: `first_${p.s}` }, `must be 0 or 1, got ${first}`);
        builder.append(source, task, p.system, question, cluster, 1, metric, first, line);
      }
    }
  });
  ctx.source(path, file, { format: 'wide-population', formatVersion: WIDE_FORMAT_VERSION, tool: 'table' });
}
