/**
 * lm-evaluation-harness `results_<date>.json` (lm_eval/evaluator_utils.py `_to_eval_results`,
 * lm_eval/result_schema.py `EvalResults`, lm_eval/loggers/evaluation_tracker.py, commit
 * 4e7e0d47) and the file names that tie it to its `samples_<task>_<date>.jsonl`: the model
 * (`model_name`, else `config.model_name`, else the first of peft/delta/pretrained/model/
 * path/engine in `config.model_args` as `GeneralConfigTracker._get_model_name` reads it),
 * `group_subtasks` (child → group), `configs` (metric_list, filter_list) and
 * `lm_eval_version`. Read once per import and shared by a run's samples files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EvalInputError } from '../evalInputError.js';
import type { ImportContext } from '../importContext.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';

export const LM_EVAL_FORMAT_VERSION =
  'samples_<task>_<date>.jsonl + results_<date>.json (EvaluationTracker, lm-eval 0.4.3–0.4.13)';

const SAMPLES_NAME = /^samples_(.+)_([^_]+)\.jsonl$/;

/** Task and date from `samples_<task>_<date>.jsonl` (lm-eval's get_file_task_name / get_file_datetime). */
export function lmEvalSamplesName(path: string): { task: string; date: string } | undefined {
  const match = SAMPLES_NAME.exec(basename(path));
  return match ? { task: match[1], date: match[2] } : undefined;
}

export interface LmEvalResults {
  readonly file: string;
  readonly model?: string;
  readonly version?: string;
  readonly parent: ReadonlyMap<string, string>;
  readonly configs: Record<string, unknown>;
  /**
   * `n-samples` per (leaf) task: the documents of the split (`original`) and those evaluated
   * (`effective`, fewer under --limit) — what a samples file should hold.
   */
  readonly nSamples: ReadonlyMap<string, { readonly original: number; readonly effective: number }>;
}

/** lm-eval's GeneralConfigTracker._get_model_name: the first of these arguments in model_args. */
function modelFromArgs(args: unknown): string | undefined {
  const keys = ['peft', 'delta', 'pretrained', 'model', 'path', 'engine'];
  if (typeof args === 'object' && args !== null) {
    for (const key of keys) {
      const v = (args as Record<string, unknown>)[key];
      if (v !== undefined && v !== null) return String(v);
    }
  } else if (typeof args === 'string') {
    for (const key of keys) {
      const at = args.indexOf(`${key}=`);
      if (at !== -1) return args.slice(at + key.length + 1).split(',')[0];
    }
  }
  return undefined;
}

const resultsCache = new WeakMap<ImportContext, Map<string, LmEvalResults>>();

/** Reads results_<date>.json once per import (every subtask's samples file shares it). */
export function readLmEvalResults(path: string, file: string, ctx: ImportContext): LmEvalResults {
  let cache = resultsCache.get(ctx);
  if (!cache) {
    cache = new Map();
    resultsCache.set(ctx, cache);
  }
  let info = cache.get(path);
  if (!info) {
    info = parseResults(path, file, ctx);
    cache.set(path, info);
  }
  return info;
}

function parseResults(path: string, file: string, ctx: ImportContext): LmEvalResults {
  const json = parseJson(decodeUtf8(readFileSync(path), file), file);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new EvalInputError({ file }, 'is not an lm-evaluation-harness results object');
  }
  const results = json as Record<string, unknown>;
  const config = (results.config ?? {}) as Record<string, unknown>;
  const model =
    (typeof results.model_name === 'string' && results.model_name) ||
    (typeof config.model_name === 'string' && config.model_name) ||
    modelFromArgs(config.model_args) ||
    undefined;
  const parent = new Map<string, string>();
  const groups = results.group_subtasks;
  if (groups !== undefined) {
    if (typeof groups !== 'object' || groups === null) {
      throw new EvalInputError({ file, field: 'group_subtasks' }, 'must map groups to lists of subtasks');
    }
    for (const [group, children] of Object.entries(groups)) {
      if (!Array.isArray(children)) {
        throw new EvalInputError(
          { file, field: `group_subtasks.${group}` },
          'must be a list of subtask names',
        );
      }
      for (const child of children) parent.set(String(child), group);
    }
  }
  const version = typeof results.lm_eval_version === 'string' ? results.lm_eval_version : undefined;
  const nSamples = new Map<string, { original: number; effective: number }>();
  const declared = results['n-samples'];
  if (declared !== null && typeof declared === 'object' && !Array.isArray(declared)) {
    for (const [task, n] of Object.entries(declared as Record<string, unknown>)) {
      const o = (n ?? {}) as Record<string, unknown>;
      const count = (x: unknown) =>
        typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : undefined;
      const original = count(o.original);
      const effective = count(o.effective) ?? original;
      if (effective !== undefined) nSamples.set(task, { original: original ?? effective, effective });
    }
  }
  ctx.source(path, file, {
    format: 'lm-eval',
    formatVersion: LM_EVAL_FORMAT_VERSION,
    tool: 'lm-evaluation-harness',
    ...(version ? { toolVersion: version } : {}),
  });
  return {
    file,
    ...(model !== undefined ? { model } : {}),
    ...(version !== undefined ? { version } : {}),
    parent,
    configs: (results.configs ?? {}) as Record<string, unknown>,
    nSamples,
  };
}

/** The results_<date>.json beside a samples file, if there is one. */
export function lmEvalResultsPath(samplesPath: string): string | undefined {
  const name = lmEvalSamplesName(samplesPath);
  if (!name) return undefined;
  const candidate = join(dirname(samplesPath), `results_${name.date}.json`);
  return existsSync(candidate) ? candidate : undefined;
}

/** The metric names and filters a task config declares (metric_list, filter_list). */
export function lmEvalTaskConfig(
  configs: Record<string, unknown>,
  task: string,
): { metrics: string[]; filters: string[] } {
  const config = configs[task] as Record<string, unknown> | undefined;
  const metrics = Array.isArray(config?.metric_list)
    ? (config.metric_list as unknown[])
        .map((m) => (m as Record<string, unknown>)?.metric)
        .filter((m) => typeof m === 'string')
    : [];
  const filters = Array.isArray(config?.filter_list)
    ? (config.filter_list as unknown[])
        .map((f) => (f as Record<string, unknown>)?.name)
        .filter((f) => typeof f === 'string')
    : [];
  return { metrics: metrics as string[], filters: filters as string[] };
}
