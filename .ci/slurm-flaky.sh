#!/usr/bin/env bash
# The evalsim command of the Slurm end-to-end test's failing-shard case (.ci/slurm-e2e.sh): the
# Slurm array task whose shard is $EVALSIM_E2E_FAIL exits 3 without running anything; every
# other call runs the built evalsim with the same arguments.
set -euo pipefail
if [ -n "${EVALSIM_E2E_FAIL-}" ] && [ -n "${SLURM_ARRAY_TASK_ID-}" ] &&
  [ $(((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP)) = "$EVALSIM_E2E_FAIL" ]; then
  echo "slurm-flaky: failing shard $EVALSIM_E2E_FAIL on purpose" >&2
  exit 3
fi
exec node "$(dirname "$0")/../packages/evalsim/dist/evalsim.mjs" "$@"
