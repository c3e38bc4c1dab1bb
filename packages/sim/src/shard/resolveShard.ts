import type { ShardEnvironment, ShardSource } from './environment.js';
import { checkShardCount } from './readInteger.js';
import { ShardError } from './shardError.js';
import { shardFromEnvironment } from './shardFromEnvironment.js';
import { parseShardSpec, type ShardSpec } from './shardSpec.js';

/** The shard a run should compute and where that came from. */
export interface ResolvedShard extends ShardSpec {
  /** `flag` for `--shard i/N`, else the scheduler. */
  readonly source: ShardSource | 'flag';
  /** E.g. `--shard 2/4` or `SLURM_ARRAY_TASK_ID=3 (MIN=1, MAX=4, STEP=1, COUNT=4)`. */
  readonly detail: string;
}

export interface ResolveShardOptions {
  /** The `--shard i/N` flag as written. */
  readonly shard?: string | undefined;
  /** The `--shards N` flag. */
  readonly shards?: number | undefined;
  /** Where scheduler variables are read (usually `process.env`). */
  readonly env: ShardEnvironment;
}

/**
 * The flags and environment of `evalsim run`/`reproduce` → the shard to compute, or null for a
 * whole (unsharded) run. `--shard i/N` wins over scheduler variables (that is how one failed shard
 * is rerun by hand); `--shards N` alongside it must equal N. Without `--shard` the scheduler
 * decides ({@link shardFromEnvironment}); `--shards N` with neither is refused, since it would
 * otherwise silently compute everything.
 */
export function resolveShard(options: ResolveShardOptions): ResolvedShard | null {
  const shards = options.shards === undefined ? undefined : checkShardCount(options.shards);
  if (options.shard !== undefined) {
    const spec = parseShardSpec(options.shard);
    if (shards !== undefined && shards !== spec.count) {
      throw new ShardError(
        '--shards',
        `${shards} disagrees with --shard ${options.shard} (N = ${spec.count})`,
      );
    }
    return { ...spec, source: 'flag', detail: `--shard ${options.shard}` };
  }
  const fromScheduler = shardFromEnvironment(options.env, shards === undefined ? {} : { shards });
  if (fromScheduler) return fromScheduler;
  if (shards !== undefined) {
    throw new ShardError(
      '--shards',
      `${shards} given, but which shard is this? Pass --shard i/${shards}, or run inside a Slurm array (SLURM_ARRAY_TASK_ID), a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or an AWS Batch array (AWS_BATCH_JOB_ARRAY_INDEX)`,
    );
  }
  return null;
}
