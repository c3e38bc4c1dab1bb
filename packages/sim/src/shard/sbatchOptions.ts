import { ShardError } from './shardError.js';

/** The resource options shared by the array, merge and rerun jobs. */
export interface SbatchResourceOptions {
  /** `--partition`: one name or a comma-separated list. */
  readonly partition?: string | undefined;
  /** `--time`: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS or UNLIMITED. */
  readonly time?: string | undefined;
  /** `--mem` per node: an integer with an optional K, M, G or T suffix (Slurm's default unit is M). */
  readonly memory?: string | undefined;
  /** `--account`. */
  readonly account?: string | undefined;
}

const FORMATS: Record<keyof SbatchResourceOptions, { pattern: RegExp; allowed: string }> = {
  partition: {
    pattern: /^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$/,
    allowed: 'partition names (letters, digits, _ . -), comma separated',
  },
  time: {
    pattern: /^(\d+(:\d+){0,2}|\d+-\d+(:\d+){0,2}|UNLIMITED|INFINITE)$/i,
    allowed: 'minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS or UNLIMITED',
  },
  memory: { pattern: /^\d+[KMGT]?$/i, allowed: 'an integer with an optional K, M, G or T suffix, e.g. 4G' },
  account: { pattern: /^[A-Za-z0-9_.-]+$/, allowed: 'an account name (letters, digits, _ . -)' },
};

const SBATCH_FLAG: Record<keyof SbatchResourceOptions, string> = {
  partition: '--partition',
  time: '--time',
  memory: '--mem',
  account: '--account',
};

/**
 * `--partition=…`, `--time=…`, `--mem=…`, `--account=…` for the options given, each checked:
 * the values go into `#SBATCH` lines, which sbatch reads without a shell, so only plain values
 * are accepted (a {@link ShardError} naming the CLI flag otherwise).
 */
export function sbatchResourceFlags(options: SbatchResourceOptions): string[] {
  const flags: string[] = [];
  for (const key of Object.keys(FORMATS) as (keyof SbatchResourceOptions)[]) {
    const value = options[key];
    if (value === undefined) continue;
    const { pattern, allowed } = FORMATS[key];
    if (!pattern.test(value)) {
      throw new ShardError(`--${key}`, `got ${JSON.stringify(value)}; allowed: ${allowed}`);
    }
    flags.push(`${SBATCH_FLAG[key]}=${value}`);
  }
  return flags;
}

/**
 * A path that goes into an `#SBATCH` line (`--output`, `--chdir`). sbatch reads those lines
 * itself, without a shell and with `%` as a filename pattern, so the path must avoid
 * whitespace, quotes, `%`, `#`, `$` and the like: refused with a {@link ShardError} naming `field`.
 */
export function sbatchPath(field: string, path: string): string {
  if (!/^[A-Za-z0-9_/.,:@+=~-]+$/.test(path)) {
    throw new ShardError(
      field,
      `${JSON.stringify(path)} cannot go into an #SBATCH line (sbatch reads them without a shell); choose a path of letters, digits and _ / . , : @ + = ~ -`,
    );
  }
  return path;
}

/** A job name from a study name: characters other than letters, digits, _ . - become -. */
export function slurmJobName(name: string): string {
  return `evalsim-${name.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
}
