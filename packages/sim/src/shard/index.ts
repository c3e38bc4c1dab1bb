/** Sharded runs: which slice a process computes, how work is split, and scheduler scripts. */
export { awsBatchArrayShard } from './awsBatchArrayShard.js';
export type { SchedulerShard, ShardEnvironment, ShardSource } from './environment.js';
export { kubernetesIndexShard } from './kubernetesIndexShard.js';
export { type KubernetesJobOptions, type KubernetesJobs, kubernetesJobs } from './kubernetesJobs.js';
export {
  planShards,
  type ShardPiece,
  type ShardPlan,
  type ShardPlanInput,
  type ShardWork,
} from './planShards.js';
export { checkShardCount } from './readInteger.js';
export { type ResolvedShard, type ResolveShardOptions, resolveShard } from './resolveShard.js';
export { type SbatchResourceOptions, sbatchResourceFlags } from './sbatchOptions.js';
export { type ShardCommandOptions, type ShardCommands, shardCommands } from './shardCommands.js';
export { ShardError } from './shardError.js';
export { type ShardFromEnvironmentOptions, shardFromEnvironment } from './shardFromEnvironment.js';
export { formatShardSpec, parseShardSpec, type ShardSpec } from './shardSpec.js';
export { shellCommand, shellQuote } from './shellQuote.js';
export { slurmArrayShard } from './slurmArrayShard.js';
export {
  SLURM_SCRIPT_FILES,
  type SlurmScriptOptions,
  type SlurmScripts,
  slurmScripts,
} from './slurmScripts.js';
