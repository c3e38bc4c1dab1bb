/**
 * Bad-input suite, command lines: calculator calls that would print NaN or Infinity, or
 * answer a question that was not asked, and flags of the study commands that are not what
 * they must be — each refused naming the flag as typed (never an internal name such as
 * `a + b`, `variance` or `model.params.copies`), before any work.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { expectRefused, file, outDir, root, scratch, study } from './test-utils/harness.js';

const calculatorCases: [string[], string | RegExp][] = [
  [
    ['design-effect', '--m', '10', '--rho', '0.2', '--n', '100', '-p', '1.5'],
    '--p: must be a number in [0, 1], got 1.5',
  ],
  [
    ['design-effect', '--m', '10', '--rho', '0.2', '--n', '100', '-p', '-0.5'],
    '--p: must be a number in [0, 1], got -0.5',
  ],
  [
    ['design-effect', '--m', '10', '--rho', '0.2', '--cv', '1e308'],
    '--cv: must be a number in [0, 100], got 1e+308',
  ],
  [
    ['design-effect', '--m', '10', '--rho', '0.2', '--n', '5'],
    '--n: 5 items is less than one cluster of --m 10 items',
  ],
  [['design-effect', '--m', '10', '--rho', '0.2', '-p', '0.5'], '--p: needs --n'],
  [['design-effect', '--m', '0', '--rho', '0.2'], '--m: must be a number ≥ 1, got 0'],
  [['design-effect', '--m', '10', '--rho', '2'], '--rho: must be a number in [-1, 1], got 2'],
  [['design-effect', '--m', '3', '--rho', '-0.9'], '--rho: gives a design effect ≤ 0'],
  [['design-effect', '--m', 'ten', '--rho', '0.1'], '--m: "ten" is not a finite number'],
  [
    ['design-effect', '--m', '10', '--rho', '0.1', '--level', '1'],
    '--level: must be a number in (0, 1), got 1',
  ],
  [
    ['power', '--delta', '1e-300', '--p', '0.5'],
    '--delta: a gap of 1e-300 needs more than 9,007,199,254,740,991 questions',
  ],
  [['power', '--delta', '2', '--p', '0.5'], '--delta: must be a number in (0, 1], got 2'],
  [['power', '--delta', '-0.03', '--p', '0.5'], '--delta: must be a number in (0, 1], got -0.03'],
  [
    ['power', '--delta', '0.03'],
    'give --paired-variance or --omega2 (paired), --var-a/--var-b (unpaired) or --p',
  ],
  [['power', '--delta', '0.03', '--n', '100', '--p', '0.5'], 'give exactly one of --delta or --n'],
  [['power', '--n', '0', '--p', '0.5'], '--n: must be an integer ≥ 1, got 0'],
  [['power', '--delta', '0.03', '--p', '1'], '--p: must be a number in (0, 1), got 1'],
  [['power', '--delta', '0.03', '--omega2', '-1'], '--omega2: must be a number ≥ 0, got -1'],
  [
    ['power', '--delta', '0.03', '--omega2', '0'],
    '--omega2: the paired variance --omega2 + --sigma-a2/--k-a + --sigma-b2/--k-b is 0',
  ],
  [
    ['power', '--delta', '0.03', '--omega2', '0.1', '--k-a', '0'],
    '--k-a: must be a number ≥ 1, or Infinity, got 0',
  ],
  [['power', '--delta', '0.03', '--var-a', '0.2'], '--var-a and --var-b go together'],
  [['power', '--delta', '0.03', '--var-a', '0', '--var-b', '0'], '--var-a: the unpaired variance'],
  [['power', '--delta', '0.03', '--p', '0.5', '--alpha', '0'], '--alpha: must be a number in (0, 1), got 0'],
  [
    ['power', '--delta', '0.03', '--p', '0.5', '--power', '1.2'],
    '--power: must be a number in (0, 1), got 1.2',
  ],
  [['power', '--delta', '0.03', '--p', '0.5', '--deff', '0'], '--deff: must be a number > 0, got 0'],
  [
    ['power', '--delta', '0.03', '--paired-variance', 'Infinity'],
    '--paired-variance: "Infinity" is not a finite number',
  ],
  [['interval', '--k', '3', '--n', '10', '--method'], '--method: give at least one value'],
  [['coverage', '--n', '15', '--p', '0.9', '--method'], '--method: give at least one value'],
  [['interval', '--k', 'two', '--n', '10'], '--k: "two" is not a finite number'],
  [['interval', '--k', '16', '--n', '15'], '--k: must be ≤ n (15), got 16'],
  [['interval', '--k', '3.5', '--n', '10'], '--k: must be an integer ≥ 0, got 3.5'],
  [['interval', '--k', '3', '--n', 'Infinity'], '--n: "Infinity" is not a finite number'],
  [['interval', '--k', '3', '--n', '10', '--level', '1.2'], '--level: must be a number in (0, 1), got 1.2'],
  [
    ['interval', '--k', '3', '--n', '10', '--method', 'waldo'],
    /--method: unknown value "waldo"; allowed: wald, wilson.*; did you mean wald\?/,
  ],
  [
    ['interval', '--k', '3', '--n', '10', '--method', 'wilsonInterval'],
    /--method: unknown value "wilsonInterval".*; did you mean wilson\?/,
  ],
  [['interval', '--k', '3', '--n', '10', '--prior-a', '0'], '--prior-a: must be > 0, got 0'],
  [['interval', '--k', '3'], 'missing --n'],
  [['coverage', '--n', '1e9', '--p', '0.5'], '--n: must be an integer in [1, 1000000], got 1000000000'],
  [['coverage', '--n', '15', '--p', '1.5'], '--p: must be a number in [0, 1], got 1.5'],
  [['coverage', '--n', '15', '--p', 'high'], '--p: "high" is not a finite number'],
  [['coverage', '--n', '15,', '--p', '0.5', '--level', '0'], '--level: must be a number in (0, 1), got 0'],
  [['mcnemar', '--b', '-1', '--c', '3'], '--b: must be an integer ≥ 0, got -1'],
  [['mcnemar', '--b', '1.5', '--c', '3'], '--b: must be an integer ≥ 0, got 1.5'],
  [
    ['mcnemar', '--b', '3', '--c', '4', '--method', 'exakt'],
    /--method: unknown value "exakt".*did you mean exact\?/,
  ],
  [['adjust', '--p', '2'], '--p: must be a number in [0, 1], got 2'],
  [['adjust', '--p', '0.01', '--method', 'hol'], /--method: unknown value "hol".*did you mean holm\?/],
  [['adjust', '--p', '0.01', '--alpha', '1'], '--alpha: must be a number in (0, 1), got 1'],
];

describe('calculators never print NaN or Infinity: every bad call names its flag', () => {
  it.each(calculatorCases)('%j', async (args, names) => {
    await expectRefused({ args, names });
  });
});

const flagCases: [() => string[], string | RegExp, boolean?][] = [
  [() => ['run', study(), '--workers', 'two'], '--workers: "two" is not a finite number', true],
  [() => ['run', study(), '--workers', '-1'], '--workers: must be an integer in [0, 1,024], got -1', true],
  [() => ['run', study(), '--workers', '1.5'], '--workers: must be an integer in [0, 1,024], got 1.5', true],
  [
    () => ['run', study(), '--replications', '0'],
    '--replications: must be an integer in [1, 100,000,000], got 0',
    true,
  ],
  [
    () => ['run', study(), '--replications', '1e12'],
    '--replications: must be an integer in [1, 100,000,000], got 1000000000000',
    true,
  ],
  [
    () => ['run', study(), '--replications', 'Infinity'],
    '--replications: "Infinity" is not a finite number',
    true,
  ],
  [() => ['run', study(), '--seed', '-5'], '--seed: must be an integer in [0, 4,294,967,295], got -5', true],
  [
    () => ['run', study(), '--chunk-size', '0'],
    '--chunk-size: must be an integer in [1, 100,000,000], got 0',
    true,
  ],
  [
    () => ['run', study(), '--keep', 'everything'],
    '--keep: unknown value "everything"; allowed: replications, answers',
    true,
  ],
  [() => ['run', study(), '--keep'], '--keep: give at least one value', true],
  [
    () => ['run', study(), '--replication', '5'],
    'unknown flag --replication; did you mean --replications?',
    true,
  ],
  [() => ['run', study(), '--dir', 'x'], 'unknown flag --dir', true],
  [() => ['run'], 'missing an argument'],
  [() => ['runn', 'x'], 'unknown command "runn"; did you mean run?'],
  [
    () => ['interval', '--k', '3', '--n', '10', '--levle', '0.9'],
    'unknown flag --levle; did you mean --level?',
  ],
  [() => ['list', '--dir', 'studies'], 'unknown flag --dir; did you mean --studies?'],
  [() => ['list', '--studies', 'nope'], '--studies: no folder nope'],
  [() => ['reproduce', '--studies-dir', 'studies'], 'unknown flag --studies-dir; did you mean --studies?'],
  [() => ['validate', 'studies/nope.json'], 'no study file studies/nope.json'],
  [
    () => [
      'leaderboard',
      '--population',
      `${root}studies/data/mmlu-standin.csv`,
      '--models',
      '1',
      '--keep',
      'answers',
      '--out',
      'lb',
    ],
    '--models: must be an integer in [2, 1,000], got 1',
  ],
  [
    () => [
      'leaderboard',
      '--population',
      `${root}studies/data/mmlu-standin.csv`,
      '--questions',
      '0',
      '--keep',
      'answers',
      '--out',
      'lb',
    ],
    '--questions: got "0"; allowed: all, or an integer ≥ 1',
  ],
  [
    () => [
      'leaderboard',
      '--population',
      `${root}studies/data/mmlu-standin.csv`,
      '--questions',
      '99999',
      '--keep',
      'answers',
      '--out',
      'lb',
    ],
    '--questions: got 99999; allowed: an integer in [1, 1140]',
  ],
  [
    () => [
      'leaderboard',
      '--population',
      `${root}studies/data/mmlu-standin.csv`,
      '--system',
      'nope',
      '--keep',
      'answers',
      '--out',
      'lb',
    ],
    /--system: got "nope"; allowed: one system of .*: haiku_off, haiku_low, sonnet_off/,
  ],
  [
    () => [
      'leaderboard',
      '--population',
      `${root}studies/data/mmlu-standin.csv`,
      '--replications',
      '0',
      '--keep',
      'answers',
      '--out',
      'lb',
    ],
    '--replications: must be an integer in [1, 100,000,000], got 0',
  ],
  [() => ['methods', 'clusteredT'], 'no method "clusteredT"; did you mean clustered?'],
  [() => ['models', 'betaBinomal'], 'no model "betaBinomal"; did you mean betaBinomialClusters?'],
  [() => ['show', file('flag-show.arrow', ''), '--limit', '1.5'], '--limit: must be an integer ≥ 0, got 1.5'],
];

describe('study-command flags are checked before any work, naming the flag', () => {
  it.each(flagCases)('%#: %s', async (args, names, writesOut) => {
    const out = writesOut ? outDir() : undefined;
    await expectRefused({ args: [...args(), ...(out ? ['--out', out, '--quiet'] : [])], names }, out);
  });

  it('the old `reproduce --studies a,b` is answered with how to name studies now', async () => {
    const result = await runCli(['reproduce', '--studies', 'peeking,few-clusters'], { cwd: root, env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      '--studies: no folder peeking,few-clusters; --studies is the folder of the study files (as in run, validate and list). To pick studies, name them: evalsim reproduce peeking few-clusters',
    );
  });

  it('a reproduce study name that is not in the folder gets the closest one', async () => {
    const result = await runCli(['reproduce', 'peekng'], { cwd: root, env: {} });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/no study "peekng" in .*studies; did you mean peeking\?/);
    expect(scratch.length).toBeGreaterThan(0);
  });
});

it('counts: at least 70 bad command lines', () => {
  expect(calculatorCases.length + flagCases.length).toBeGreaterThanOrEqual(70);
});
