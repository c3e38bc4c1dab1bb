// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, where ${…} is bash's own expansion.
import { isAbsolute, join } from 'node:path';
import {
  type SbatchResourceOptions,
  sbatchPath,
  sbatchResourceFlags,
  slurmJobName,
} from './sbatchOptions.js';
import { type ShardCommandOptions, shardCommands } from './shardCommands.js';
import { ShardError } from './shardError.js';
import { shellCommand } from './shellQuote.js';
import { slurmRerunScript } from './slurmRerunScript.js';
import { slurmSubmitScript } from './slurmSubmitScript.js';

export interface SlurmScriptOptions extends ShardCommandOptions, SbatchResourceOptions {
  /** The study's name (or `reproduce`), for job and log names. */
  readonly name: string;
  /** The jobs' working directory (`--chdir`, absolute). Default: `outDir`. */
  readonly workDir?: string | undefined;
  /** Shell lines run before evalsim in every job, e.g. `module load nodejs/20` (POSIX sh for rerun jobs). */
  readonly setup?: readonly string[] | undefined;
}

export interface SlurmScripts {
  /** `array.sh`: `#SBATCH --array=0-(N−1)`; task i runs `evalsim run <study> --out <dir>/parts --shards N`. */
  readonly arrayScript: string;
  /** `merge.sh`: `evalsim merge <dir>/parts/* --out <dir>`. */
  readonly mergeScript: string;
  /** `submit.sh [--wait]`: `sbatch --parsable array.sh`, then merge.sh with `--dependency=afterok:<array id>`. */
  readonly submitScript: string;
  /** `rerun.sh i…`: the named shards as single jobs (`--shard i/N`), then merge.sh after them. */
  readonly rerunScript: string;
}

/** The file names submit.sh and rerun.sh expect beside them. */
export const SLURM_SCRIPT_FILES = {
  arrayScript: 'array.sh',
  mergeScript: 'merge.sh',
  submitScript: 'submit.sh',
  rerunScript: 'rerun.sh',
} as const satisfies Record<keyof SlurmScripts, string>;

/**
 * Slurm scripts for a sharded run: an N-task job array (one shard per task, the shard index read
 * from SLURM_ARRAY_TASK_ID by evalsim), a merge job chained with `--dependency=afterok`, a submit
 * script and a rerun script for failed shards. Paths must be absolute; every shell argument is
 * quoted, and `#SBATCH` values are checked to be plain (sbatch reads them without a shell).
 * Log files: `<outDir>/logs/<job name>-<array id>_<task>.out`.
 */
export function slurmScripts(options: SlurmScriptOptions): SlurmScripts {
  const { outDir, shards: N } = options;
  if (!isAbsolute(outDir))
    throw new ShardError('--out', `${JSON.stringify(outDir)} must be an absolute path`);
  const workDir = options.workDir ?? outDir;
  if (!isAbsolute(workDir))
    throw new ShardError('workDir', `${JSON.stringify(workDir)} must be an absolute path`);
  const commands = shardCommands(options);
  const cpus = options.cpus ?? 1;
  const logs = sbatchPath('--out', join(outDir, 'logs'));
  sbatchPath('the working directory (--chdir)', workDir);
  const job = slurmJobName(options.name);
  const resources = sbatchResourceFlags(options);
  const setup = options.setup ?? [];
  const what = options.reproduce ? 'evalsim reproduce' : `study ${options.name}`;
  const directives = (flags: readonly string[]) => flags.map((flag) => `#SBATCH ${flag}`);

  const arrayScript = [
    '#!/bin/bash',
    `# Shard i of ${N} of ${what}: Slurm array task i runs it (evalsim reads SLURM_ARRAY_TASK_ID).`,
    '# Written by `evalsim slurm`; submit with submit.sh next to it (docs/shards.md).',
    ...directives([
      `--job-name=${job}`,
      `--array=0-${N - 1}`,
      '--ntasks=1',
      `--cpus-per-task=${cpus}`,
      `--output=${logs}/%x-%A_%a.out`,
      `--chdir=${workDir}`,
      ...resources,
    ]),
    'set -euo pipefail',
    ...setup,
    `exec ${shellCommand([...commands.run, '--shards', String(N)])}`,
    '',
  ].join('\n');

  const mergeScript = [
    '#!/bin/bash',
    `# Merges the ${N} partial results of ${what} into ${outDir}.`,
    '# Written by `evalsim slurm`; submit.sh starts it after every shard succeeded (--dependency=afterok).',
    ...directives([
      `--job-name=${job}-merge`,
      '--ntasks=1',
      '--cpus-per-task=1',
      `--output=${logs}/%x-%j.out`,
      `--chdir=${workDir}`,
      ...resources,
    ]),
    'set -euo pipefail',
    ...setup,
    `exec ${commands.mergeShell}`,
    '',
  ].join('\n');

  const rerunScript = slurmRerunScript({
    shards: N,
    what,
    job,
    logs,
    partsDir: commands.partsDir,
    sbatchFlags: ['--ntasks=1', `--cpus-per-task=${cpus}`, `--chdir=${workDir}`, ...resources],
    command: ['set -e', ...setup, `exec ${shellCommand(commands.run)}`].join('\n'),
    mergeScript: SLURM_SCRIPT_FILES.mergeScript,
  });
  const submitScript = slurmSubmitScript({
    shards: N,
    logs,
    outDir,
    partsDir: commands.partsDir,
    files: SLURM_SCRIPT_FILES,
  });
  return { arrayScript, mergeScript, submitScript, rerunScript };
}
