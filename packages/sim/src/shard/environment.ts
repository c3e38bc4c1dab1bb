/** The environment as the scheduler readers see it (`process.env` fits). */
export type ShardEnvironment = Readonly<Record<string, string | undefined>>;

/** The schedulers whose array/indexed jobs give a shard index. */
export type ShardSource = 'slurm' | 'kubernetes' | 'aws-batch';

/** A shard read from one scheduler's variables. */
export interface SchedulerShard {
  readonly index: number;
  readonly count: number;
  readonly source: ShardSource;
  /** The variables that gave it, e.g. `SLURM_ARRAY_TASK_ID=5 (MIN=1, STEP=2, COUNT=4)`. */
  readonly detail: string;
}
