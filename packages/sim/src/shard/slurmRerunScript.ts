// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, where ${…} is bash's own expansion.
import { shellQuote } from './shellQuote.js';

export interface SlurmRerunScriptOptions {
  readonly shards: number;
  /** `study <name>` or `evalsim reproduce`, for the comment. */
  readonly what: string;
  /** The array's job name; reruns are `<job>-shard<i>`. */
  readonly job: string;
  readonly logs: string;
  readonly partsDir: string;
  /** sbatch flags of one shard (resources, CPUs, working directory), already checked. */
  readonly sbatchFlags: readonly string[];
  /** The job's shell text without its shard selection; `--shard i/N` is appended. */
  readonly command: string;
  /** The merge script's file name beside this one. */
  readonly mergeScript: string;
}

/**
 * rerun.sh: `bash rerun.sh 2 5` checks every argument is a shard number below N, submits each
 * shard as a single job (`sbatch --wrap "<command> --shard i/N"`: an explicit --shard, so no array
 * variable is needed or read) and then the merge with `--dependency=afterok:<id>:<id>…`.
 */
export function slurmRerunScript(options: SlurmRerunScriptOptions): string {
  const { shards: N, job } = options;
  const flags = ['--parsable', ...options.sbatchFlags].map(shellQuote).join(' ');
  return [
    '#!/bin/bash',
    `# Reruns shards of ${options.what} as single jobs (--shard i/${N}), then the merge once they succeed:`,
    '#   bash rerun.sh 2 5',
    'set -euo pipefail',
    'here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
    `logs=${shellQuote(options.logs)}`,
    `[ $# -gt 0 ] || { echo "usage: bash rerun.sh SHARD… (shards are 0 … ${N - 1})" >&2; exit 2; }`,
    'for shard in "$@"; do',
    '  case "$shard" in',
    `  '' | *[!0-9]*) echo "rerun.sh: \\"$shard\\" is not a shard number (0 … ${N - 1})" >&2; exit 2 ;;`,
    '  esac',
    `  if [ "$shard" -ge ${N} ]; then echo "rerun.sh: there is no shard $shard (0 … ${N - 1})" >&2; exit 2; fi`,
    'done',
    `mkdir -p "$logs" ${shellQuote(options.partsDir)}`,
    `run=${shellQuote(options.command)}`,
    'ids=()',
    'for shard in "$@"; do',
    `  id="$(sbatch ${flags} --job-name=${job}-shard"$shard" --output="$logs/%x-%j.out" --wrap="$run --shard $shard/${N}")"`,
    '  ids+=("${id%%;*}")',
    'done',
    'dependency="$(IFS=:; printf \'%s\' "${ids[*]}")"',
    `merge_id="$(sbatch --parsable --kill-on-invalid-dep=yes --dependency="afterok:$dependency" "$here/${options.mergeScript}")"`,
    'echo "Submitted shard(s) $* as job(s) ${ids[*]} and merge job ${merge_id%%;*} (starts once they succeed)."',
    '',
  ].join('\n');
}
