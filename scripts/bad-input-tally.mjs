#!/usr/bin/env node
/**
 * The bad-input suite's totals: runs packages/cli/src/badInput with a fresh tally file
 * (EVALSIM_BAD_INPUT_TALLY, test-utils/tally.ts) and prints how many cases were tried and how
 * many were refused clearly, accepted silently, gave a trace, hung or were unclear, per file,
 * with every case that was not clear.
 *
 *   node scripts/bad-input-tally.mjs                      # this tree (asserting, as in `npm test`)
 *   node scripts/bad-input-tally.mjs --bundle B [--hang-ms 10000]
 *       # measure another build's bundle B (every case spawned with it, outcomes recorded, not asserted)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const bundle = option('--bundle');
const hangMs = option('--hang-ms');
const dir = mkdtempSync(join(tmpdir(), 'evalsim-tally-'));
const tally = join(dir, 'tally.jsonl');
const env = { ...process.env, EVALSIM_BAD_INPUT_TALLY: tally };
if (bundle) Object.assign(env, { EVALSIM_BAD_INPUT_BUNDLE: resolve(bundle), EVALSIM_BAD_INPUT_MEASURE: '1' });
if (hangMs) env.EVALSIM_BAD_INPUT_HANG_MS = hangMs;
const run = spawnSync('npx', ['vitest', 'run', 'packages/cli/src/badInput'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const lines = existsSync(tally)
  ? readFileSync(tally, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(dir, { recursive: true, force: true });
const count = (outcome) => lines.filter((l) => l.outcome === outcome).length;
const byFile = new Map();
for (const l of lines) byFile.set(l.file, (byFile.get(l.file) ?? 0) + 1);
console.log(`\nbad-input suite${bundle ? ` (measuring ${bundle})` : ''}:`);
console.log(
  `  tried ${lines.length}, clear ${count('clear')}, silent ${count('silent')}, traces ${count('trace')}, hangs ${count('hang')}, unclear ${count('unclear')}`,
);
for (const [file, n] of [...byFile].sort()) console.log(`  ${file}: ${n}`);
for (const l of lines.filter((x) => x.outcome !== 'clear'))
  console.log(`  ${l.outcome}: ${l.file}: ${l.name} (${l.why})`);
process.exitCode = bundle ? 0 : (run.status ?? 1);
