#!/usr/bin/env bash
# The publishable package as a user installs it (issue 10, item 9): `pnpm pack`
# packages/evalsim (its prepack builds the self-contained bundle; the monorepo must be
# built first), `npm install --offline` the tarball in an empty directory (the package has
# no dependencies, so no registry is needed), and there run what a newcomer runs: a
# calculator, `evalsim methods`, the example study whose user method module imports the
# public API (`import … from 'evalsim'`) with worker threads, `show`, `list` and a reproduce
# of the shipped studies with its plot, every --help example that needs only what the package
# ships (stand-in data included), and the API from a script; checks that packing left git
# clean. Prints "pack-install: passed" or exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

before=$(git status --porcelain 2>/dev/null || true)
(cd packages/evalsim && npx -y pnpm@12.4.2 pack --pack-destination "$work" >/dev/null)
# Packing leaves git clean: its builds (dist/, schema/, studies/, vendor/) are git-ignored.
if [ "$(git status --porcelain 2>/dev/null || true)" != "$before" ]; then
  echo "pack-install: packing changed the work tree:"; git status --porcelain; exit 1
fi
tarball=$(ls "$work"/evalsim-*.tgz)
echo "pack-install: $(basename "$tarball") ($(du -k "$tarball" | cut -f1) KB)"

mkdir "$work/app"
cd "$work/app"
npm init -y >/dev/null
npm install --offline --no-audit --no-fund --loglevel=error "$tarball"
test ! -e node_modules/.package-lock.json || node -e '
const lock = require("./node_modules/.package-lock.json");
const names = Object.keys(lock.packages).filter((p) => p.startsWith("node_modules/"));
if (names.join() !== "node_modules/evalsim") { console.error("unexpected packages:", names); process.exit(1); }'

npx --offline evalsim interval --k 14 --n 15 --json >interval.json
node -e '
const rows = JSON.parse(require("fs").readFileSync("interval.json", "utf8"));
const wilson = rows.find((r) => r.method === "wilson");
if (!(Math.abs(wilson.lower - 0.70183) < 1e-5)) { console.error("wrong Wilson interval", wilson); process.exit(1); }'
npx --offline evalsim methods clustered >/dev/null

# The example study: a user method module importing `evalsim`, beside a built-in method.
cp "$root/studies/examples/my-interval.mjs" "$root/studies/examples/user-method.json" .
sed -i 's#"\.\./\.\./packages/sim/schema/study.schema.json"#"./node_modules/evalsim/schema/study.schema.json"#' user-method.json
npx --offline evalsim validate user-method.json
npx --offline evalsim run user-method.json --workers 2 --replications 200 --out out --quiet >run.txt
grep -q "wrote out/user-method.arrow" run.txt
npx --offline evalsim show out/user-method.arrow --where method=anscombe --where metric=coverage --json >show.json
node -e '
const rows = JSON.parse(require("fs").readFileSync("show.json", "utf8"));
if (rows.length !== 4 || rows.some((r) => !(r.value > 0.5 && r.value <= 1))) { console.error(rows); process.exit(1); }'

# The shipped studies: `list` and a reproduce (formula study, with its plot rendered by the
# bundled Vega) from this folder, which has no studies/ of its own.
npx --offline evalsim list | grep -q '^clustered-coverage '
npx --offline evalsim reproduce exact-coverage --out results --quiet >/dev/null
test -s results/REPORT.md
ls results/plots/*.svg >/dev/null

# Every --help example that needs only what the package ships runs as typed, each from its own
# empty folder; the others (a user's own files, minutes-long runs) are listed once in
# scripts/docs/help-examples-left-out.txt (scripts/docs/helpExamples.test.ts checks the list).
leftout=$(grep -v -e '^#' -e '^$' "$root/scripts/docs/help-examples-left-out.txt" | paste -sd'|')
ran=0
left=0
for command in $(npx --offline evalsim --help | sed -n 's/^  evalsim \([a-z-]*\).*/\1/p' | sort -u); do
  while IFS= read -r line; do
    example=${line#  }
    if [[ "$example" =~ $leftout ]]; then left=$((left + 1)); continue; fi
    folder="examples/$ran" && mkdir -p "$folder" && (cd "$folder" && eval "npx --offline $example") >example.out 2>&1 || {
      echo "pack-install: --help example failed: $example"
      tail -5 example.out
      exit 1
    }
    ran=$((ran + 1))
  done < <(npx --offline evalsim "$command" --help | sed -n '/^Examples:/,$p' | grep '^  evalsim ')
done
test "$ran" -ge 25
echo "pack-install: $ran --help examples ran as typed ($left name a user's own files or run for minutes)"

# The API from a script.
node --input-type=module -e "
import { defineMethod, methodRegistry, wilsonInterval, loadStudy, runStudy } from 'evalsim';
const study = await loadStudy('user-method.json');
const run = await runStudy(study, { workers: 0, replications: 50, outDir: 'api-out' });
if (!(run.rows.length > 0 && wilsonInterval(14, 15).lower > 0.7 && methodRegistry.has('wilson'))) process.exit(1);
if (typeof defineMethod !== 'function') process.exit(1);
"
echo "pack-install: passed"
