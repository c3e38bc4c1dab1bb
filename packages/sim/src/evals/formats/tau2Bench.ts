/**
 * tau2-bench results (sierra-research/tau2-bench, `src/tau2/data_model/simulation.py`
 * `Results`, commit a2c02472): a `results.json` holding `info` (`num_trials`,
 * `agent_info.llm`, `environment_info.domain_name`, …) and either every `simulations` entry
 * (`SimulationRun`: `task_id` string, `trial` int, `reward_info.reward`,
 * `termination_reason`) — the "json" storage — or, in the "dir" storage, a
 * `simulation_index` (`SimulationIndexEntry`: `task_id`, `trial`, `reward`,
 * `termination_reason`) beside a `simulations/` folder (not read: the index carries what the
 * metrics use).
 *
 * As tau2's metrics (`src/tau2/metrics/agent_metrics.py`): a simulation whose
 * termination_reason is `infrastructure_error` is left out (counted in a warning); a
 * simulation without a reward is scored 0 (pandas reads it as NaN, which is_successful counts
 * as a failure). Rows: task = domain_name, system = agent_info.llm, question = task_id, epoch =
 * trial + 1, metric `reward`, score = reward (success |reward − 1| ≤ 1e-6: rewards other than 0
 * and 1 need `--pass-threshold 0.999999` for pass@k).
 */
import { EvalInputError, showValue } from '../evalInputError.js';
import { idText, labelText, objectField, valueAtPath } from '../ids.js';
import type { ImportContext } from '../importContext.js';
import { epochNumber, numericScore } from '../scoreValue.js';
import { readJsonFile } from './agentJson.js';

export const TAU2_BENCH_FORMAT_VERSION =
  'tau2-bench Results (results.json: simulations or simulation_index; commit a2c02472)';

export function importTau2Bench(path: string, file: string, ctx: ImportContext): void {
  const { builder } = ctx;
  const root = objectField(readJsonFile(path, file), { file });
  const info = objectField(root.info, { file, field: 'info' });
  const llm = labelText(valueAtPath(info, ['agent_info', 'llm']) ?? 'agent', {
    file,
    field: 'info.agent_info.llm',
  });
  const domain = labelText(valueAtPath(info, ['environment_info', 'domain_name']) ?? 'tau2-bench', {
    file,
    field: 'info.environment_info.domain_name',
  });
  const simulations = Array.isArray(root.simulations) ? root.simulations : [];
  const useIndex = simulations.length === 0 && Array.isArray(root.simulation_index);
  const entries = useIndex ? (root.simulation_index as unknown[]) : simulations;
  const listName = useIndex ? 'simulation_index' : 'simulations';
  if (!useIndex && !Array.isArray(root.simulations)) {
    throw new EvalInputError(
      { file, field: 'simulations' },
      `expected a list of simulations, got ${showValue(root.simulations)}`,
    );
  }
  const source = builder.code('source', file);
  const task = builder.code('task', domain);
  const system = builder.code('system', ctx.systemLabel(file, llm));
  const metric = builder.code('metric', 'reward');
  let infra = 0;
  let noReward = 0;
  let graded = 0;
  entries.forEach((entry, i) => {
    const at = (field: string) => ({ file, field: `${listName}[${i}].${field}` });
    const s = objectField(entry, { file, field: `${listName}[${i}]` });
    if (s.termination_reason === 'infrastructure_error') {
      infra++;
      return;
    }
    const question = builder.code('question', idText(s.task_id, at('task_id')));
    const trial = epochNumber(typeof s.trial === 'number' ? s.trial + 1 : s.trial, at('trial'));
    const raw = useIndex
      ? s.reward
      : s.reward_info === null || s.reward_info === undefined
        ? null
        : objectField(s.reward_info, at('reward_info')).reward;
    let reward = 0;
    if (raw === null || raw === undefined) noReward++;
    else {
      reward = numericScore(raw, at(useIndex ? 'reward' : 'reward_info.reward'));
      if (Number.isNaN(reward)) {
        noReward++;
        reward = 0;
      }
    }
    if (reward !== 0 && reward !== 1) graded++;
    builder.append(source, task, system, question, -1, trial, metric, reward, 0);
  });
  if (infra > 0)
    ctx.warn({
      file,
      field: 'termination_reason',
      message: `${infra} simulations ended in infrastructure_error and were left out, as tau2-bench's metrics leave them out`,
    });
  if (noReward > 0)
    ctx.warn({
      file,
      field: 'reward',
      message: `${noReward} simulations have no reward and are scored 0 (tau2-bench's pass^k counts them as failures)`,
    });
  if (graded > 0)
    ctx.warn({
      file,
      field: 'reward',
      message: `${graded} rewards are neither 0 nor 1; tau2-bench counts |reward − 1| ≤ 1e-6 as a success (give --pass-threshold 0.999999 for pass@k)`,
    });
  const declared = info.num_trials;
  ctx.source(path, file, {
    format: 'tau2-bench',
    formatVersion: TAU2_BENCH_FORMAT_VERSION,
    tool: 'tau2-bench',
    ...(typeof info.git_commit === 'string' ? { toolVersion: info.git_commit } : {}),
  });
  if (typeof declared !== 'number') ctx.warn({ file, field: 'info.num_trials', message: 'missing' });
}
