/**
 * tau-bench results (sierra-research/tau-bench, `tau_bench/run.py` `run`, commit 59a200c6): a
 * JSON list of `EnvRunResult` (`tau_bench/types.py`: `task_id` int, `reward` float, `info`,
 * `traj`, `trial` int, 0-based), written to
 * `<agent_strategy>-<model>-<temperature>_range_<start>-<end>_user-<user_model>-<user_strategy>_<MMDDhhmmss>.json`.
 * A task that raised is recorded with reward 0.0 and `info.error` (counted in a warning, kept
 * as the failure tau-bench counts it as).
 *
 * Rows: task `tau-bench` (the file does not name the environment — retail and airline task ids
 * overlap, so import them separately), system = the model of the file name (else the file's
 * base name, with a warning; `--system-label FILE=LABEL` relabels), question = task_id, epoch =
 * trial + 1, metric `reward`, score = reward. tau-bench counts a trial as a success when
 * |reward − 1| ≤ 1e-6 (`display_metrics`): rewards other than 0 and 1 are kept as they are,
 * and pass@k then needs `--pass-threshold 0.999999`.
 */
import { basename } from 'node:path';
import { EvalInputError, showValue } from '../evalInputError.js';
import { idText, objectField } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { epochNumber, numericScore } from '../scoreValue.js';
import { readJsonFile } from './agentJson.js';

export const TAU_BENCH_FORMAT_VERSION = 'tau-bench run.py results: [EnvRunResult] (commit 59a200c6)';

const FILE_NAME =
  /^(tool-calling|act|react|few-shot)-(.+)-(\d+(?:\.\d+)?)_range_(-?\d+)-(-?\d+)_user-(.+)-([a-z_]+)_(\d{10})\.json$/;

/** The model a tau-bench results file is named after, or undefined. */
export function tauBenchModel(name: string): string | undefined {
  return FILE_NAME.exec(name)?.[2];
}

export function importTauBench(path: string, file: string, ctx: ImportContext): void {
  const { builder } = ctx;
  const data = readJsonFile(path, file);
  if (!Array.isArray(data)) {
    throw new EvalInputError({ file }, `expected a JSON list of tau-bench results, got ${showValue(data)}`);
  }
  const model = tauBenchModel(basename(path));
  if (
    model === undefined &&
    ctx.fileLabel(file) === undefined &&
    (ctx.options.systemLabel ?? ctx.options.system) === undefined
  ) {
    ctx.warn({
      file,
      message:
        'the file name is not tau-bench\u2019s <strategy>-<model>-<temperature>_range_…json: the system is named after the file (label it with --system-label FILE=LABEL)',
    });
  }
  const system = builder.code(
    'system',
    ctx.systemLabel(file, model ?? basename(path).replace(/\.json$/, '')),
  );
  const source = builder.code('source', file);
  const task = builder.code('task', 'tau-bench');
  const metric = builder.code('metric', 'reward');
  let errors = 0;
  let graded = 0;
  data.forEach((entry, i) => {
    const at = (field: string) => ({ file, field: `[${i}].${field}` });
    const r = objectField(entry, { file, field: `[${i}]` });
    const question = builder.code('question', idText(r.task_id, at('task_id')));
    const trial = epochNumber(typeof r.trial === 'number' ? r.trial + 1 : r.trial, at('trial'));
    const reward = numericScore(r.reward, at('reward'));
    if (Number.isNaN(reward)) throw new EvalInputError(at('reward'), 'is NaN');
    if (reward !== 0 && reward !== 1) graded++;
    if (r.info && typeof r.info === 'object' && 'error' in r.info) errors++;
    builder.append(source, task, system, question, -1, trial, metric, reward, 0);
  });
  if (data.length === 0) ctx.warn({ file, message: 'no results' });
  if (errors > 0)
    ctx.warn({
      file,
      field: 'info.error',
      message: `${errors} trials raised an error and are scored 0, as tau-bench scores them`,
    });
  if (graded > 0)
    ctx.warn({
      file,
      field: 'reward',
      message: `${graded} rewards are neither 0 nor 1; tau-bench counts |reward − 1| ≤ 1e-6 as a success (give --pass-threshold 0.999999 for pass@k)`,
    });
  ctx.source(path, file, { format: 'tau-bench', formatVersion: TAU_BENCH_FORMAT_VERSION, tool: 'tau-bench' });
}
