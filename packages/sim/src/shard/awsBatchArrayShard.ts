import type { SchedulerShard, ShardEnvironment } from './environment.js';
import { readInteger } from './readInteger.js';
import { ShardError } from './shardError.js';

/**
 * The shard of an AWS Batch array child job, or null when `AWS_BATCH_JOB_ARRAY_INDEX` is unset.
 *
 * AWS Batch sets `AWS_BATCH_JOB_ARRAY_INDEX` ∈ 0 … size − 1 in each child and
 * `AWS_BATCH_JOB_ARRAY_SIZE` to the parent's array size (AWS Batch User Guide, "AWS Batch job
 * environment variables"). The count is `--shards N` when given, else the array size; when both
 * are present they must agree. Without either the child is refused.
 */
export function awsBatchArrayShard(env: ShardEnvironment, shards?: number): SchedulerShard | null {
  const text = env.AWS_BATCH_JOB_ARRAY_INDEX;
  if (text === undefined) return null;
  const index = readInteger('AWS_BATCH_JOB_ARRAY_INDEX', text);
  const sizeText = env.AWS_BATCH_JOB_ARRAY_SIZE;
  const size = sizeText === undefined ? undefined : readInteger('AWS_BATCH_JOB_ARRAY_SIZE', sizeText);
  if (size !== undefined && shards !== undefined && size !== shards) {
    throw new ShardError(
      '--shards',
      `${shards}, but AWS_BATCH_JOB_ARRAY_SIZE=${size}: submit the array job with arrayProperties.size = ${shards}, or pass --shards ${size}`,
    );
  }
  const count = shards ?? size;
  if (count === undefined) {
    throw new ShardError(
      '--shards',
      `AWS_BATCH_JOB_ARRAY_INDEX=${index} is set but neither --shards nor AWS_BATCH_JOB_ARRAY_SIZE: pass --shards N with N = the array job's arrayProperties.size`,
    );
  }
  if (count < 1) throw new ShardError('AWS_BATCH_JOB_ARRAY_SIZE', `expected an integer ≥ 1, got ${count}`);
  if (index >= count) {
    throw new ShardError(
      'AWS_BATCH_JOB_ARRAY_INDEX',
      `${index} is not below the array size ${count} (${shards !== undefined ? '--shards' : 'AWS_BATCH_JOB_ARRAY_SIZE'})`,
    );
  }
  const from = shards !== undefined ? `--shards ${shards}` : `AWS_BATCH_JOB_ARRAY_SIZE=${size}`;
  return { index, count, source: 'aws-batch', detail: `AWS_BATCH_JOB_ARRAY_INDEX=${index} (${from})` };
}
