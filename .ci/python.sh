#!/usr/bin/env bash
# The Python package as a user installs it (issue 33.3): a venv on Debian's python3 with its
# system packages (python3-pandas), `pip install --no-build-isolation --no-index ./python`
# (offline; setup.py copies the built engine, packages/evalsim, into the wheel), then the
# package's unittest suite run from an empty folder against the installed copy. The repository
# must be built first (npm test does it). Prints "python: N passed, M failed" and exits non-zero
# on any failure; leaves git clean (setuptools' build/ and egg-info are git-ignored).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
python=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$python" -c 'import pandas' || { echo "python: no pandas for $python (apt-get install python3-pandas)"; exit 1; }
"$python" -m venv --system-site-packages "$work/venv" || { echo "python: cannot make a venv (apt-get install python3-venv)"; exit 1; }
"$work/venv/bin/pip" install --quiet --no-build-isolation --no-index "$root/python" || { echo "python: pip install failed"; exit 1; }
mkdir "$work/run"
cd "$work/run"
EVALSIM_EXPECT_INSTALLED=1 "$work/venv/bin/python" -m unittest discover -s "$root/python/tests" -v >"$work/unittest.txt" 2>&1
status=$?
cat "$work/unittest.txt"
ran=$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\}.*/\1/p' "$work/unittest.txt")
failed=$(grep -cE '^(FAIL|ERROR):' "$work/unittest.txt")
skipped=$(grep -cE '\.\.\. skipped' "$work/unittest.txt")
echo "python: $(( ${ran:-0} - failed - skipped )) passed, $failed failed, $skipped skipped"
[ "$status" -eq 0 ] && [ "${ran:-0}" -gt 0 ]
