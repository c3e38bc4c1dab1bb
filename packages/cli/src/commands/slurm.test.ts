/**
 * `evalsim slurm` as a user runs it, in process through runCli (working directory a scratch
 * directory; the CLI's own command line given as the bin does). One test runs a written
 * script through bash. The scripts' own behaviour (quoting, submit/rerun logic) is tested in
 * packages/sim/src/shard/slurmScripts.test.ts and on a real Slurm by .ci/slurm-e2e.sh.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const main = join(root, 'packages/evalsim/dist/evalsim.mjs');
const toyDir = join(root, 'packages/sim/src/runner/test-utils');
const tmp = mkdtempSync(join(tmpdir(), 'evalsim-slurm-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The CLI as the bin runs it: `bin` is what the generated scripts call by default. */
async function evalsim(...args: string[]) {
  const result = await runCli(args, { cwd: tmp, env: {}, bin: [process.execPath, main] });
  return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

const studiesDir = join(tmp, 'studies');
mkdirSync(studiesDir);
function writeStudy(name: string, overrides: Record<string, unknown> = {}): string {
  const file = join(studiesDir, `${name}.json`);
  const study = {
    name,
    title: 'Toy Slurm study',
    source: { seed: 'none.txt', section: 'toy' },
    seed: 3,
    replications: 300,
    model: { module: join(toyDir, 'toy-model.mjs'), params: { clusters: 10, m: 4 } },
    grid: { p: [0.5, 0.8] },
    methods: [{ id: 'wald', module: join(toyDir, 'toy-wald.mjs') }],
    metrics: ['coverage'],
    ...overrides,
  };
  writeFileSync(file, JSON.stringify(study));
  return file;
}
const toy = writeStudy('toy');
writeStudy('toy-two');

describe('evalsim slurm', () => {
  test('writes array, merge, submit and rerun scripts and says how to submit', async () => {
    const out = join(tmp, 'run-a');
    const result = await evalsim(
      'slurm',
      toy,
      '--shards',
      '3',
      '--cpus',
      '2',
      '--partition',
      'short',
      '--time',
      '30:00',
      '--memory',
      '2G',
      '--account',
      'lab',
      '--replications',
      '50',
      '--out',
      out,
    );
    expect(result.code, result.stderr).toBe(0);
    for (const file of ['array.sh', 'merge.sh', 'submit.sh', 'rerun.sh']) {
      expect(statSync(join(out, 'slurm', file)).mode & 0o755).toBe(0o755);
    }
    expect(existsSync(join(out, 'logs'))).toBe(true);
    expect(existsSync(join(out, 'parts'))).toBe(true);
    const array = readFileSync(join(out, 'slurm', 'array.sh'), 'utf8');
    for (const line of [
      '#SBATCH --array=0-2',
      '#SBATCH --cpus-per-task=2',
      `#SBATCH --output=${out}/logs/%x-%A_%a.out`,
      '#SBATCH --partition=short',
      '#SBATCH --time=30:00',
      '#SBATCH --mem=2G',
      '#SBATCH --account=lab',
      `#SBATCH --chdir=${tmp}`,
      `exec ${process.execPath} ${main} run ${toy} --out ${out}/parts --workers 2 --replications 50 --shards 3`,
    ]) {
      expect(array).toContain(`${line}\n`);
    }
    expect(readFileSync(join(out, 'slurm', 'merge.sh'), 'utf8')).toContain(
      ` merge ${out}/parts/* --out ${out}\n`,
    );
    expect(readFileSync(join(out, 'slurm', 'submit.sh'), 'utf8')).toContain(
      '--dependency="afterok:$array_id"',
    );
    expect(result.stdout).toContain('Slurm scripts for study toy: 3 shards × 2 CPUs, then a merge');
    expect(result.stdout).toContain(`Submit:  bash ${out}/slurm/submit.sh`);
    expect(result.stderr).toBe('');
  });

  test('a study name is looked up in --studies; the default --out is shards/<name>', async () => {
    const result = await evalsim('slurm', 'toy-two', '--shards', '2', '--studies', studiesDir);
    expect(result.code, result.stderr).toBe(0);
    const array = readFileSync(join(tmp, 'shards', 'toy-two', 'slurm', 'array.sh'), 'utf8');
    expect(array).toContain(
      ` run ${join(studiesDir, 'toy-two.json')} --out ${join(tmp, 'shards', 'toy-two', 'parts')} `,
    );
    expect(array).toContain('#SBATCH --cpus-per-task=1\n');
  });

  test('--json reports the files and the submit command', async () => {
    const out = join(tmp, 'run-json');
    const result = await evalsim('slurm', toy, '--shards', '4', '--out', out, '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      name: 'toy',
      study: toy,
      reproduce: false,
      shards: 4,
      cpus: 1,
      outDir: out,
      partsDir: join(out, 'parts'),
      logsDir: join(out, 'logs'),
      scripts: {
        arrayScript: join(out, 'slurm', 'array.sh'),
        mergeScript: join(out, 'slurm', 'merge.sh'),
        submitScript: join(out, 'slurm', 'submit.sh'),
        rerunScript: join(out, 'slurm', 'rerun.sh'),
      },
      submit: `bash ${join(out, 'slurm', 'submit.sh')}`,
      warnings: [],
    });
  });

  test('--reproduce shards every study named, passing --studies and --replications-scale on', async () => {
    const out = join(tmp, 'reproduce');
    const result = await evalsim(
      'slurm',
      'toy',
      'toy-two',
      '--reproduce',
      '--shards',
      '5',
      '--studies',
      studiesDir,
      '--replications-scale',
      '0.1',
      '--out',
      out,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Slurm scripts for evalsim reproduce (2 studies): 5 shards');
    const array = readFileSync(join(out, 'slurm', 'array.sh'), 'utf8');
    expect(array).toContain('#SBATCH --job-name=evalsim-reproduce\n');
    expect(array).toContain(
      ` reproduce --out ${out}/parts --workers 1 --studies ${studiesDir} toy toy-two --replications-scale 0.1 --shards 5\n`,
    );
  });

  test('--evalsim and --setup shape the job; the task passes its arguments intact', async () => {
    const out = join(tmp, 'custom');
    const recorder = join(tmp, 'recorder.mjs');
    writeFileSync(
      recorder,
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.RECORD, JSON.stringify([process.env.FROM_SETUP, ...process.argv.slice(2)]));\n",
    );
    const result = await evalsim(
      'slurm',
      toy,
      '--shards',
      '2',
      '--out',
      out,
      '--evalsim',
      `${process.execPath} ${recorder}`,
      '--setup',
      'export FROM_SETUP=loaded',
    );
    expect(result.code, result.stderr).toBe(0);
    const record = join(tmp, 'custom-argv.json');
    const task = spawnSync('bash', [join(out, 'slurm', 'array.sh')], {
      env: { ...process.env, RECORD: record },
    });
    expect(task.status, String(task.stderr)).toBe(0);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual([
      'loaded',
      'run',
      toy,
      '--out',
      join(out, 'parts'),
      '--workers',
      '1',
      '--shards',
      '2',
    ]);
  });

  test('warns about leftover partial results and arrays beyond the default MaxArraySize', async () => {
    const out = join(tmp, 'leftovers');
    mkdirSync(join(out, 'parts'), { recursive: true });
    writeFileSync(join(out, 'parts', 'old.arrow'), '');
    const result = await evalsim('slurm', toy, '--shards', '1500', '--out', out);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      "evalsim slurm: warning: 1500 array tasks exceed Slurm's default MaxArraySize (1001)",
    );
    expect(result.stderr).toContain(`${out}/parts already holds 1 file(s) from an earlier run`);
  });

  test.each([
    [['--shards', '2'], 'evalsim: study: name the study to shard'],
    [['TOY'], 'evalsim: missing --shards'],
    [['TOY', '--shards', '0'], 'evalsim: --shards: expected an integer ≥ 1, got 0'],
    [['TOY', '--shards', '2.5'], 'evalsim: --shards: expected an integer ≥ 1, got 2.5'],
    [['TOY', '--shards', '2', '--cpus', '0'], 'evalsim: --cpus: expected an integer ≥ 1, got 0'],
    [['nope', '--shards', '2'], 'evalsim: no study "nope" in '],
    [
      ['TOY', '--shards', '2', '--time', '2 hours'],
      'evalsim: --time: got "2 hours"; allowed: minutes, MM:SS',
    ],
    [['TOY', '--shards', '2', '--out', 'with space'], 'cannot go into an #SBATCH line'],
    [
      ['TOY', '--shards', '2', '--replications', '0'],
      'evalsim: --replications: expected an integer ≥ 1, got 0',
    ],
    [
      ['TOY', '--shards', '2', '--replications-scale', '0.5'],
      'evalsim: --replications-scale: only applies with --reproduce',
    ],
    [['toy', 'toy-two', '--shards', '2'], 'evalsim: study: name one study to shard (got 2)'],
    [['--reproduce', '--shards', '2', '--seed', '4'], 'evalsim: --seed: applies to one study'],
    [['missing', '--reproduce', '--shards', '2'], 'evalsim: no study "missing"'],
  ])('refuses %j with a clear message, writing nothing', async (args, message) => {
    const out = join(tmp, `refused-${Math.random().toString(36).slice(2)}`);
    const result = await evalsim(
      'slurm',
      ...args.map((a) => (a === 'TOY' ? toy : a)),
      ...(args.includes('--out') ? [] : ['--out', out]),
      '--studies',
      studiesDir,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(out)).toBe(false);
  });

  test('an invalid study fails before anything is written', async () => {
    const bad = writeStudy('toy-bad', { grid: { p: [0.5, 2] } });
    const out = join(tmp, 'bad');
    const result = await evalsim('slurm', bad, '--shards', '2', '--out', out);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('grid.p: must be in (0, 1), got 2');
    expect(existsSync(out)).toBe(false);
  });

  test('without a known bin (in process) the default evalsim is refused, naming --evalsim', async () => {
    const out = join(tmp, 'no-bin');
    const result = await runCli(['slurm', toy, '--shards', '2', '--out', out], { cwd: tmp, env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--evalsim: cannot tell where this evalsim is; pass --evalsim');
    expect(existsSync(out)).toBe(false);
  });

  test('--help shows examples', async () => {
    const result = await evalsim('slurm', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '\n  evalsim slurm clustered-coverage --shards 16 --cpus 4\n      16 tasks of 4 CPUs\n',
    );
    expect(result.stdout).toContain('--reproduce');
    expect(result.stdout).toContain('docs/shards.md');
  });
});
