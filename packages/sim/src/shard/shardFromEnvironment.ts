import { awsBatchArrayShard } from './awsBatchArrayShard.js';
import type { SchedulerShard, ShardEnvironment } from './environment.js';
import { kubernetesIndexShard } from './kubernetesIndexShard.js';
import { checkShardCount } from './readInteger.js';
import { ShardError } from './shardError.js';
import { slurmArrayShard } from './slurmArrayShard.js';

export interface ShardFromEnvironmentOptions {
  /** `--shards N`: the count where the scheduler does not give one, a cross-check where it does. */
  readonly shards?: number | undefined;
}

/**
 * The shard a scheduler assigned to this process, or null when no scheduler variable is set.
 * Reads Slurm job arrays ({@link slurmArrayShard}), Kubernetes Indexed Jobs
 * ({@link kubernetesIndexShard}) and AWS Batch arrays ({@link awsBatchArrayShard}); each refuses
 * variables that do not describe one slice (a {@link ShardError} naming the variable or flag).
 * When several schedulers' variables are set they must give the same shard, else it refuses
 * and lists them.
 */
export function shardFromEnvironment(
  env: ShardEnvironment,
  options: ShardFromEnvironmentOptions = {},
): SchedulerShard | null {
  const shards = options.shards === undefined ? undefined : checkShardCount(options.shards);
  const found = [
    slurmArrayShard(env, shards),
    kubernetesIndexShard(env, shards),
    awsBatchArrayShard(env, shards),
  ].filter((shard): shard is SchedulerShard => shard !== null);
  const first = found[0];
  if (first === undefined) return null;
  if (found.length === 1) return first;
  const each = found.map((s) => `${s.detail} → shard ${s.index}/${s.count}`).join('; ');
  if (found.some((s) => s.index !== first.index || s.count !== first.count)) {
    throw new ShardError(
      found.map((s) => s.source).join(' and '),
      `variables of several schedulers are set and give different shards: ${each}. Unset the ones of the scheduler not running this job, or pass --shard i/N`,
    );
  }
  return { ...first, detail: found.map((s) => s.detail).join(' and ') };
}
