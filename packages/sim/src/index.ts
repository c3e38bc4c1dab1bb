/**
 * @evalsim/sim — seeded streams, samplers, data-generating models, methods,
 * metrics, the piscina study runner and Arrow output.
 */
export * from './config/index.js';
export * from './formulas/index.js';
export * from './methods/index.js';
export * from './metrics/index.js';
export * from './models/index.js';
export * from './output/index.js';
export * from './population/index.js';
export * from './rng/index.js';
export * from './runner/index.js';
export * from './samplers/index.js';
export {
  awsBatchArrayShard,
  checkShardCount,
  formatShardSpec,
  type KubernetesJobOptions,
  type KubernetesJobs,
  kubernetesIndexShard,
  kubernetesJobs,
  parseShardSpec,
  planShards,
  type ResolvedShard,
  type ResolveShardOptions,
  resolveShard,
  type SbatchResourceOptions,
  type SchedulerShard,
  type ShardCommandOptions,
  type ShardCommands,
  type ShardEnvironment,
  ShardError,
  type ShardFromEnvironmentOptions,
  type ShardPiece,
  type ShardPlan,
  type ShardPlanInput,
  type ShardSource,
  type ShardSpec,
  type ShardWork,
  SLURM_SCRIPT_FILES,
  type SlurmScriptOptions,
  type SlurmScripts,
  sbatchResourceFlags,
  shardCommands,
  shardFromEnvironment,
  shellCommand,
  shellQuote,
  slurmArrayShard,
  slurmScripts,
} from './shard/index.js';
export type * from './types.js';
