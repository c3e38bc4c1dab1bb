#!/usr/bin/env bash
# The publishable package as a user installs it (issue 10, item 9): `pnpm pack`
# packages/evalsim (its prepack builds the self-contained bundle; the monorepo must be
# built first), `npm install --offline` the tarball in an empty directory (the package has
# no dependencies, so no registry is needed), and there run what a newcomer runs: a
# calculator, `evalsim methods`, the example study whose user method module imports the
# public API (`import … from 'evalsim'`) with worker threads, `show`, a reproduce with its
# plot, and the API from a script. Prints "pack-install: passed" or exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd packages/evalsim && npx -y pnpm@12.4.2 pack --pack-destination "$work" >/dev/null)
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

# A reproduce (formula study, with its plot rendered by the bundled Vega).
mkdir studies
cp "$root/studies/exact-coverage.json" studies/
npx --offline evalsim reproduce exact-coverage --out results --quiet >/dev/null
test -s results/REPORT.md
ls results/plots/*.svg >/dev/null

# The API from a script.
node --input-type=module -e "
import { defineMethod, methodRegistry, wilsonInterval, loadStudy, runStudy } from 'evalsim';
const study = await loadStudy('user-method.json');
const run = await runStudy(study, { workers: 0, replications: 50, outDir: 'api-out' });
if (!(run.rows.length > 0 && wilsonInterval(14, 15).lower > 0.7 && methodRegistry.has('wilson'))) process.exit(1);
if (typeof defineMethod !== 'function') process.exit(1);
"
echo "pack-install: passed"
