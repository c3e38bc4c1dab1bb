// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are bash, where ${…} is bash's own expansion.
import { shellQuote } from './shellQuote.js';

export interface SlurmSubmitScriptOptions {
  readonly shards: number;
  readonly logs: string;
  readonly outDir: string;
  readonly partsDir: string;
  readonly files: {
    readonly arrayScript: string;
    readonly mergeScript: string;
    readonly rerunScript: string;
  };
}

/**
 * submit.sh: `sbatch --parsable` the array script, then the merge script with
 * `--dependency=afterok:<array id> --kill-on-invalid-dep=yes` (so a failed shard cancels the merge
 * instead of leaving it pending forever). With `--wait` it blocks until both end and exits non-zero
 * unless every shard and the merge succeeded, naming the failed shards. That check is needed:
 * `sbatch --wait` on a merge cancelled for a failed dependency returns 0 (measured, Slurm 22.05),
 * while `sbatch --wait` on the array returns the highest exit code of its tasks.
 */
export function slurmSubmitScript(options: SlurmSubmitScriptOptions): string {
  const { shards: N, files } = options;
  const array = `"$here/${files.arrayScript}"`;
  const merge = `"$here/${files.mergeScript}"`;
  return [
    '#!/bin/bash',
    `# Submits the ${N}-task array job (${files.arrayScript}), then the merge job (${files.mergeScript}), which`,
    '# Slurm starts only after every shard succeeded and cancels if one fails. Written by `evalsim slurm`.',
    '#   bash submit.sh          submit both and return',
    '#   bash submit.sh --wait   also wait; exit non-zero unless every shard and the merge succeeded',
    'set -euo pipefail',
    'here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
    `logs=${shellQuote(options.logs)}`,
    `out=${shellQuote(options.outDir)}`,
    `mkdir -p "$logs" ${shellQuote(options.partsDir)}`,
    'case "${1-}" in',
    "'' | --wait) ;;",
    '*) echo "usage: bash submit.sh [--wait]" >&2; exit 2 ;;',
    'esac',
    '# sbatch --parsable prints "jobid" or "jobid;cluster".',
    "job_id() { local line=''; IFS= read -r line || true; printf '%s\\n' \"${line%%;*}\"; }",
    'merge_flags=(--parsable --kill-on-invalid-dep=yes)',
    'if [ "${1-}" != --wait ]; then',
    `  array_id="$(sbatch --parsable ${array} | job_id)"`,
    `  merge_id="$(sbatch "\${merge_flags[@]}" --dependency="afterok:$array_id" ${merge} | job_id)"`,
    `  echo "Submitted array job $array_id (${N} shards) and merge job $merge_id (starts once every shard succeeded)."`,
    '  echo "Watch: squeue -j $array_id,$merge_id    Logs: $logs    Result: $out"',
    `  echo "If a shard fails: bash $here/${files.rerunScript} SHARD…"`,
    '  exit 0',
    'fi',
    'ids="$(mktemp -d)"',
    'trap \'rm -rf "$ids"\' EXIT',
    `sbatch --parsable --wait ${array} >"$ids/array" &`,
    'array_pid=$!',
    'while [ ! -s "$ids/array" ] && kill -0 "$array_pid" 2>/dev/null; do sleep 0.2; done',
    `[ -s "$ids/array" ] || { wait "$array_pid" || true; echo "submit.sh: sbatch did not submit ${files.arrayScript}" >&2; exit 1; }`,
    'array_id="$(job_id <"$ids/array")"',
    `sbatch "\${merge_flags[@]}" --wait --dependency="afterok:$array_id" ${merge} >"$ids/merge" &`,
    'merge_pid=$!',
    `echo "Submitted array job $array_id (${N} shards) and its merge job; waiting for both. Logs: $logs"`,
    'array_code=0',
    'wait "$array_pid" || array_code=$?',
    'merge_code=0',
    'wait "$merge_pid" || merge_code=$?',
    'merge_id="$(job_id <"$ids/merge")"',
    'if [ "$array_code" -ne 0 ]; then',
    "  failed=\"$(scontrol show job -o \"$array_id\" 2>/dev/null | grep -v JobState=COMPLETED | grep -o 'ArrayTaskId=[0-9]*' | cut -d= -f2 | tr '\\n' ' ' || true)\"",
    '  echo "submit.sh: shard(s) ${failed:-? }failed (highest exit code $array_code); the merge job ${merge_id:-?} did not run." >&2',
    `  echo "Logs: $logs. Rerun the failed shards and merge: bash $here/${files.rerunScript} \${failed:-SHARD…}" >&2`,
    '  exit "$array_code"',
    'fi',
    'state="$(scontrol show job -o "$merge_id" 2>/dev/null | grep -o \'JobState=[A-Z_]*\' | cut -d= -f2 || true)"',
    'if [ "$merge_code" -ne 0 ] || [ "${state:-COMPLETED}" != COMPLETED ]; then',
    '  echo "submit.sh: the merge job $merge_id ended ${state:-with exit code $merge_code}; see $logs" >&2',
    '  exit $((merge_code == 0 ? 1 : merge_code))',
    'fi',
    `echo "All ${N} shards and the merge succeeded: $out"`,
    '',
  ].join('\n');
}
