#!/usr/bin/env bash
# End-to-end test of evalsim's Slurm path on a real single-node Slurm (root, Debian 12).
#
#   .ci/slurm-e2e.sh        (after the build: npx -y pnpm@12.4.2 run build)
#
# Starts a private cluster with .ci/slurm.sh, writes scripts with `evalsim slurm` for a real study
# (clustered-coverage at 200 replications, 4 shards; the array tasks run `evalsim run --shards 4`, each
# finding its shard from SLURM_ARRAY_TASK_*, and the merge job `evalsim merge`). Then checks:
#   1. submit.sh --wait: 4 shards and the merge (--dependency=afterok) succeed, and the merged Arrow
#      file has the same bytes (cmp) as a single-process `evalsim run` of the same study;
#   2. a failing shard (exit 3, through .ci/slurm-flaky.sh): submit.sh --wait exits 3 naming it, the
#      merge never runs, `evalsim check` lists the missing shard; rerun.sh 2 reruns it alone
#      (--shard 2/4), then the merge succeeds with the same bytes;
#   3. a list array (--array=1,5,9) is refused by every task; a stepped one (--array=0-7:2) works;
#   4. after stop, no slurm/munge process started here remains and /etc, /var/spool, /var/lib/munge,
#      /run/munge are as before.
# Prints the time of each step.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
[ -f packages/evalsim/dist/evalsim.mjs ] && [ -f packages/sim/dist/index.js ] ||
  { echo "slurm-e2e: build first (npx -y pnpm@12.4.2 run build)" >&2; exit 1; }

started=$SECONDS
step_started=$SECONDS
step() {
  printf 'slurm-e2e: %-58s %3d s\n' "$1" $((SECONDS - step_started))
  step_started=$SECONDS
}
fail() {
  echo "slurm-e2e: FAIL: $*" >&2
  exit 1
}

work="$(mktemp -d)"
chmod 0755 "$work" # munged runs as the munge user and must reach its socket below
export EVALSIM_SLURM_DIR="$work/cluster"
watched=(/etc /var/spool /var/lib/munge /run/munge)
snapshot() {
  local existing=()
  for path in "${watched[@]}"; do [ -e "$path" ] && existing+=("$path"); done
  find "${existing[@]}" -xdev -printf '%y %m %u %p\n' 2>/dev/null | sort
}
# PID and name of every slurm*/munge* process (read from /proc: procps may be absent).
daemons() {
  local entry name
  for entry in /proc/[0-9]*; do
    { read -r name <"$entry/comm"; } 2>/dev/null || continue
    case "$name" in slurm* | munge*) echo "${entry#/proc/} $name" ;; esac
  done | sort
}
.ci/slurm.sh install # a fresh machine changes /etc here, before the snapshot
snapshot >"$work/files.before"
daemons >"$work/daemons.before"
stopped=false
cleanup() {
  local code=$?
  [ "$stopped" = true ] || .ci/slurm.sh stop || true
  [ "$code" -eq 0 ] || { echo "slurm-e2e: logs and results were in $work" >&2; }
  rm -rf "$work"
  exit "$code"
}
trap cleanup EXIT

.ci/slurm.sh start
export SLURM_CONF="$EVALSIM_SLURM_DIR/etc/slurm.conf"
step "start munged, slurmctld, slurmd; node idle"

evalsim=(node packages/evalsim/dist/evalsim.mjs)
generate() { # generate <out dir> [<evalsim command>]
  "${evalsim[@]}" slurm clustered-coverage --shards 4 --replications 200 \
    --out "$1" ${2:+--evalsim "$2"} >/dev/null
}
# Waits (up to 90 s) until the private cluster has no job left; faster than sbatch --wait's polling.
wait_for_jobs() {
  for _ in $(seq 450); do
    [ -z "$(squeue -h -o %i)" ] && return 0
    sleep 0.2
  done
  fail "jobs still queued after 90 s: $(squeue)"
}
expect_shards() { # expect_shards <parts dir>
  local count
  count="$(find "$1" -name 'clustered-coverage.shard-*-of-4.partial' | wc -l)"
  [ "$count" = 4 ] || fail "$1 holds $count partial results, expected 4"
}
expect_same_bytes() { # expect_same_bytes <merged arrow>
  [ -f "$1" ] || fail "the merge job wrote no $1"
  cmp "$1" "$work/single/clustered-coverage.arrow" || fail "$1 differs from the single-process run"
}

"${evalsim[@]}" run clustered-coverage --replications 200 --workers 1 --quiet --out "$work/single" >/dev/null
step "single-process run (the reference bytes)"

# 1. Success: 4 array tasks and the merge.
generate "$work/ok"
bash "$work/ok/slurm/submit.sh" --wait >"$work/ok.log" 2>&1 || { cat "$work/ok.log"; fail "submit.sh --wait failed"; }
expect_shards "$work/ok/parts"
grep -q 'SLURM_ARRAY_TASK_ID=' "$work"/ok/logs/evalsim-clustered-coverage-*_1.out ||
  { cat "$work"/ok/logs/*; fail "shard 1 did not take its index from SLURM_ARRAY_TASK_ID"; }
expect_same_bytes "$work/ok/clustered-coverage.arrow"
step "1. 4-task array + afterok merge = single-process bytes"

# 2. Failure: shard 2 exits 3; the merge must not run. Then rerun shard 2 alone.
generate "$work/fail" "$root/.ci/slurm-flaky.sh"
code=0
EVALSIM_E2E_FAIL=2 bash "$work/fail/slurm/submit.sh" --wait >"$work/fail.log" 2>&1 || code=$?
[ "$code" = 3 ] || { cat "$work/fail.log"; fail "submit.sh --wait exited $code with a failing shard, expected 3"; }
grep -q 'shard(s) 2 failed' "$work/fail.log" || { cat "$work/fail.log"; fail "submit.sh did not name shard 2"; }
[ ! -e "$work/fail/clustered-coverage.arrow" ] || fail "the merge ran although shard 2 failed"
[ ! -e "$work/fail/parts/clustered-coverage.shard-2-of-4.partial" ] || fail "the failed shard wrote a file"
grep -q 'failing shard 2 on purpose' "$work"/fail/logs/evalsim-clustered-coverage-*_2.out ||
  fail "shard 2's log does not show its failure"
code=0
"${evalsim[@]}" check "$work/fail/parts" >"$work/check.log" 2>&1 || code=$?
[ "$code" = 1 ] && grep -q '1 of 4 shards missing: 2' "$work/check.log" ||
  { cat "$work/check.log"; fail "evalsim check did not list shard 2 as missing (exit $code)"; }
step "2. failing shard: exit 3, merge cancelled, check lists it"
bash "$work/fail/slurm/rerun.sh" 2 >"$work/rerun.log" 2>&1 || { cat "$work/rerun.log"; fail "rerun.sh 2"; }
wait_for_jobs
expect_shards "$work/fail/parts"
expect_same_bytes "$work/fail/clustered-coverage.arrow"
step "   rerun.sh 2 (--shard 2/4), then the merge: same bytes"

# 3. Array forms: a list is refused by every task; a stepped range maps to shards 0…3.
generate "$work/forms"
sbatch --array=1,5,9 "$work/forms/slurm/array.sh" >/dev/null
wait_for_jobs
refused="$(grep -l 'does not describe one task of a uniform array' "$work"/forms/logs/*.out | wc -l)"
[ "$refused" = 3 ] || { cat "$work"/forms/logs/*.out; fail "$refused of 3 list-array tasks refused"; }
[ -z "$(find "$work/forms/parts" -type f 2>/dev/null)" ] || fail "a list-array task wrote a shard"
rm -f "$work"/forms/logs/*
sbatch --array=0-7:2 "$work/forms/slurm/array.sh" >/dev/null
wait_for_jobs
expect_shards "$work/forms/parts"
step "3. --array=1,5,9 refused by all 3 tasks; --array=0-7:2 → 0…3"

# 4. Stop; nothing of ours may remain.
.ci/slurm.sh stop
stopped=true
sleep 0.5
new="$(comm -13 "$work/daemons.before" <(daemons))"
[ -z "$new" ] || fail "processes left after stop: $new"
if ! diff <(cat "$work/files.before") <(snapshot) >"$work/files.diff"; then
  cat "$work/files.diff" >&2
  fail "files changed under ${watched[*]}"
fi
[ ! -e "$EVALSIM_SLURM_DIR" ] || fail "$EVALSIM_SLURM_DIR remains"
step "4. stop: no daemon left, /etc /var/spool /var/lib/munge /run/munge unchanged"
echo "slurm-e2e: PASS in $((SECONDS - started)) s"
