/**
 * Bad-input suite, issue 27 (the importers' and the merger's attack surface): partial results
 * damaged, cut short or from another run; outputs in a pseudo file system, on one of the inputs
 * or with a name too long; inputs that are FIFOs, sockets or devices; a question in two
 * clusters; numbers that are not decimals; ids with a NUL byte or NaN; files whose contents an
 * error must not echo; a stuck or buffer-hungry user method. Each is refused naming the flag,
 * the file or the field, with exit status 1 or 2, no trace, nothing written. A case that could
 * block a process runs the built bundle as a child with a time limit (spawnMs): a regression is
 * a hang counted in the tally, not a stuck suite.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { expectRefused, file, outDir, type Refusal, scratch, study } from './test-utils/harness.js';

const SPAWN_MS = 30_000;
const evalsim = (...args: string[]) => runCli(args, { cwd: scratch, env: {} });
const LONG_TABLE = 'question,system,score\nq1,a,1\nq2,a,0\nq3,a,1\nq1,b,0\nq2,b,1\nq3,b,1\n';
const PASSWD = 'root:x:0:0:hunter2:/root:/bin/bash\nalice:x:1000:1000:s3cret:/home/alice:/bin/sh\n';
const SECRETS = ['hunter2', 's3cret', 'root:x', 'alice', 'password'];

/** A study drawing 2 questions of system a from `population` (relative to the scratch folder). */
function populationStudy(name: string, population: string): string {
  return file(
    `${name}.json`,
    JSON.stringify({
      name: 'population',
      title: 'Reads a population',
      seed: 1,
      replications: 10,
      model: { name: 'itemPopulation', params: { population, systems: ['a'], n: 2 } },
      methods: [{ method: 'wald' }],
      metrics: ['coverage'],
    }),
  );
}

function fifo(name: string): string {
  const path = join(scratch, name);
  mkdirSync(join(path, '..'), { recursive: true });
  if (!existsSync(path)) execFileSync('mkfifo', [path]);
  return path;
}

let server: Server;
const socket = join(scratch, 'attack-socket.csv');
beforeAll(async () => {
  server = createServer();
  await new Promise<void>((done) => server.listen(socket, done));
});
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
});

describe('partial results that are damaged, cut short or from another run are refused by name (27.2)', async () => {
  // 2 cells × 600 replications: 12 blocks, four in each shard.
  const sharded = (change: (s: Record<string, unknown>) => void = () => {}) =>
    study((s) => {
      s.replications = 600;
      change(s);
    });
  const path = sharded();
  const parts = outDir();
  for (const i of [0, 1, 2]) {
    const r = await evalsim('run', path, '--out', parts, '--quiet', '--workers', '0', '--shard', `${i}/3`);
    expect(r.exitCode, r.stderr).toBe(0);
  }
  const names = readdirSync(parts).filter((f) => f.endsWith('.partial'));
  expect(names).toHaveLength(3);
  const original = readFileSync(join(parts, names[1]), 'utf8');
  /** The three shards with shard 1 replaced by `text` (and `extra` files beside). */
  const variant = (label: string, text: string | undefined, extra: Record<string, string> = {}) => {
    const dir = join(scratch, `partials-${label}`);
    mkdirSync(dir, { recursive: true });
    for (const name of names) copyFileSync(join(parts, name), join(dir, name));
    if (text !== undefined) writeFileSync(join(dir, names[1]), text);
    for (const [name, content] of Object.entries(extra)) writeFileSync(join(dir, name), content);
    return dir;
  };
  const at = original.indexOf('"blocks":"') + 30;
  const flipped = `${original.slice(0, at)}${original[at] === 'A' ? 'B' : 'A'}${original.slice(at + 1)}`;
  const seeded = outDir();
  const other = await evalsim(
    'run',
    path,
    '--out',
    seeded,
    '--quiet',
    '--workers',
    '0',
    '--shard',
    '1/3',
    '--seed',
    '2',
  );
  expect(other.exitCode, other.stderr).toBe(0);
  const otherSeed = readFileSync(join(seeded, names[1]), 'utf8');
  const foreignDir = outDir();
  const foreign = await evalsim(
    'run',
    sharded((s) => {
      s.title = 'Another study of the same name';
    }),
    '--out',
    foreignDir,
    '--quiet',
    '--workers',
    '0',
    '--shard',
    '1/3',
  );
  expect(foreign.exitCode, foreign.stderr).toBe(0);
  const foreignText = readFileSync(join(foreignDir, names[1]), 'utf8');
  const cases: [string, () => string, RegExp][] = [
    [
      'one base64 character changed',
      () => variant('flipped', flipped),
      /shard-1-of-3\.partial: shard 1\/3 of bad-input: payload digest does not match \(file damaged or edited\); rerun it with --shard 1\/3/,
    ],
    [
      'cut short',
      () => variant('truncated', original.slice(0, 200)),
      /shard-1-of-3\.partial: shard 1\/3 of bad-input: truncated or damaged: not valid JSON \(200 bytes\)/,
    ],
    [
      'edited to claim another evalsim version',
      () => variant('version', original.replace(/"version":"[^"]+"/, '"version":"0.0.1"')),
      /shard-1-of-3\.partial: shard 1\/3 of bad-input: payload digest does not match/,
    ],
    [
      'from a run with another seed',
      () => variant('seed', otherSeed),
      /shard-1-of-3\.partial: shard 1\/3 of bad-input: inconsistent with the other shards: seed 2 \(others: 1\)/,
    ],
    [
      'from another study of the same name',
      () => variant('foreign', foreignText),
      /shard-1-of-3\.partial: shard 1\/3 of bad-input: inconsistent with the other shards: study inputs \(inputDigest\) .*another study of this name/,
    ],
    [
      'duplicated under another name',
      () => variant('duplicated', undefined, { 'copy.partial': original }),
      /study bad-input: shard 1 of 3 is duplicated: bad-input\.shard-1-of-3\.partial, copy\.partial/,
    ],
  ];
  it.each(cases)('merge: %s', async (name, dir, names) => {
    const parts = dir();
    const files = readdirSync(parts).map((f) => join(parts, f));
    const out = join(parts, 'merged');
    await expectRefused(
      { name: `merge: partial ${name}`, args: ['merge', ...files, '--out', out], names },
      out,
    );
    expect(existsSync(out)).toBe(false);
  });
  it.each(cases)('check: %s', async (name, dir, names) => {
    await expectRefused({
      name: `check: partial ${name}`,
      args: ['check', dir()],
      names,
      reportsOnStdout: true,
    });
  });
});

describe('outputs are checked before any work, nothing left behind (27.3)', () => {
  const log = () => file(`attack-log-${Math.random().toString(36).slice(2)}.csv`, LONG_TABLE);
  const population = join(
    fileURLToPath(new URL('../../../../', import.meta.url)),
    'studies/data/mmlu-standin.csv',
  );
  const judged = join(
    fileURLToPath(new URL('../../../../', import.meta.url)),
    'studies/data/judged-standin.csv',
  );
  const pseudo: [string, () => string[]][] = [
    ['import --out /proc', () => ['import', log(), '--out', '/proc/evalsim-x/eval.arrow']],
    ['analyze --out /proc', () => ['analyze', log(), '--out', '/proc/evalsim-x']],
    ['audit --out /proc', () => ['audit', population, '--out', '/proc/evalsim-x', '--replications', '10']],
    ['plan --out /proc', () => ['plan', population, '--delta', '0.05', '--out', '/proc/evalsim-x']],
    [
      'leaderboard --out /proc',
      () => [
        'leaderboard',
        '--population',
        population,
        '--system',
        'a',
        '--keep',
        'answers',
        '--out',
        '/proc/evalsim-x/lb',
      ],
    ],
    ['import --out /sys', () => ['import', log(), '--out', '/sys/evalsim-x.arrow']],
    ['audit --labels --out /proc', () => ['audit', judged, '--labels', 'human', '--out', '/proc/evalsim-x']],
    [
      'plan --labels --out /proc',
      () => ['plan', judged, '--labels', 'human', '--width', '0.1', '--out', '/proc/evalsim-x'],
    ],
  ];
  it.each(pseudo)('%s', async (name, args) => {
    await expectRefused({
      name,
      args: args(),
      names:
        /--out \/(proc|sys)\/evalsim-x\S*: it is under \/(proc|sys), a pseudo file system; choose a directory on disk/,
      spawnMs: SPAWN_MS,
    });
  });

  it('merge --out /proc', async () => {
    const parts = outDir();
    const r = await evalsim('run', study(), '--out', parts, '--quiet', '--workers', '0', '--shard', '0/1');
    expect(r.exitCode, r.stderr).toBe(0);
    await expectRefused({
      name: 'merge --out /proc',
      args: ['merge', join(parts, 'bad-input.shard-0-of-1.partial'), '--out', '/proc/evalsim-x'],
      names: /cannot use output directory \/proc\/evalsim-x: it is under \/proc, a pseudo file system/,
      spawnMs: SPAWN_MS,
    });
  });

  it('import X --out X: the log is not overwritten', async () => {
    const path = log();
    const before = readFileSync(path);
    await expectRefused({
      name: 'import X --out X',
      args: ['import', path, '--out', path],
      names: /--out .*attack-log-\w+\.csv: .*attack-log-\w+\.csv is a file, not a directory/,
    });
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('import logs/ --out logs a second time: the previous table is one of the logs read', async () => {
    const logs = join(scratch, 'attack-logs');
    mkdirSync(logs, { recursive: true });
    writeFileSync(join(logs, 'run.csv'), LONG_TABLE);
    expect((await evalsim('import', logs, '--out', logs)).exitCode).toBe(0);
    const before = statSync(join(logs, 'eval.arrow')).mtimeMs;
    await expectRefused({
      name: 'import logs/ --out logs (again)',
      args: ['import', logs, '--out', logs],
      names: /eval\.arrow is also an input; writing it would replace what is read/,
    });
    expect(statSync(join(logs, 'eval.arrow')).mtimeMs).toBe(before);
  });

  it('audit --out DIR where DIR/population.csv is the log given: not overwritten', async () => {
    const dir = join(scratch, 'attack-audit');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'population.csv');
    writeFileSync(path, LONG_TABLE);
    await expectRefused({
      name: 'audit DIR/population.csv --out DIR',
      args: ['audit', path, '--out', dir, '--replications', '10'],
      names: /--out .*attack-audit: population\.csv is also an input/,
    });
    expect(readFileSync(path, 'utf8')).toBe(LONG_TABLE);
  });

  it('leaderboard --population DIR/answers.arrow --out DIR', async () => {
    const path = file('attack-lb/answers.arrow', readFileSync(population));
    const before = readFileSync(path);
    await expectRefused({
      name: 'leaderboard --population DIR/answers.arrow --out DIR',
      args: [
        'leaderboard',
        '--population',
        path,
        '--system',
        'a',
        '--keep',
        'answers',
        '--out',
        dirname(path),
      ],
      names: /--out .*attack-lb: answers\.arrow is also an input/,
    });
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it.each([
    ['import', () => ['import', log(), '--out', join(scratch, 'made', 'for', 'x'.repeat(300), 'eval.arrow')]],
    ['analyze', () => ['analyze', log(), '--out', join(scratch, 'made', 'for', 'x'.repeat(300))]],
    ['run', () => ['run', study(), '--out', join(scratch, 'made', 'for', 'x'.repeat(300)), '--quiet']],
  ])('%s --out with a name too long: refused, no directory left', async (name, args) => {
    await expectRefused({
      name: `${name} --out too long`,
      args: args(),
      names:
        /a file name is too long for its file system: the directory name x+… is 300 bytes, more than 255/,
    });
    expect(existsSync(join(scratch, 'made'))).toBe(false);
  });

  it('import --out a folder whose eval.arrow is a directory, analyze --out a file', async () => {
    const dir = join(scratch, 'attack-dir');
    mkdirSync(join(dir, 'eval.arrow'), { recursive: true });
    await expectRefused({
      name: 'import --out DIR (DIR/eval.arrow a directory)',
      args: ['import', log(), '--out', dir],
      names: /--out .*attack-dir: .*eval\.arrow is a directory, not a file/,
    });
    const path = log();
    await expectRefused({
      name: 'analyze --out FILE',
      args: ['analyze', log(), '--out', path],
      names: /--out .*\.csv: .*\.csv is a file, not a directory/,
    });
  });
});

describe('inputs are regular files only, refused unopened (27.4)', () => {
  const reason = /is a FIFO \(named pipe\), not a regular file/;
  const cases: [string, () => Refusal][] = [
    [
      'import a FIFO',
      () => ({ args: ['import', fifo('attack-fifo.csv')], names: /attack-fifo\.csv: is a FIFO/ }),
    ],
    [
      'import a directory holding a FIFO',
      () => {
        fifo('attack-fifo-dir/pipe.csv');
        writeFileSync(join(scratch, 'attack-fifo-dir', 'log.csv'), LONG_TABLE);
        return { args: ['import', join(scratch, 'attack-fifo-dir')], names: /pipe\.csv: is a FIFO/ };
      },
    ],
    ['analyze a FIFO', () => ({ args: ['analyze', fifo('attack-fifo.jsonl')], names: reason })],
    [
      'import a socket',
      () => ({ args: ['import', socket], names: /attack-socket\.csv: is a socket, not a regular file/ }),
    ],
    [
      'import /dev/zero',
      () => ({
        args: ['import', '/dev/zero'],
        names: '/dev/zero: is a character device, not a regular file',
      }),
    ],
    [
      'a study whose population is a FIFO',
      () => ({
        args: ['run', populationStudy('attack-fifo-study', './attack-fifo-pop.csv'), '--out', outDir()],
        names: /attack-fifo-pop\.csv: is a FIFO/,
      }),
    ],
    [
      'run a study file that is a FIFO',
      () => ({ args: ['run', fifo('attack-fifo-study.yaml')], names: reason }),
    ],
    [
      'validate a study file that is a FIFO',
      () => ({ args: ['validate', fifo('attack-fifo-study.yaml')], names: reason }),
    ],
    [
      'merge a FIFO',
      () => ({ args: ['merge', fifo('attack-fifo.partial'), '--out', outDir()], names: reason }),
    ],
    [
      'leaderboard --population a FIFO',
      () => ({
        args: [
          'leaderboard',
          '--population',
          fifo('attack-fifo-pop.csv'),
          '--system',
          'a',
          '--keep',
          'answers',
          '--out',
          join(outDir(), 'lb'),
        ],
        names: reason,
      }),
    ],
    [
      'audit a FIFO',
      () => ({ args: ['audit', fifo('attack-fifo-pop.csv'), '--out', outDir()], names: reason }),
    ],
    ['show a FIFO', () => ({ args: ['show', fifo('attack-fifo.arrow')], names: reason })],
  ];
  fifo('attack-fifo-pop.csv');
  it.each(cases)('%s', async (name, refusal) => {
    await expectRefused({ name, spawnMs: SPAWN_MS, ...refusal() });
  });

  it('a directory walk does not follow a link to its ancestor (no loop, the link named)', async () => {
    const root = join(scratch, 'attack-loop');
    mkdirSync(join(root, 'sub'), { recursive: true });
    writeFileSync(join(root, 'log.csv'), LONG_TABLE);
    if (!existsSync(join(root, 'sub', 'up'))) execFileSync('ln', ['-s', '..', join(root, 'sub', 'up')]);
    const r = await evalsim('import', root);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/sub\/up \(a link to a directory already walked\)/);
    expect(r.stderr).toMatch(/6 scored samples from 1 file/);
  });
});

describe('import refuses what analyze refuses (27.6)', () => {
  it.each([
    [
      'a question in two clusters',
      'question,system,score,cluster\nq1,a,1,c1\nq2,a,0,c1\nq1,b,0,c2\nq2,b,1,c1\n',
      /attack-conflict-0\.csv, line 4, field "cluster": question q1 is in cluster c2 \(system b, .*line 4\) here but in cluster c1 \(system a, .*line 2\) elsewhere/,
    ],
    [
      'one sample scored twice, differently',
      'question,system,score\nq1,a,1\nq1,a,0\nq2,a,1\n',
      /attack-conflict-1\.csv, line 3, field "question": system a, task default, metric score: question q1 epoch 1 is scored twice \(also at .*line 2\)/,
    ],
  ])('%s', async (name, text, names) => {
    const index = name.startsWith('a question') ? 0 : 1;
    const path = file(`attack-conflict-${index}.csv`, text);
    const out = outDir();
    await expectRefused(
      { name: `import: ${name}`, args: ['import', path, '--out', join(out, 'eval.arrow')], names },
      out,
    );
    await expectRefused({ name: `analyze: ${name}`, args: ['analyze', path], names });
  });
});

describe('the lows (27.7)', () => {
  const numbers: [string[], string][] = [
    [
      ['interval', '--k', '0x5', '--n', '10'],
      '--k: "0x5" is not a decimal number (hexadecimal, octal and binary are not read)',
    ],
    [['interval', '--k', '', '--n', '10'], '--k: needs a value, got an empty string'],
    [['interval', '--k', ' 5', '--n', '10'], '--k: " 5" is not a number (spaces around it)'],
    [['interval', '--k', '5', '--n', '0b1010'], '--n: "0b1010" is not a decimal number'],
    [['interval', '--k', '5', '--n', '0o12'], '--n: "0o12" is not a decimal number'],
    [['interval', '--k=0x5', '--n', '10'], '--k: "0x5" is not a decimal number'],
    [['power', '--delta', '0x1', '--p', '0.5'], '--delta: "0x1" is not a decimal number'],
    [['design-effect', '--m', '0x10', '--rho', '0.1'], '--m: "0x10" is not a decimal number'],
    [['coverage', '--n', '15', '--p', '0x1'], '--p: "0x1" is not a decimal number'],
    [['design-effect', '--m', '2, 0x10', '--rho', '0.1'], '--m: "0x10" is not a decimal number'],
    [
      [
        'leaderboard',
        '--population',
        'p.csv',
        '--system',
        'a',
        '--questions',
        '0x10',
        '--keep',
        'answers',
        '--out',
        'lb',
      ],
      '--questions: got "0x10"; allowed: all, or an integer ≥ 1',
    ],
  ];
  it.each(numbers)('%j', async (args, names) => {
    await expectRefused({ args, names });
  });

  it('run --replications 0x10', async () => {
    await expectRefused({
      args: ['run', study(), '--replications', '0x10', '--out', outDir()],
      names: '--replications: "0x10" is not a decimal number',
    });
  });

  const arrow = (question: Float64Array | string[]) =>
    tableToIPC(
      tableFromArrays({
        question,
        cluster: ['c', 'c'],
        correct_a: new Int32Array([1, 0]),
        k_a: new Int32Array([1, 1]),
      }),
      'file',
    );
  const ids: [string, string, string | Uint8Array, RegExp][] = [
    [
      'a NUL byte in a question id',
      'attack-nul.csv',
      'question,cluster,correct_a,k_a\nq\u00001,c,1,1\nq2,c,0,1\n',
      /attack-nul\.csv, row 2, column "question": contains the control character U\+0000 \(a NUL byte\) at character 2/,
    ],
    [
      'a NUL byte in a cluster name',
      'attack-nul-cluster.csv',
      'question,cluster,correct_a,k_a\nq1,c\u0000,1,1\nq2,c,0,1\n',
      /attack-nul-cluster\.csv, row 2, column "cluster": contains the control character U\+0000/,
    ],
    [
      'a NaN id written as text',
      'attack-nan.csv',
      'question,cluster,correct_a,k_a\nq1,c,1,1\nNaN,c,0,1\n',
      /attack-nan\.csv, row 3, column "question": NaN is not an id: a number that is not finite/,
    ],
    [
      'a numeric NaN id in an Arrow population',
      'attack-nan.arrow',
      arrow(new Float64Array([1, Number.NaN])),
      /attack-nan\.arrow, row 3, column "question": NaN is not an id/,
    ],
    [
      'an Infinity id in an Arrow population',
      'attack-inf.arrow',
      arrow(new Float64Array([Number.POSITIVE_INFINITY, 2])),
      /attack-inf\.arrow, row 2, column "question": Infinity is not an id/,
    ],
  ];
  it.each(ids)('population: %s', async (name, fileName, content, names) => {
    file(fileName, content);
    const out = outDir();
    await expectRefused(
      {
        name: `population: ${name}`,
        args: ['run', populationStudy(`attack-${fileName}`, `./${fileName}`), '--out', out],
        names,
      },
      out,
    );
  });

  const echo: [string, () => string[], RegExp][] = [
    [
      'import a password file named .csv',
      () => ['import', file('attack-passwd.csv', PASSWD)],
      /attack-passwd\.csv: not a recognised eval log: a CSV file with 1 column, without "question" and "score" or "correct"/,
    ],
    [
      'import a user,password table',
      () => ['import', file('attack-up.csv', 'user,password\nalice,hunter2\n')],
      /attack-up\.csv: not a recognised eval log: a CSV file with 2 columns/,
    ],
    [
      'import JSON Lines of secrets',
      () => ['import', file('attack-up.jsonl', '{"user":"alice","password":"hunter2"}\n')],
      /attack-up\.jsonl: not a recognised eval log: JSON Lines whose first object has 2 keys/,
    ],
    [
      'import JSON of secrets',
      () => ['import', file('attack-up.json', '{\n  "user": "alice",\n  "password": "hunter2"\n}\n')],
      /attack-up\.json: not a recognised eval log: a JSON file that is neither/,
    ],
    [
      'analyze a password file',
      () => ['analyze', file('attack-passwd.csv', PASSWD)],
      /attack-passwd\.csv: not a recognised eval log/,
    ],
    [
      'audit a password file',
      () => ['audit', file('attack-passwd.csv', PASSWD), '--out', outDir()],
      /attack-passwd\.csv/,
    ],
    [
      'validate a password file as YAML',
      () => ['validate', file('attack-passwd.yaml', PASSWD)],
      /attack-passwd\.yaml is not a study file: it reads as a string/,
    ],
    [
      'run a JSON object of secrets',
      () => ['run', file('attack-up-study.json', '{"user":"alice","password":"hunter2"}')],
      /attack-up-study\.json is not a study file: it has none of the fields/,
    ],
    [
      'leaderboard on a password file',
      () => [
        'leaderboard',
        '--population',
        file('attack-passwd.csv', PASSWD),
        '--system',
        'a',
        '--keep',
        'answers',
        '--out',
        join(outDir(), 'lb'),
      ],
      /attack-passwd\.csv, row 1: is not an item population file/,
    ],
  ];
  it.each(echo)('no file content echoed: %s', async (name, args, names) => {
    await expectRefused({ name: `no echo: ${name}`, args: args(), names, hides: SECRETS });
  });

  const toys = fileURLToPath(new URL('../../../sim/src/runner/test-utils/', import.meta.url));
  const hogStudy = (mode: string) => {
    for (const name of ['toy-model.mjs', 'toy-wald.mjs', 'toy-hog.mjs'])
      copyFileSync(join(toys, name), join(scratch, name));
    return file(
      `attack-hog-${mode}.json`,
      JSON.stringify({
        name: 'hog',
        title: 'A stuck or buffer-hungry method',
        seed: 1,
        replications: 200,
        model: { module: './toy-model.mjs', params: { clusters: 20, m: 5 } },
        grid: { p: [0.5] },
        methods: [
          { id: 'wald', module: './toy-wald.mjs' },
          { id: 'hog', module: './toy-hog.mjs', mode },
        ],
        metrics: ['coverage'],
      }),
    );
  };
  it('a method in an endless loop under a short --chunk-timeout', async () => {
    const out = outDir();
    await expectRefused(
      {
        name: 'an endless loop, --chunk-timeout 1',
        args: ['run', hogStudy('loop'), '--chunk-timeout', '1', '--out', out, '--quiet'],
        names:
          /study hog, cell 0 \(p=0\.5\), replications 0–\d+: stopped after the chunk time limit \(--chunk-timeout 1 s\) in method "hog" at replication 0; the worker was terminated/,
        spawnMs: 60_000,
      },
      out,
    );
  });
  it('a method filling ArrayBuffers under --worker-memory 64', async () => {
    const out = outDir();
    await expectRefused(
      {
        name: 'an ArrayBuffer hog, --worker-memory 64',
        args: ['run', hogStudy('buffers'), '--worker-memory', '64', '--out', out, '--quiet'],
        names:
          /study hog: the process's memory reached [\d,]+ MB, above its limit of [\d,]+ MB .* in method "hog" at replication 0 \(the worker was terminated\); --worker-memory raises the limit/,
        spawnMs: 60_000,
      },
      out,
    );
  });
});
