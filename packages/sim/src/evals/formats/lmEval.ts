/**
 * lm-evaluation-harness `--log_samples` output, as written by `EvaluationTracker`
 * (lm_eval/loggers/evaluation_tracker.py; layout stable since v0.4.3, followed here at
 * 0.4.13.dev0, commit 4e7e0d47): `<output_path>/<model_name_sanitized>/results_<date>.json`
 * and one `samples_<task>_<date>.jsonl` per task, `<date>` being
 * `datetime.now().isoformat()` with ":" → "-". A samples line (evaluator.py, the
 * `example` dict; result_schema.py `SampleResult`) holds `doc_id` (0-based index in the
 * split), `doc`, `target`, `arguments`, `resps`, `filtered_resps`, `filter`, `metrics`
 * (names of the per-sample metric fields), `doc_hash`, `prompt_hash`, `target_hash` and
 * one field per metric (`acc`, `exact_match`, …). There is one line per document and filter.
 *
 * From results_<date>.json: the model (`model_name`, else the `pretrained=`/`model=`/…
 * argument of `config.model_args` as lm-eval's `_get_model_name` reads it, else the
 * directory name), `group_subtasks` (a subtask's task becomes its top-level group; the
 * subtask is the default cluster, e.g. the 57 MMLU subjects), `configs[task].metric_list`
 * (default metric: the first) and `filter_list`, `lm_eval_version`.
 *
 * Rows: task = the top-level group (or the task), question = `doc_id` (or `doc_hash`),
 * prefixed by the subtask for grouped tasks, epoch 1, metric `<metric>,<filter>` as in
 * lm-eval's results keys, score = the metric field (number or boolean).
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EvalInputError, showValue } from '../evalInputError.js';
import { GroupingScan, groupingHint } from '../groupingScan.js';
import { idText, labelText, valueAtPath } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { forEachLogLine } from '../io/jsonLines.js';
import { numericScore } from '../scoreValue.js';
import { repeatScorer, selectedAnswer } from './lmEvalRepeats.js';
import {
  LM_EVAL_FORMAT_VERSION,
  type LmEvalResults,
  lmEvalResultsPath,
  lmEvalSamplesName,
  lmEvalTaskConfig,
  readLmEvalResults,
} from './lmEvalResults.js';

const checkedResults = new WeakMap<ImportContext, Set<string>>();

/**
 * Once per results file: the tasks it lists (n-samples) that have no samples file beside it
 * (lm-eval writes one per task with --log_samples; a missing one is a task that cannot be
 * analysed), and the tasks run on part of their split (--limit: effective < original).
 */
function warnTasksWithoutSamples(
  results: LmEvalResults,
  path: string,
  file: string,
  ctx: ImportContext,
): void {
  let checked = checkedResults.get(ctx);
  if (!checked) {
    checked = new Set();
    checkedResults.set(ctx, checked);
  }
  if (checked.has(results.file)) return;
  checked.add(results.file);
  const date = lmEvalSamplesName(path)?.date;
  if (date === undefined) return;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  const present = new Set(
    names
      .map((n) => lmEvalSamplesName(n))
      .filter((n) => n?.date === date)
      .map((n) => n?.task),
  );
  const resultsFile = join(dirname(file), basename(results.file));
  const list = (xs: string[]) =>
    xs.slice(0, 10).join(', ') + (xs.length > 10 ? `, … (${xs.length - 10} more)` : '');
  const missing = [...results.nSamples.keys()].filter((task) => !present.has(task)).sort();
  if (missing.length > 0) {
    ctx.warn({
      file: resultsFile,
      message: `${missing.length} task${missing.length === 1 ? '' : 's'} in n-samples ha${missing.length === 1 ? 's' : 've'} no samples_<task>_${date}.jsonl beside it and cannot be imported: ${list(missing)}`,
    });
  }
  const limited = [...results.nSamples]
    .filter(([task, n]) => present.has(task) && n.original > n.effective)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([task, n]) =>
        `${task} ${n.effective.toLocaleString('en-US')} of ${n.original.toLocaleString('en-US')}`,
    );
  if (limited.length > 0) {
    ctx.warn({
      file: resultsFile,
      message: `${limited.length} task${limited.length === 1 ? ' was' : 's were'} run on part of ${limited.length === 1 ? 'its' : 'their'} split (lm-eval --limit; n-samples effective of original): ${list(limited)}; the analysis covers those documents only`,
    });
  }
}

/** Imports one samples_<task>_<date>.jsonl (with its results file when present). */
export function importLmEvalSamples(path: string, file: string, ctx: ImportContext): void {
  const { options, builder } = ctx;
  const name = lmEvalSamplesName(path);
  const leaf =
    name?.task ??
    basename(path)
      .replace(/\.jsonl$/, '')
      .replace(/^samples_/, '');
  const resultsPath = lmEvalResultsPath(path);
  const results = resultsPath
    ? readLmEvalResults(resultsPath, join(dirname(file), basename(resultsPath)), ctx)
    : undefined;
  if (!results) {
    ctx.warn({
      file,
      message: `no results_${name?.date ?? '<date>'}.json beside it: the model is named after the directory and task groups are unknown`,
    });
  }
  let root = leaf;
  for (let up = results?.parent.get(root); up !== undefined; up = results?.parent.get(root)) {
    if (up === root) break;
    root = up;
  }
  const grouped = root !== leaf;
  const modelName = results?.model ?? basename(dirname(path));
  const system = builder.code('system', ctx.systemLabel(file, modelName));
  const source = builder.code('source', file);
  const task = builder.code('task', root);

  const questionMode = options.question ?? 'doc_id';
  if (questionMode !== 'doc_id' && questionMode !== 'doc_hash') {
    throw new EvalInputError(
      { file, field: 'question' },
      `option question "${questionMode}": lm-evaluation-harness samples are identified by doc_id (default) or doc_hash`,
    );
  }
  const clusterMode = options.cluster ?? (grouped ? 'task' : 'none');
  let clusterPath: string[] | undefined;
  if (clusterMode.startsWith('doc.')) clusterPath = clusterMode.slice(4).split('.');
  else if (clusterMode !== 'task' && clusterMode !== 'none') {
    throw new EvalInputError(
      { file, field: 'cluster' },
      `option cluster "${clusterMode}": for lm-evaluation-harness use task, none or doc.<field>`,
    );
  }
  const fixedCluster = clusterMode === 'task' ? builder.code('cluster', leaf) : -1;
  // Without --cluster (and no task grouping), the doc's fields are watched for a grouping.
  const scan = options.cluster === undefined && clusterMode === 'none' ? new GroupingScan() : undefined;

  const declared = results ? lmEvalTaskConfig(results.configs, leaf) : { metrics: [], filters: [] };
  if (options.filter === undefined && declared.filters.length > 1) {
    throw new EvalInputError(
      { file, field: 'filter' },
      `task ${leaf} has several filters (${declared.filters.join(', ')}); choose one with --filter`,
    );
  }
  let metricName = options.metric ?? declared.metrics[0];
  let filter = options.filter;
  let metricCode = -1;
  let kept = 0;
  let unscored = 0;
  const documents = new Set<string>();
  const filtersSeen = new Set<string>();
  if (options.repeats !== undefined && options.repeats !== 'rescore') {
    throw new EvalInputError(
      { file, field: 'repeats' },
      `option repeats "${options.repeats}": for lm-evaluation-harness use rescore (score every repeat as lm-eval scores the first)`,
    );
  }
  // `repeats: K` tasks: the most repeats seen on a line, and the rescoring (lmEvalRepeats.ts) when asked for.
  let repeatsSeen = 1;
  let scorer: ReturnType<typeof repeatScorer> | undefined;
  const taskConfig = results ? (results.configs[leaf] as Record<string, unknown> | undefined) : undefined;

  forEachLogLine(path, file, ctx.partialLastLine(file), (value, line) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new EvalInputError({ file, line }, `expected a JSON object, got ${showValue(value)}`);
    }
    const sample = value as Record<string, unknown>;
    const lineFilter = labelText(sample.filter, { file, line, field: 'filter' });
    filtersSeen.add(lineFilter);
    if (filter === undefined) filter = lineFilter;
    else if (lineFilter !== filter) {
      if (options.filter !== undefined) return;
      throw new EvalInputError(
        { file, line, field: 'filter' },
        `a second filter "${lineFilter}" after "${filter}"; choose one with --filter`,
      );
    }
    if (metricName === undefined) {
      const listed = sample.metrics;
      if (!Array.isArray(listed) || typeof listed[0] !== 'string') {
        throw new EvalInputError(
          { file, line, field: 'metrics' },
          'no metric list to take the default metric from; name one with --metric',
        );
      }
      metricName = listed[0];
    }
    if (metricCode === -1) metricCode = builder.code('metric', `${metricName},${filter}`);
    const raw = sample[metricName];
    if (raw === undefined) {
      const fields = Array.isArray(sample.metrics) ? ` (this sample has ${sample.metrics.join(', ')})` : '';
      throw new EvalInputError({ file, line, field: metricName }, `metric field is missing${fields}`);
    }
    const score = numericScore(raw, { file, line, field: metricName });
    if (Number.isNaN(score)) {
      unscored++;
      return;
    }
    const id =
      questionMode === 'doc_id'
        ? idText(sample.doc_id, { file, line, field: 'doc_id' })
        : labelText(sample.doc_hash, { file, line, field: 'doc_hash' });
    const question = builder.code('question', grouped ? `${leaf}/${id}` : id);
    let cluster = fixedCluster;
    if (clusterPath) {
      const v = valueAtPath(sample.doc, clusterPath);
      cluster = builder.code('cluster', labelText(v, { file, line, field: clusterMode }));
    }
    const resps =
      Array.isArray(sample.resps) && Array.isArray(sample.resps[0]) ? (sample.resps[0] as unknown[]) : [];
    if (resps.length > repeatsSeen) repeatsSeen = resps.length;
    if (options.repeats === 'rescore') {
      if (!results)
        throw new EvalInputError(
          { file, field: 'repeats' },
          '--repeats rescore needs the results file beside the samples (its filter_list and metric_list)',
        );
      scorer ??= repeatScorer(taskConfig, filter as string, metricName as string, file);
      const target = typeof sample.target === 'string' ? sample.target : String(sample.target);
      const answers = resps.map((r, i) => {
        if (typeof r !== 'string')
          throw new EvalInputError({ file, line, field: `resps[0][${i}]` }, 'is not a generated text');
        return scorer!.extract(r);
      });
      if (scorer.selection !== null && answers.length > 0) {
        const mine = scorer.score(selectedAnswer(answers, scorer.selection), target);
        if (mine !== score) {
          throw new EvalInputError(
            { file, line, field: metricName },
            `--repeats rescore: evalsim scores this doc's ${scorer.selection === 'first' ? 'first repeat' : 'majority answer'} ${mine} where lm-eval logged ${score}; the task's scoring is not reproduced, so its repeats cannot be scored one by one`,
          );
        }
      }
      answers.forEach((answer, r) => {
        builder.append(
          source,
          task,
          system,
          question,
          cluster,
          r + 1,
          metricCode,
          scorer!.score(answer, target),
          line,
        );
        builder.setAnswer(builder.answerCode(answer));
        kept++;
      });
      return;
    }
    builder.append(source, task, system, question, cluster, 1, metricCode, score, line);
    kept++;
    documents.add(id);
    const doc = sample.doc;
    if (scan && doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
      for (const [k, v] of Object.entries(doc as Record<string, unknown>)) scan.observe(k, id, v);
    }
  });
  for (const g of scan?.groupings((k) => `doc.${k}`) ?? []) ctx.warn({ message: groupingHint(g) });
  if (options.filter !== undefined && !filtersSeen.has(options.filter)) {
    throw new EvalInputError(
      { file, field: 'filter' },
      `no sample has filter "${options.filter}"; filters here: ${[...filtersSeen].join(', ') || 'none'}`,
    );
  }
  if (unscored > 0)
    ctx.warn({ file, field: metricName, message: `${unscored} samples with a NaN score were skipped` });
  if (repeatsSeen > 1 && options.repeats !== 'rescore') {
    ctx.warn({
      file,
      field: 'resps',
      message:
        `task ${leaf} has ${repeatsSeen} repeats per doc (resps) but lm-eval logs one score per doc and filter, computed on the filtered answer ` +
        `(the first repeat after take_first, the majority answer after majority_vote): kept as one sample per doc; --repeats rescore scores every repeat (formats/lmEvalRepeats.ts)`,
    });
  }
  // What the results file says the run held (issue 26 point 2).
  const declaredCount = results?.nSamples.get(leaf);
  if (results && declaredCount) {
    const n = documents.size;
    const { original, effective } = declaredCount;
    const of =
      original !== effective
        ? ` (of the split's ${original.toLocaleString('en-US')}: the run was limited)`
        : '';
    if (n < effective) {
      ctx.warn({
        file,
        message: `holds ${n.toLocaleString('en-US')} documents of task ${leaf} but ${basename(results.file)} says ${effective.toLocaleString('en-US')} were evaluated (n-samples)${of}: ${(effective - n).toLocaleString('en-US')} are missing from the samples file`,
      });
    }
  }
  if (results) warnTasksWithoutSamples(results, path, file, ctx);
  if (kept === 0 && unscored === 0) ctx.warn({ file, message: 'no samples' });
  ctx.source(path, file, {
    format: 'lm-eval',
    formatVersion: LM_EVAL_FORMAT_VERSION,
    tool: 'lm-evaluation-harness',
    ...(results?.version ? { toolVersion: results.version } : {}),
  });
}
