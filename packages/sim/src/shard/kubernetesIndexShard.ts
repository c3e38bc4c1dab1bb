import type { SchedulerShard, ShardEnvironment } from './environment.js';
import { readInteger } from './readInteger.js';
import { ShardError } from './shardError.js';

/**
 * The shard of a Kubernetes Indexed Job pod, or null when `JOB_COMPLETION_INDEX` is unset.
 *
 * With `completionMode: Indexed` every pod gets `JOB_COMPLETION_INDEX` ∈ 0 … completions − 1
 * (Kubernetes docs, "Jobs: completion mode"); the pod is not told `completions`, so the count
 * comes from `--shards N`, which must equal the Job's `spec.completions`. Refused without it.
 */
export function kubernetesIndexShard(env: ShardEnvironment, shards?: number): SchedulerShard | null {
  const text = env.JOB_COMPLETION_INDEX;
  if (text === undefined) return null;
  const index = readInteger('JOB_COMPLETION_INDEX', text);
  if (shards === undefined) {
    throw new ShardError(
      '--shards',
      `JOB_COMPLETION_INDEX=${index} is set (a Kubernetes Indexed Job) but not --shards: Kubernetes does not tell a pod how many completions its Job has, so pass --shards N with N = the Job's spec.completions`,
    );
  }
  if (index >= shards) {
    throw new ShardError(
      'JOB_COMPLETION_INDEX',
      `${index} is not below --shards ${shards}; set the Job's spec.completions to ${shards} (indices 0 … ${shards - 1}) or pass --shards equal to spec.completions`,
    );
  }
  return {
    index,
    count: shards,
    source: 'kubernetes',
    detail: `JOB_COMPLETION_INDEX=${index} (--shards ${shards})`,
  };
}
