/**
 * Bad-input suite, sharded runs and worker limits: shard flags and scheduler variables that do not say which
 * shard this is, and partial results that must not be merged (missing, duplicate,
 * inconsistent, not a partial) — each refused naming the flag or the file, nothing merged.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { expectRefused, file, outDir, scratch, study } from './test-utils/harness.js';

const flagCases: [() => string[], string | RegExp][] = [
  [() => ['run', study(), '--shard', '4/4'], /--shard/],
  [() => ['run', study(), '--shard', 'two'], /--shard: expected i\/N/],
  [() => ['run', study(), '--shard', '1/4', '--shards', '3'], '--shards: 3 disagrees with --shard 1/4'],
  [() => ['run', study(), '--shards', '4'], '--shards: 4 given, but which shard is this?'],
  [() => ['run', study(), '--shard', '0/2', '--keep', 'replications'], /keep.*nothing with --shard/],
  [() => ['reproduce', '--shard', '0/2'], '--out: a sharded reproduce writes partial results'],
  [
    () => ['merge', file('not-partial.partial', '{"a": 1}'), '--out', 'x'],
    /not-partial\.partial: not a partial result/,
  ],
  [
    () => ['merge', file('broken.partial', 'garbage'), '--out', 'x'],
    /broken\.partial: not a partial result \(not JSON\)/,
  ],
  [() => ['merge', join(scratch, 'absent.partial'), '--out', 'x'], /absent\.partial: cannot read \(ENOENT\)/],
  [() => ['merge', file('x.partial', '{}')], /Missing required argument: out|--out/],
  [() => ['check', join(scratch, 'no-such-dir')], 'no-such-dir: no such directory'],
  [
    () => ['run', study(), '--chunk-timeout', '-1'],
    '--chunk-timeout: must be a number of seconds > 0 (or 0: no limit), got -1',
  ],
  [
    () => ['run', study(), '--chunk-timeout', '5', '--workers', '0'],
    '--chunk-timeout: cannot be enforced with --workers 0',
  ],
  [() => ['run', study(), '--worker-memory', '1'], /--worker-memory: must be an integer in \[16, /],
  [() => ['run', study(), '--target-mcse', '0'], '--target-mcse: must be a number > 0, got 0'],
  [
    () => ['run', study(), '--max-replications', '500'],
    '--max-replications: only applies with --target-mcse',
  ],
  [() => ['run', study(), '--target-mcse', '0.01', '--shard', '0/2'], /targetMcse.*nothing with --shard/],
];

describe('shard flags and partial results are checked, naming the flag or the file', () => {
  it.each(flagCases)('%#: %s', async (args, names) => {
    await expectRefused({ args: args(), names });
  });

  it('a Slurm list array is refused loudly', async () => {
    const env = {
      SLURM_ARRAY_TASK_ID: '5',
      SLURM_ARRAY_TASK_MIN: '1',
      SLURM_ARRAY_TASK_MAX: '9',
      SLURM_ARRAY_TASK_STEP: '1',
      SLURM_ARRAY_TASK_COUNT: '3',
    };
    const result = await runCli(['run', study(), '--out', outDir(), '--quiet'], { cwd: scratch, env });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/SLURM_ARRAY_TASK/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('evalsim run --shard, check, merge (in process)', () => {
  it('shards from flags and from Slurm variables merge to the bytes of a whole run; check lists a missing shard', async () => {
    const path = study();
    const whole = outDir();
    expect(
      (await runCli(['run', path, '--out', whole, '--quiet', '--workers', '0'], { cwd: scratch, env: {} }))
        .exitCode,
    ).toBe(0);
    const parts = outDir();
    for (const i of [0, 2]) {
      const r = await runCli(
        ['run', path, '--out', parts, '--quiet', '--workers', '0', '--shard', `${i}/3`],
        { cwd: scratch, env: {} },
      );
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(`wrote .*bad-input\\.shard-${i}-of-3\\.partial \\(shard ${i} of 3, --shard ${i}/3`),
      );
    }
    const check = await runCli(['check', parts], { cwd: scratch, env: {} });
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain('bad-input: 2 of 3 shards present');
    expect(check.stdout).toMatch(/1 of 3 shards missing: 1 \(expected bad-input\.shard-1-of-3\.partial\)/);
    const refused = await runCli(
      ['merge', ...readdirSync(parts).map((f) => join(parts, f)), '--out', join(parts, 'merged')],
      {
        cwd: scratch,
        env: {},
      },
    );
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/refusing to merge:\n {2}- study bad-input: 1 of 3 shards missing/);
    // Shard 1 from a Slurm array task (IDs 1–3: task 2 is shard 1).
    const env = {
      SLURM_ARRAY_TASK_ID: '2',
      SLURM_ARRAY_TASK_MIN: '1',
      SLURM_ARRAY_TASK_MAX: '3',
      SLURM_ARRAY_TASK_STEP: '1',
      SLURM_ARRAY_TASK_COUNT: '3',
    };
    const slurm = await runCli(['run', path, '--out', parts, '--quiet', '--workers', '0', '--shards', '3'], {
      cwd: scratch,
      env,
    });
    expect(slurm.exitCode, slurm.stderr).toBe(0);
    expect((await runCli(['check', parts], { cwd: scratch, env: {} })).stdout).toContain(
      'ok: 3 partial results',
    );
    const merged = await runCli(
      [
        'merge',
        ...readdirSync(parts)
          .filter((f) => f.endsWith('.partial'))
          .map((f) => join(parts, f)),
        '--out',
        join(parts, 'merged'),
      ],
      {
        cwd: scratch,
        env: {},
      },
    );
    expect(merged.exitCode, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(/merged 3 shards of bad-input into/);
    expect(
      readFileSync(join(parts, 'merged', 'bad-input.arrow')).equals(
        readFileSync(join(whole, 'bad-input.arrow')),
      ),
    ).toBe(true);
    // A partial edited to claim another evalsim version is refused by its digest, by name.
    const one = join(parts, 'bad-input.shard-0-of-3.partial');
    const json = JSON.parse(readFileSync(one, 'utf8'));
    json.version = '0.0.1';
    writeFileSync(one, JSON.stringify(json));
    const check2 = await runCli(['check', parts], { cwd: scratch, env: {} });
    expect(check2.exitCode).toBe(1);
    expect(check2.stdout).toMatch(
      /bad-input\.shard-0-of-3\.partial: shard 0\/3 of bad-input: payload digest does not match \(file damaged or edited\); rerun it with --shard 0\/3/,
    );
  });
});
