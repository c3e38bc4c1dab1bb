/**
 * Smoke test of the `evalsim` bin (packages/evalsim/dist/evalsim.mjs: the published package's
 * bin, which the repository runs too; kept fresh by the test setup) as a user runs it, in a
 * child process: a calculator answers on stdout,
 * a study runs on a worker thread (the bundled worker), a bad argument exits 2 with
 * one line on stderr, --version prints the package version, `import` hashes and inflates
 * on its second thread (inline worker code, so it runs from the bundle) with the result of a
 * one-thread import, output piped into `head` ends quietly, output read late arrives whole,
 * and `npm run -s evalsim` pipes clean JSON. Every other CLI test runs in process through runCli.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wilsonInterval } from '@evalsim/core';
import { afterAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bundle = join(root, 'packages/evalsim/dist/evalsim.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function evalsim(...args: string[]) {
  const result = spawnSync(process.execPath, [bundle, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('the built bundle answers, runs a study on a worker thread, and fails cleanly', () => {
  const interval = evalsim('interval', '--k', '14', '--n', '15', '--method', 'wilson', '--json');
  expect(interval.stderr).toBe('');
  expect(interval.code).toBe(0);
  expect(JSON.parse(interval.stdout)[0].lower).toBe(wilsonInterval(14, 15, 0.95).lower);
  const toys = join(root, 'packages/sim/src/runner/test-utils');
  const study = join(tmp, 'toy.json');
  writeFileSync(
    study,
    JSON.stringify({
      name: 'toy',
      title: 'toy',
      seed: 1,
      replications: 50,
      model: { module: join(toys, 'toy-model.mjs'), params: { clusters: 5, m: 4, p: 0.5 } },
      methods: [{ id: 'wald', module: join(toys, 'toy-wald.mjs') }],
      metrics: ['coverage'],
    }),
  );
  const run = evalsim('run', study, '--workers', '1', '--quiet', '--out', tmp);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`wrote ${join(tmp, 'toy.arrow')}`);
  const bad = evalsim('interval', '--k', '16', '--n', '15');
  expect(bad.code).toBe(2);
  expect(bad.stdout).toBe('');
  expect(bad.stderr.trim().split('\n')).toHaveLength(1);
});

test('the bundle imports an inspect .eval on its second thread as on one thread', () => {
  const log = join(
    root,
    'packages/sim/src/evals/fixtures/inspect/2024-11-05T10-00-00+00-00_mmlu-0-shot_Hk2v9QbDq3WcTz.eval',
  );
  const outputs = ['on', 'off'].map((background) => {
    const dir = join(tmp, `import-${background}`);
    const out = join(dir, 'eval.arrow');
    const run = evalsim('import', log, '--background', background, '--out', dir);
    expect(run.stderr).toBe(`wrote ${out}: 8 scored samples from 1 file\n`);
    expect(run.code).toBe(0);
    return { stdout: run.stdout, bytes: readFileSync(out) };
  });
  expect(outputs[0].stdout).toBe(outputs[1].stdout);
  expect(outputs[0].bytes.equals(outputs[1].bytes)).toBe(true);
});

test('--version prints the package version (packages/sim/package.json, recorded in results files)', () => {
  const { version } = JSON.parse(readFileSync(join(root, 'packages/sim/package.json'), 'utf8')) as {
    version: string;
  };
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  const printed = evalsim('--version');
  expect(printed.stderr).toBe('');
  expect(printed.code).toBe(0);
  expect(printed.stdout).toBe(`${version}\n`);
});

/** A leaderboard export of the stand-in population (every answer: about 1 MB per replication of `show` CSV). */
function leaderboardFile(name: string, replications: number): string {
  const lb = join(tmp, name);
  const made = evalsim(
    'leaderboard',
    '--population',
    'studies/data/mmlu-standin.csv',
    '--replications',
    String(replications),
    '--keep',
    'answers',
    '--out',
    lb,
    '--workers',
    '1',
  );
  expect(made.code, made.stderr).toBe(0);
  return join(lb, 'answers.arrow');
}

test('piped into head: the first lines come out and the command ends quietly (no EPIPE crash)', () => {
  const lb = leaderboardFile('lb', 20);
  const shell = (command: string) =>
    spawnSync('bash', ['-c', `${command} 2>"$ERR" | head -n 2; echo "status=\${PIPESTATUS[0]}"`], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ERR: join(tmp, 'err.txt') },
    });
  const node = `"${process.execPath}" "${bundle}"`;
  for (const command of [`${node} show "${lb}"`, `${node} show "${lb}" --format csv`, `${node} methods`]) {
    const result = shell(command);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines, command).toHaveLength(3);
    expect(lines[2]).toBe('status=0');
    expect(readFileSync(join(tmp, 'err.txt'), 'utf8'), command).toBe('');
  }
});

test('the process ends once its output is written: a reader that starts late still gets all of it', () => {
  // main.ts ends the process when runCli resolves and stdout and stderr are flushed, not when the
  // event loop drains. Megabytes through a pipe (64 KB) that is read only after half a second.
  const lb = leaderboardFile('lb-late', 2);
  const direct = spawnSync(process.execPath, [bundle, 'show', lb, '--format', 'csv'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  expect(direct.status).toBe(0);
  expect(direct.stdout.length).toBeGreaterThan(1_000_000);
  const late = spawnSync(
    'bash',
    [
      '-c',
      `"${process.execPath}" "${bundle}" show "${lb}" --format csv | (sleep 0.5; cat); echo "status=\${PIPESTATUS[0]}" >&2`,
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  expect(late.stderr).toBe('status=0\n');
  expect(late.stdout === direct.stdout).toBe(true);
});

test('npm run -s evalsim -- … --json prints only the JSON document', () => {
  const out = execFileSync(
    'npm',
    ['run', '-s', 'evalsim', '--', 'interval', '--k', '14', '--n', '15', '--json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  expect(JSON.parse(out)[0].method).toBe('wald');
});

/** The package's files a command loads, recorded by a module-loading hook in the child process. */
function filesLoaded(...args: string[]): string[] {
  const log = join(tmp, `loaded-${args[0]}.txt`);
  const hooks = join(tmp, 'hooks.mjs');
  writeFileSync(
    hooks,
    "import { appendFileSync } from 'node:fs';\n" +
      'export async function load(url, context, next) {\n' +
      `  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');\n` +
      '  return next(url, context);\n}\n',
  );
  const register = join(tmp, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
  );
  writeFileSync(log, '');
  const result = spawnSync(process.execPath, ['--import', register, bundle, ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.includes('/packages/evalsim/dist/'))
    .map((url) => fileURLToPath(url));
}

test('a command loads only its own code: calculators and --version load neither Arrow, ajv, yaml, piscina nor the runner', () => {
  // esbuild marks each bundled module with its path: the chunks' text says which packages they hold.
  const heavy = /node_modules\/\.pnpm\/(apache-arrow|ajv|yaml|piscina)@|packages\/sim\/src\/runner\//;
  for (const args of [
    ['interval', '--k', '8', '--n', '10'],
    ['coverage', '--n', '20', '--p', '0.8'],
    ['--version'],
  ]) {
    const files = filesLoaded(...args);
    expect(files[0]).toBe(bundle);
    for (const file of files)
      expect(heavy.test(readFileSync(file, 'utf8')), `${args[0]}: ${file}`).toBe(false);
  }
  // The check can fail: `validate` does load them.
  const validate = filesLoaded('validate', join(root, 'studies/sample-size.json'));
  expect(validate.some((file) => heavy.test(readFileSync(file, 'utf8')))).toBe(true);
});
