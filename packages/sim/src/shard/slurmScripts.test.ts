/**
 * The generated scripts run by bash for real: the evalsim command is a stub that records its
 * arguments, and sbatch/scontrol are stubs on PATH that record theirs (the real Slurm run is
 * .ci/slurm-e2e.sh). So quoting, globbing and the submit/rerun logic are tested, not just text.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ShardError } from './shardError.js';
import { shellCommand, shellQuote } from './shellQuote.js';
import {
  SLURM_SCRIPT_FILES,
  type SlurmScriptOptions,
  type SlurmScripts,
  slurmScripts,
} from './slurmScripts.js';

const tmp = mkdtempSync(join(tmpdir(), 'evalsim-slurm-scripts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A study path no shell would leave alone.
const nastyDir = join(tmp, `studies with 'quotes', "doubles", $HOME and \`ticks\``);
mkdirSync(nastyDir, { recursive: true });
const study = join(nastyDir, 'my study.json');

/** Records its arguments, one JSON array per line, in $RECORD. */
const recorder = join(tmp, 'record argv.mjs');
writeFileSync(
  recorder,
  "import { appendFileSync } from 'node:fs';\nappendFileSync(process.env.RECORD, JSON.stringify(process.argv.slice(2)) + '\\n');\n",
);

/**
 * Stub sbatch (records its arguments NUL-separated, each call ended by \x1e; prints `<99 + call>;sandbox`;
 * exits $STUB_EXIT_<call>) and scontrol (prints $STUB_SCONTROL).
 */
const bin = join(tmp, 'bin');
mkdirSync(bin);
writeFileSync(
  join(bin, 'sbatch'),
  [
    '#!/bin/bash',
    'n=$(( $(cat "$STUB_DIR/count" 2>/dev/null || echo 0) + 1 ))',
    'echo "$n" >"$STUB_DIR/count"',
    `{ printf '%s\\0' "$@"; printf '\\036'; } >>"$STUB_DIR/sbatch"`,
    'echo "$((99 + n));sandbox"',
    'code="STUB_EXIT_$n"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's indirect expansion
    'exit "${!code:-0}"',
    '',
  ].join('\n'),
);
writeFileSync(join(bin, 'scontrol'), '#!/bin/bash\nprintf "%s\\n" "$STUB_SCONTROL"\n');
chmodSync(join(bin, 'sbatch'), 0o755);
chmodSync(join(bin, 'scontrol'), 0o755);

let counter = 0;
/** Writes the scripts of `options` into a fresh directory and returns it with the options used. */
function generate(overrides: Partial<SlurmScriptOptions> = {}) {
  const outDir = join(tmp, `out${++counter}`);
  const options: SlurmScriptOptions = {
    name: 'toy',
    study,
    shards: 4,
    cpus: 2,
    outDir,
    evalsim: [process.execPath, recorder],
    extraArgs: ['--replications', '200'],
    partition: 'short,long',
    time: '1-02:00:00',
    memory: '4G',
    account: 'proj-1',
    setup: ['export FROM_SETUP=yes'],
    ...overrides,
  };
  const scripts = slurmScripts(options);
  const dir = join(outDir, 'slurm');
  mkdirSync(dir, { recursive: true });
  for (const role of Object.keys(SLURM_SCRIPT_FILES) as (keyof SlurmScripts)[]) {
    writeFileSync(join(dir, SLURM_SCRIPT_FILES[role]), scripts[role]);
  }
  return { scripts, dir, outDir, options };
}

function bash(script: string, args: string[], env: Record<string, string> = {}) {
  const stubDir = mkdtempSync(join(tmp, 'stub-'));
  const record = join(stubDir, 'argv');
  const result = spawnSync('bash', [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, STUB_DIR: stubDir, RECORD: record, ...env },
  });
  const lines = (file: string) => {
    try {
      return readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string[]);
    } catch {
      return [];
    }
  };
  const calls = (file: string) => {
    try {
      return readFileSync(file, 'utf8')
        .split('\x1e')
        .slice(0, -1)
        .map((call) => call.split('\0').slice(0, -1));
    } catch {
      return [];
    }
  };
  return { ...result, argv: lines(record), sbatch: calls(join(stubDir, 'sbatch')) };
}

describe('slurmScripts', () => {
  test('the array script: #SBATCH directives, then evalsim run <study> --out <dir>/parts --shards N', () => {
    const { scripts, outDir } = generate();
    const directives = scripts.arrayScript.split('\n').filter((line) => line.startsWith('#SBATCH'));
    expect(directives).toEqual([
      '#SBATCH --job-name=evalsim-toy',
      '#SBATCH --array=0-3',
      '#SBATCH --ntasks=1',
      '#SBATCH --cpus-per-task=2',
      `#SBATCH --output=${outDir}/logs/%x-%A_%a.out`,
      `#SBATCH --chdir=${outDir}`,
      '#SBATCH --partition=short,long',
      '#SBATCH --time=1-02:00:00',
      '#SBATCH --mem=4G',
      '#SBATCH --account=proj-1',
    ]);
    expect(scripts.mergeScript).toContain('#SBATCH --job-name=evalsim-toy-merge\n');
    expect(scripts.mergeScript).toContain('#SBATCH --cpus-per-task=1\n');
    expect(scripts.mergeScript).toContain(`#SBATCH --output=${outDir}/logs/%x-%j.out\n`);
    for (const text of Object.values(scripts)) {
      expect(text.startsWith('#!/bin/bash\n')).toBe(true);
      expect(spawnSync('bash', ['-n'], { input: text }).status).toBe(0);
    }
  });

  test('the array task passes every argument intact (paths with quotes, $ and spaces)', () => {
    const { dir, outDir } = generate();
    const run = bash(join(dir, 'array.sh'), []);
    expect(run.status, run.stderr).toBe(0);
    expect(run.argv).toEqual([
      [
        'run',
        study,
        '--out',
        join(outDir, 'parts'),
        '--workers',
        '2',
        '--replications',
        '200',
        '--shards',
        '4',
      ],
    ]);
  });

  test('the merge job globs <dir>/parts/* and passes --out', () => {
    const { dir, outDir } = generate();
    const parts = join(outDir, 'parts');
    mkdirSync(parts, { recursive: true });
    for (const name of ['toy.shard-1 of 4.arrow', 'toy.shard-0.arrow']) writeFileSync(join(parts, name), '');
    const run = bash(join(dir, 'merge.sh'), []);
    expect(run.status, run.stderr).toBe(0);
    expect(run.argv).toEqual([
      ['merge', join(parts, 'toy.shard-0.arrow'), join(parts, 'toy.shard-1 of 4.arrow'), '--out', outDir],
    ]);
  });

  test('submit.sh: sbatch --parsable the array, then the merge with --dependency=afterok:<array id>', () => {
    const { dir, outDir } = generate();
    const run = bash(join(dir, 'submit.sh'), []);
    expect(run.status, run.stderr).toBe(0);
    expect(run.sbatch).toEqual([
      ['--parsable', join(dir, 'array.sh')],
      ['--parsable', '--kill-on-invalid-dep=yes', '--dependency=afterok:100', join(dir, 'merge.sh')],
    ]);
    expect(run.stdout).toContain('Submitted array job 100 (4 shards) and merge job 101');
    expect(run.stdout).toContain(`Result: ${outDir}`);
    const usage = bash(join(dir, 'submit.sh'), ['--now']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: bash submit.sh [--wait]');
    expect(usage.sbatch).toEqual([]);
  });

  test('submit.sh --wait: success, a failed shard (its exit code, named, merge not run), a failed merge', () => {
    const { dir, outDir } = generate();
    const ok = bash(join(dir, 'submit.sh'), ['--wait'], { STUB_SCONTROL: 'JobId=101 JobState=COMPLETED' });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.sbatch).toEqual([
      ['--parsable', '--wait', join(dir, 'array.sh')],
      [
        '--parsable',
        '--kill-on-invalid-dep=yes',
        '--wait',
        '--dependency=afterok:100',
        join(dir, 'merge.sh'),
      ],
    ]);
    expect(ok.stdout).toContain(`All 4 shards and the merge succeeded: ${outDir}`);

    const failed = bash(join(dir, 'submit.sh'), ['--wait'], {
      STUB_EXIT_1: '3',
      STUB_SCONTROL: [
        'JobId=102 ArrayJobId=100 ArrayTaskId=0 JobState=COMPLETED',
        'JobId=103 ArrayJobId=100 ArrayTaskId=2 JobState=FAILED',
      ].join('\n'),
    });
    expect(failed.status).toBe(3);
    expect(failed.stderr).toContain(
      'shard(s) 2 failed (highest exit code 3); the merge job 101 did not run.',
    );
    expect(failed.stderr).toContain(`bash ${dir}/rerun.sh 2`);

    const mergeFailed = bash(join(dir, 'submit.sh'), ['--wait'], {
      STUB_EXIT_2: '1',
      STUB_SCONTROL: 'JobId=101 JobState=FAILED',
    });
    expect(mergeFailed.status).toBe(1);
    expect(mergeFailed.stderr).toContain('the merge job 101 ended FAILED');
    // A merge cancelled although sbatch --wait said 0: still a failure.
    const cancelled = bash(join(dir, 'submit.sh'), ['--wait'], {
      STUB_SCONTROL: 'JobId=101 JobState=CANCELLED',
    });
    expect(cancelled.status).toBe(1);
  });

  test('rerun.sh: each named shard as one job with --shard i/N, then the merge after all of them', () => {
    const { dir, outDir } = generate();
    const run = bash(join(dir, 'rerun.sh'), ['2', '0']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.sbatch).toHaveLength(3);
    const [first, second, merge] = run.sbatch as [string[], string[], string[]];
    expect(first.slice(0, -1)).toEqual([
      '--parsable',
      '--ntasks=1',
      '--cpus-per-task=2',
      `--chdir=${outDir}`,
      '--partition=short,long',
      '--time=1-02:00:00',
      '--mem=4G',
      '--account=proj-1',
      '--job-name=evalsim-toy-shard2',
      `--output=${outDir}/logs/%x-%j.out`,
    ]);
    expect(second).toContain('--job-name=evalsim-toy-shard0');
    expect(merge).toEqual([
      '--parsable',
      '--kill-on-invalid-dep=yes',
      '--dependency=afterok:100:101',
      join(dir, 'merge.sh'),
    ]);
    expect(run.stdout).toContain('Submitted shard(s) 2 0 as job(s) 100 101 and merge job 102');
    // What the wrapped job runs (sbatch --wrap gives it to /bin/sh):
    const wrap = first.at(-1)!;
    expect(wrap.startsWith('--wrap=set -e\nexport FROM_SETUP=yes\nexec ')).toBe(true);
    const record = join(tmp, 'wrap-argv');
    const job = spawnSync('sh', ['-c', wrap.slice('--wrap='.length)], {
      env: { ...process.env, RECORD: record },
    });
    expect(job.status).toBe(0);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual([
      'run',
      study,
      '--out',
      join(outDir, 'parts'),
      '--workers',
      '2',
      '--replications',
      '200',
      '--shard',
      '2/4',
    ]);
  });

  test.each([
    [[], 'usage: bash rerun.sh SHARD… (shards are 0 … 3)'],
    [['x'], 'rerun.sh: "x" is not a shard number (0 … 3)'],
    [['1', '-1'], 'rerun.sh: "-1" is not a shard number'],
    [['4'], 'rerun.sh: there is no shard 4 (0 … 3)'],
  ])('rerun.sh %j is refused before anything is submitted', (args, message) => {
    const { dir } = generate();
    const run = bash(join(dir, 'rerun.sh'), args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.sbatch).toEqual([]);
  });

  test('--reproduce shards `evalsim reproduce` with its own arguments', () => {
    const { dir, outDir } = generate({
      name: 'reproduce',
      study: undefined,
      reproduce: true,
      extraArgs: ['--studies-dir', nastyDir, '--replications-scale', '0.1'],
      partition: undefined,
      setup: [],
    });
    const run = bash(join(dir, 'array.sh'), []);
    expect(run.status, run.stderr).toBe(0);
    expect(run.argv).toEqual([
      [
        'reproduce',
        '--out',
        join(outDir, 'parts'),
        '--workers',
        '2',
        '--studies-dir',
        nastyDir,
        '--replications-scale',
        '0.1',
        '--shards',
        '4',
      ],
    ]);
    expect(readFileSync(join(dir, 'array.sh'), 'utf8')).toContain('#SBATCH --job-name=evalsim-reproduce\n');
  });

  test('bad options are refused, naming the flag', () => {
    const base: SlurmScriptOptions = {
      name: 'toy',
      study,
      shards: 2,
      outDir: '/tmp/x',
      evalsim: ['evalsim'],
    };
    const cases: [Partial<SlurmScriptOptions>, string][] = [
      [{ outDir: 'relative/dir' }, '--out: "relative/dir" must be an absolute path'],
      [{ outDir: '/tmp/a b' }, '--out: "/tmp/a b/logs" cannot go into an #SBATCH line'],
      [{ outDir: '/tmp/100%' }, 'cannot go into an #SBATCH line'],
      [{ partition: 'a b' }, '--partition: got "a b"; allowed: partition names'],
      [{ time: '2h' }, '--time: got "2h"; allowed: minutes, MM:SS'],
      [{ memory: '4GB' }, '--memory: got "4GB"; allowed: an integer with an optional K, M, G or T suffix'],
      [{ account: 'a;b' }, '--account: got "a;b"'],
      [{ cpus: 0 }, '--cpus: expected an integer ≥ 1, got 0'],
      [{ shards: 0 }, '--shards: expected an integer ≥ 1, got 0'],
      [{ evalsim: [] }, '--evalsim: the evalsim command is empty'],
      [{ reproduce: true }, '--reproduce: shards every study; do not name a study as well'],
      [{ study: undefined }, 'study: name the study to shard'],
      [{ workDir: '/a b' }, 'the working directory (--chdir): "/a b" cannot go into an #SBATCH line'],
    ];
    for (const [overrides, message] of cases) {
      expect(() => slurmScripts({ ...base, ...overrides }), message).toThrow(ShardError);
      expect(() => slurmScripts({ ...base, ...overrides })).toThrow(message);
    }
    for (const time of ['30', '30:00', '1:00:00', '2-0', '2-12:30', '2-12:30:00', 'UNLIMITED']) {
      expect(() => slurmScripts({ ...base, time })).not.toThrow();
    }
  });

  test('job names keep only letters, digits, _ . -', () => {
    const { scripts } = generate({ name: 'my study/v2 (draft)' });
    expect(scripts.arrayScript).toContain('#SBATCH --job-name=evalsim-my-study-v2--draft-\n');
  });
});

describe('shellQuote', () => {
  test('bash reads back exactly the words written', () => {
    const words = [
      'plain',
      '',
      'a b',
      "it's",
      '"x"',
      '$HOME',
      '`id`',
      'a\nb',
      '*',
      '~',
      '-n',
      'é ü',
      "'",
      '\\',
    ];
    const result = spawnSync('bash', ['-c', `printf '%s\\0' ${shellCommand(words)}`], { encoding: 'utf8' });
    expect(result.stdout.split('\0').slice(0, -1)).toEqual(words);
  });

  test('plain words stay bare; NUL is refused', () => {
    expect(shellCommand(['evalsim', 'run', '/a/b.json', '--shard', '2/4'])).toBe(
      'evalsim run /a/b.json --shard 2/4',
    );
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(() => shellQuote('a\0b')).toThrow(RangeError);
  });
});
