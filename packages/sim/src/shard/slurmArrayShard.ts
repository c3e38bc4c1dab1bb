import type { SchedulerShard, ShardEnvironment } from './environment.js';
import { readInteger } from './readInteger.js';
import { ShardError } from './shardError.js';

const NAMES = ['ID', 'MIN', 'MAX', 'STEP', 'COUNT'] as const;

/**
 * The shard of a Slurm job-array task, or null outside an array (no `SLURM_ARRAY_TASK_ID`).
 *
 * Slurm gives every task `SLURM_ARRAY_TASK_ID` and the array's `_MIN`, `_MAX`, `_STEP`
 * and `_COUNT` (sbatch(1), "OUTPUT ENVIRONMENT VARIABLES"). Task IDs need not start at 0
 * (`--array=1-4`) or be consecutive (`--array=0-7:2`), so
 *
 *     shard = (ID − MIN) / STEP,   count = COUNT,
 *
 * accepted only for a uniform array: ID − MIN a multiple of STEP, shard < COUNT and
 * MAX = MIN + (COUNT − 1)·STEP. A list such as `--array=1,5,9` reports COUNT=3, MIN=1,
 * MAX=9, STEP=1 (measured, Slurm 22.05), which would give shards 0, 4, 8 of 3: every task
 * of such an array is refused — all alike, by the MAX check — rather than some of them
 * running the wrong slice. With `shards` (the `--shards N` flag) COUNT must equal it, which
 * also catches a single task resubmitted as `--array=2` (then COUNT=1, MIN=2 → shard 0 of 1).
 */
export function slurmArrayShard(env: ShardEnvironment, shards?: number): SchedulerShard | null {
  if (env.SLURM_ARRAY_TASK_ID === undefined) return null;
  const read = (name: (typeof NAMES)[number]): number => {
    const variable = name === 'ID' ? 'SLURM_ARRAY_TASK_ID' : `SLURM_ARRAY_TASK_${name}`;
    const text = env[variable];
    if (text === undefined) {
      throw new ShardError(
        variable,
        'is not set, but SLURM_ARRAY_TASK_ID is; evalsim needs all of SLURM_ARRAY_TASK_ID, _MIN, _MAX, _STEP and _COUNT (Slurm sets all five in every array task)',
      );
    }
    return readInteger(variable, text);
  };
  const [id, min, max, step, count] = NAMES.map(read) as [number, number, number, number, number];
  const detail = `SLURM_ARRAY_TASK_ID=${id} (MIN=${min}, MAX=${max}, STEP=${step}, COUNT=${count})`;
  const submitInstead = `submit a contiguous array, --array=0-${Math.max(count, shards ?? 1) - 1} (the script \`evalsim slurm\` writes does)`;
  if (step < 1 || count < 1) {
    throw new ShardError('SLURM_ARRAY_TASK_STEP', `${detail}: STEP and COUNT must be ≥ 1`);
  }
  const offset = id - min;
  const index = offset / step;
  if (offset < 0 || !Number.isInteger(index) || index >= count || max !== min + (count - 1) * step) {
    throw new ShardError(
      'SLURM_ARRAY_TASK_ID',
      `${detail} does not describe one task of a uniform array: shard = (ID − MIN)/STEP = ${offset}/${step}` +
        `${Number.isInteger(index) ? ` = ${index}` : ''} must be an integer below COUNT, and MAX must equal MIN + (COUNT − 1)·STEP = ${min + (count - 1) * step}. ` +
        `A list array such as --array=1,5,9 looks like this (Slurm reports STEP=1 for lists). Instead, ${submitInstead}`,
    );
  }
  if (shards !== undefined && shards !== count) {
    throw new ShardError(
      '--shards',
      `${shards}, but this Slurm array has ${count} tasks (${detail}). To rerun single shards use --shard i/${shards} ` +
        `(\`rerun.sh i\` next to the generated scripts), or ${submitInstead.replace(/^submit/, 'resubmit the whole array as')}`,
    );
  }
  return { index, count, source: 'slurm', detail };
}
