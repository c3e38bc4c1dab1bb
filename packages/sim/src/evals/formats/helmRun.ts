/**
 * HELM run directories (benchmark_output/runs/<suite>/<run name>/), as written by
 * `Runner.run_one` (src/helm/benchmark/runner.py, HELM 0.5.16, commit 63754d05):
 * `run_spec.json` (`RunSpec`: `name` such as
 * `mmlu:subject=abstract_algebra,method=multiple_choice_joint,model=openai_gpt2`,
 * `scenario_spec.args`, `adapter_spec.model` / `model_deployment`, `adapter_spec.num_train_trials`)
 * and `per_instance_stats.json`, a list of `PerInstanceStats` (metrics/metric.py):
 * `instance_id`, `train_trial_index` (0-based), `perturbation` (absent for the original
 * instance), `stats` — each a `Stat` (metrics/statistic.py) whose `name` is a `MetricName`
 * {name, split, sub_split, perturbation} and whose `mean` is the per-instance value (what
 * HELM's own run display reads). Several metrics each write an entry for the same
 * (instance, trial); the chosen stat is looked up across them.
 *
 * Rows: task = the scenario (run name before ":"), system = adapter_spec.model, question =
 * instance_id prefixed by the scenario arguments (`subject=abstract_algebra/id147`: HELM
 * numbers instances per run, so ids repeat across subjects), epoch = train_trial_index + 1,
 * metric = the stat name (default `exact_match`) on split `test` (option `split`) without
 * perturbation, cluster = the scenario's `subject` argument (or `run.<arg>`, or none).
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readInputFile } from '../../files/inputFile.js';
import { EvalInputError, showValue } from '../evalInputError.js';
import { idText, labelText, objectField } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { parseJson } from '../io/jsonText.js';
import { decodeUtf8 } from '../io/utf8.js';

export const HELM_FORMAT_VERSION = 'per_instance_stats.json + run_spec.json (HELM 0.5.x)';

function readJsonFile(path: string, file: string): unknown {
  return parseJson(decodeUtf8(readInputFile(path), file), file);
}

function argText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Imports one HELM run directory (`dir` is its path, `shown` the path as given). */
export function importHelmRun(dir: string, shown: string, ctx: ImportContext): void {
  const { builder, options } = ctx;
  const statsPath = join(dir, 'per_instance_stats.json');
  const specPath = join(dir, 'run_spec.json');
  const statsFile = join(shown, 'per_instance_stats.json');
  const specFile = join(shown, 'run_spec.json');
  if (!existsSync(statsPath)) {
    throw new EvalInputError(
      { file: statsFile },
      'missing: a HELM run directory needs per_instance_stats.json',
    );
  }
  if (!existsSync(specPath)) {
    throw new EvalInputError(
      { file: specFile },
      'missing: the model and scenario of a HELM run come from run_spec.json',
    );
  }
  const spec = objectField(readJsonFile(specPath, specFile), { file: specFile });
  const runName = labelText(spec.name ?? basename(dir), { file: specFile, field: 'name' });
  const adapter = objectField(spec.adapter_spec, { file: specFile, field: 'adapter_spec' });
  const model = labelText(adapter.model || adapter.model_deployment, {
    file: specFile,
    field: 'adapter_spec.model',
  });
  const scenarioSpec = (spec.scenario_spec ?? {}) as Record<string, unknown>;
  const args = (scenarioSpec.args ?? {}) as Record<string, unknown>;
  const argEntries = Object.entries(args).filter(([, v]) => v !== null && v !== undefined);
  const prefix = argEntries.map(([k, v]) => `${k}=${argText(v)}`).join(',');
  const task = builder.code('task', runName.split(':')[0]);

  const clusterOption = options.cluster ?? ('subject' in args ? 'run.subject' : 'none');
  let cluster = -1;
  if (clusterOption.startsWith('run.')) {
    const key = clusterOption.slice(4);
    const fromName = new Map(
      (runName.split(':')[1] ?? '')
        .split(',')
        .map((kv) => kv.split('=') as [string, string])
        .filter((kv) => kv.length === 2),
    );
    const value = args[key] ?? fromName.get(key);
    if (value === undefined || value === null) {
      throw new EvalInputError(
        { file: specFile, field: 'cluster' },
        `option cluster "${clusterOption}": run ${runName} has no argument "${key}"`,
      );
    }
    cluster = builder.code('cluster', argText(value));
  } else if (clusterOption !== 'none') {
    throw new EvalInputError(
      { file: specFile, field: 'cluster' },
      `option cluster "${clusterOption}": for HELM runs use run.<argument> (e.g. run.subject) or none`,
    );
  }

  const metricName = options.metric ?? 'exact_match';
  const split = options.split ?? 'test';
  const list = readJsonFile(statsPath, statsFile);
  if (!Array.isArray(list))
    throw new EvalInputError({ file: statsFile }, 'must be a list of per-instance stats');
  const source = builder.code('source', statsFile);
  const system = builder.code('system', ctx.systemLabel(shown, model));
  const metric = builder.code('metric', metricName);
  const seen = new Map<string, number>();
  const names = new Set<string>();
  /** Every split with per-instance stats (without perturbation) and the stat names there. */
  const bySplit = new Map<string, Set<string>>();
  let instances = 0;
  const keys = new Set<string>();
  list.forEach((entry, k) => {
    const at = (field: string) => ({ file: statsFile, field: `[${k}].${field}` });
    const e = objectField(entry, { file: statsFile, field: `[${k}]` });
    if (e.perturbation !== undefined && e.perturbation !== null) return;
    const id = idText(e.instance_id, at('instance_id'));
    const trial = e.train_trial_index ?? 0;
    if (typeof trial !== 'number' || !Number.isInteger(trial) || trial < 0) {
      throw new EvalInputError(at('train_trial_index'), `must be an integer ≥ 0, got ${showValue(trial)}`);
    }
    const key = `${id}\u0000${trial}`;
    if (!Array.isArray(e.stats)) throw new EvalInputError(at('stats'), 'must be a list of stats');
    e.stats.forEach((stat: unknown, j: number) => {
      const s = objectField(stat, at(`stats[${j}]`));
      const name = objectField(s.name, at(`stats[${j}].name`));
      if (name.perturbation === undefined || name.perturbation === null) {
        const there = String(name.split ?? '(none)');
        let set = bySplit.get(there);
        if (!set) {
          set = new Set();
          bySplit.set(there, set);
        }
        set.add(String(name.name));
      }
      if ((name.split ?? null) !== split || (name.perturbation !== undefined && name.perturbation !== null))
        return;
      names.add(String(name.name));
      keys.add(key);
      if (name.name !== metricName || name.sub_split) return;
      const count = s.count;
      let value = s.mean;
      if ((value === undefined || value === null) && typeof count === 'number' && count > 0) {
        value = (s.sum as number) / count;
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new EvalInputError(
          at(`stats[${j}].mean`),
          `the ${metricName} value ${showValue(value)} is not a number`,
        );
      }
      const previous = seen.get(key);
      if (previous !== undefined) {
        throw new EvalInputError(
          at(`stats[${j}]`),
          `a second ${metricName} stat for instance ${id}, trial ${trial} (the first is in entry ${previous + 1})`,
        );
      }
      seen.set(key, k);
      const question = builder.code('question', prefix ? `${prefix}/${id}` : id);
      builder.append(source, task, system, question, cluster, trial + 1, metric, value, 0);
      instances++;
    });
  });
  if (instances === 0) {
    throw new EvalInputError(
      { file: statsFile, field: 'stats' },
      `no "${metricName}" stat on split "${split}" without perturbation; ${whatExists(bySplit, metricName, split, dir)}`,
    );
  }
  if (keys.size > instances) {
    ctx.warn({
      file: statsFile,
      field: metricName,
      message: `${keys.size - instances} (instance, trial) pairs have no ${metricName} stat on split ${split} and were skipped`,
    });
  }
  ctx.source(specPath, specFile, { format: 'helm', formatVersion: HELM_FORMAT_VERSION, tool: 'helm' });
  ctx.source(statsPath, statsFile, { format: 'helm', formatVersion: HELM_FORMAT_VERSION, tool: 'helm' });
}

/** The splits and stats a run has, and the flag that would use them (the "stats there: none" case). */
function whatExists(
  bySplit: ReadonlyMap<string, ReadonlySet<string>>,
  metric: string,
  split: string,
  dir: string,
): string {
  const listed = (set: ReadonlySet<string>) => {
    const all = [...set].sort();
    return all.slice(0, 8).join(', ') + (all.length > 8 ? `, … (${all.length - 8} more)` : '');
  };
  if (bySplit.size === 0) {
    const aggregate = existsSync(join(dir, 'stats.json'))
      ? '; stats.json has aggregate stats only, and an analysis needs one value per instance'
      : '';
    return `per_instance_stats.json has no per-instance stats on any split${aggregate}`;
  }
  const parts = [...bySplit].map(
    ([name, set]) => `${name} (${set.size} stat${set.size === 1 ? '' : 's'}: ${listed(set)})`,
  );
  const withMetric = [...bySplit]
    .filter(([name, set]) => name !== split && set.has(metric))
    .map(([name]) => name);
  const here = bySplit.get(split);
  const advice =
    withMetric.length > 0
      ? `; pass --split ${withMetric[0]}`
      : here && here.size > 0
        ? `; pass --metric with one of the stats on ${split}`
        : '';
  return `splits with per-instance stats: ${parts.join('; ')}${advice}`;
}

/** The run directory for a path inside it (per_instance_stats.json, run_spec.json, …). */
export function helmRunDirectory(path: string): string {
  return existsSync(join(path, 'per_instance_stats.json')) ? path : dirname(path);
}
