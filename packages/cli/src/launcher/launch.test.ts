/**
 * The built bin (dist/evalsim.cjs, launch.ts) as a user runs it: the ESM bundle for --version and
 * the calculators, the code-cached script for the rest; and the same output and exit code whether
 * the script's cache is used, missing, damaged or refused by V8. The bin and script are copied
 * into a folder inside packages/cli/dist (so packages resolve as from dist/), one cache per case.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { buildFor, CLI_FILES } from './launch.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dist = join(root, 'packages/cli/dist');
const copy = mkdtempSync(join(dist, '.launch-test-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
for (const file of [CLI_FILES.bin, CLI_FILES.script]) copyFileSync(join(dist, file), join(copy, file));
const good = readFileSync(join(dist, CLI_FILES.cache));

const study = join(copy, 'one.json');
writeFileSync(
  study,
  JSON.stringify({
    name: 'one',
    title: 'one replication',
    seed: 7,
    replications: 3,
    model: { name: 'betaBinomialClusters', params: { p: 0.7, items: 200, m: 10, rho: 0.1 } },
    methods: [
      { id: 'naive', method: 'wald' },
      { id: 'clustered', method: 'clustered' },
    ],
    metrics: ['coverage'],
  }),
);

/** The bin in the copy on `args`, with `cache` as the script's cache file (none when undefined). */
function evalsim(cache: Buffer | undefined, ...args: string[]) {
  rmSync(join(copy, CLI_FILES.cache), { force: true });
  if (cache) writeFileSync(join(copy, CLI_FILES.cache), cache);
  const run = spawnSync(process.execPath, [join(copy, CLI_FILES.bin), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, EVALSIM_CODE_CACHE: '1' },
  });
  return {
    state: run.stderr.match(/evalsim: code cache (\w+)/)?.[1],
    code: run.status,
    stdout: run.stdout,
    stderr: run.stderr.replace(/evalsim: code cache .*\n/, ''),
  };
}

test('--version and the calculators run the ESM bundle; every other command the cached script', () => {
  expect(buildFor(['--version'])).toBe('esm');
  expect(buildFor(['interval', '-k', '8', '-n', '10'])).toBe('esm');
  expect(buildFor(['design-effect', '--m', '10'])).toBe('esm');
  for (const args of [
    ['run', 'x.json'],
    ['validate', 'x'],
    ['--help'],
    [],
    ['--version', 'run'],
    ['intervals'],
  ])
    expect(buildFor(args), args.join(' ')).toBe('script');
});

test('the script gives the same output with its cache, without it, and with a damaged or foreign one', () => {
  const damaged = Buffer.from(good);
  for (let i = good.length >> 1; i < (good.length >> 1) + 512; i++) damaged[i] ^= 0x5a;
  const foreign = Buffer.concat([good.subarray(0, 32), Buffer.alloc(good.length - 32, 3)]);
  const lines = [
    ['run', study, '--workers', '0', '--json', '--out', copy],
    ['run', join(copy, 'missing.json')],
  ];
  const outputs = [];
  for (const args of lines) {
    const cached = evalsim(good, ...args);
    expect(cached.state).toBe('accepted');
    outputs.push(cached);
    for (const [cache, state] of [
      [undefined, 'missing'],
      [damaged, 'mismatched'],
      [foreign, 'mismatched'],
    ] as const) {
      const other = evalsim(cache, ...args);
      expect(other.state, args[0]).toBe(state);
      expect({ ...other, state: cached.state }).toEqual(cached);
    }
  }
  expect(JSON.parse(outputs[0].stdout)).toHaveLength(2);
  expect(outputs[1].code).toBe(2);
}, 180_000);
