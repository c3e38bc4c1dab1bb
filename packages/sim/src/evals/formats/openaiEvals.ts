/**
 * openai/evals run logs as `LocalRecorder` writes them (evals/record.py, evals 3.0.1,
 * commit 4bfc1f58): JSON Lines whose first line is `{"spec": RunSpec}` (completion_fns,
 * eval_name, base_eval, split, run_config, created_by, run_id, created_at), then events
 * `{run_id, event_id, sample_id, type, data, created_by, created_at}` and a
 * `{"final_report": {...}, "run_id": ...}` line (its position varies with flushing).
 * `record_match` writes type `match` with `data.correct` (a bool), `expected`, `picked`;
 * `record_metrics` writes type `metrics` with its keyword arguments as `data`. Sample ids
 * are `<base_eval>.<split>.<index>` (evals/eval.py).
 *
 * Rows: task = spec.eval_name, system = the completion functions joined by "+",
 * question = sample_id, epoch 1, metric `match` (data.correct → 1/0) or, with
 * `--metric <key>`, the number `data.<key>` of `metrics` events; cluster `data.<field>` of
 * the same event when asked. The final report's `accuracy` is checked against the mean
 * of the imported match scores (a warning when they differ).
 */
import { EvalInputError, showValue } from '../evalInputError.js';
import { labelText, objectField, valueAtPath } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { forEachLogLine } from '../io/jsonLines.js';
import { numericScore } from '../scoreValue.js';

export const OPENAI_EVALS_FORMAT_VERSION = 'LocalRecorder JSON Lines (evals 3.0.x)';

/** Imports one openai/evals run log. */
export function importOpenaiEvals(path: string, file: string, ctx: ImportContext): void {
  const { builder, options } = ctx;
  const metricName = options.metric ?? 'match';
  const eventType = metricName === 'match' ? 'match' : 'metrics';
  const clusterOption = options.cluster ?? 'none';
  let clusterPath: string[] | undefined;
  if (clusterOption.startsWith('data.') && clusterOption.length > 5)
    clusterPath = clusterOption.slice(5).split('.');
  else if (clusterOption !== 'none') {
    throw new EvalInputError(
      { file, field: 'cluster' },
      `option cluster "${clusterOption}": for openai/evals logs use data.<field> (of the scored event) or none`,
    );
  }
  const source = builder.code('source', file);
  const metric = builder.code('metric', metricName);
  let task = -1;
  let system = -1;
  let finalAccuracy: number | undefined;
  let sum = 0;
  let count = 0;
  forEachLogLine(path, file, ctx.partialLastLine(file), (value, line) => {
    const record = objectField(value, { file, line });
    if (task === -1) {
      const spec = objectField(record.spec, { file, line, field: 'spec' });
      if (!Array.isArray(spec.completion_fns) || spec.completion_fns.length === 0) {
        throw new EvalInputError(
          { file, line, field: 'spec.completion_fns' },
          'must list the completion functions',
        );
      }
      task = builder.code('task', labelText(spec.eval_name, { file, line, field: 'spec.eval_name' }));
      const fns = spec.completion_fns.map((f, k) =>
        labelText(f, { file, line, field: `spec.completion_fns[${k}]` }),
      );
      system = builder.code('system', ctx.systemLabel(file, fns.join('+')));
      return;
    }
    if ('final_report' in record) {
      const report = record.final_report as Record<string, unknown> | null;
      if (typeof report?.accuracy === 'number') finalAccuracy = report.accuracy;
      return;
    }
    if ('spec' in record) throw new EvalInputError({ file, line, field: 'spec' }, 'a second spec line');
    const type = labelText(record.type, { file, line, field: 'type' });
    if (type !== eventType) return;
    const data = objectField(record.data, { file, line, field: 'data' });
    let score: number;
    if (eventType === 'match') {
      if (typeof data.correct !== 'boolean') {
        throw new EvalInputError(
          { file, line, field: 'data.correct' },
          `must be true or false, got ${showValue(data.correct)}`,
        );
      }
      score = data.correct ? 1 : 0;
    } else {
      if (!(metricName in data)) return; // a metrics event recording other keys
      score = numericScore(data[metricName], { file, line, field: `data.${metricName}` });
      if (Number.isNaN(score)) return;
    }
    const question = builder.code(
      'question',
      labelText(record.sample_id, { file, line, field: 'sample_id' }),
    );
    const cluster = clusterPath
      ? builder.code(
          'cluster',
          labelText(valueAtPath(data, clusterPath), { file, line, field: clusterOption }),
        )
      : -1;
    builder.append(source, task, system, question, cluster, 1, metric, score, line);
    sum += score;
    count++;
  });
  if (task === -1)
    throw new EvalInputError({ file, line: 1, field: 'spec' }, 'the file is empty (no spec line)');
  if (count === 0) {
    throw new EvalInputError(
      { file, field: eventType === 'match' ? 'type' : `data.${metricName}` },
      eventType === 'match'
        ? 'no match events (type "match" with data.correct); for another score name it with --metric <key of metrics events>'
        : `no metrics events with "${metricName}"`,
    );
  }
  if (eventType === 'match' && finalAccuracy !== undefined && Math.abs(finalAccuracy - sum / count) > 1e-9) {
    ctx.warn({
      file,
      field: 'final_report.accuracy',
      message: `the final report says accuracy ${finalAccuracy}, the ${count} match events give ${sum / count}`,
    });
  }
  ctx.source(path, file, {
    format: 'openai-evals',
    formatVersion: OPENAI_EVALS_FORMAT_VERSION,
    tool: 'openai/evals',
  });
}
