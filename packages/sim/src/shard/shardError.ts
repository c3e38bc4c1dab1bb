/**
 * The error of everything in shard/: a bad `--shard` / `--shards` flag, a scheduler
 * variable that does not describe one slice of a uniform array, or an option of a
 * generated script. `field` names the flag, environment variable or option at fault;
 * the message says what was found, why it is refused and what to do instead.
 */
export class ShardError extends Error {
  /** The flag (`--shard`), environment variable (`SLURM_ARRAY_TASK_ID`) or option (`partition`) at fault. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message.startsWith(field) ? message : `${field}: ${message}`);
    this.name = 'ShardError';
    this.field = field;
  }
}
