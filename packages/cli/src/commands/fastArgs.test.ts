/**
 * The calculators' and run's plain lines read without yargs (fastArgs.ts): for every line the fast path
 * reads, the handler gets exactly what yargs gives it (same keys, values and types); every
 * line it does not read is left to yargs; and through runCli both paths print the same bytes.
 */

import { describe, expect, test } from 'vitest';
import yargs from 'yargs';
import { runCli } from '../cli.js';
import { fastArgs } from './fastArgs.js';
import { CALCULATORS, loadCommands, PLAIN_LINE_COMMANDS } from './index.js';

/** What yargs, set up as cli.ts sets it up, hands the command's handler for `argv`. */
async function yargsArgs(argv: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const [command] = await loadCommands([argv[0]]);
  let parsed: Record<string, unknown> | undefined;
  try {
    await yargs()
      .scriptName('evalsim')
      .exitProcess(false)
      .strict()
      .fail((message, error) => {
        throw error ?? new Error(message);
      })
      .command({
        ...command,
        handler: (args: Record<string, unknown>) => {
          parsed = { ...args };
        },
      })
      .help()
      .version('test')
      .parseAsync([...argv], {});
  } catch {
    return undefined;
  }
  return parsed;
}

/** Lines the fast path reads (each must give yargs' arguments). */
const PLAIN: string[][] = [
  ['interval', '-k', '8', '-n', '10'],
  ['interval', '--k', '909', '--n', '1140', '--method', 'wald,wilson', '--json'],
  ['interval', '--k=3', '--n=7', '--level', '0.9', '--prior-a', '0.5', '--prior-b', '2.5'],
  ['interval', '-k', '0', '-n', '1', '--method', 'wald', 'wilson', 'jeffreys', '--level', '.99'],
  ['interval', '-k', '12', '-n', '10'],
  ['coverage', '--n', '15', '30', '100', '500', '--p', '0.95'],
  ['coverage', '--paired', '--n', '20', '50', '--p10', '0.1', '--p01', '0.05', '--p11', '0.55'],
  ['coverage', '--n', '15', '--p', '0.5', '--method', 'wald', '--level', '0.8', '--json'],
  ['mcnemar', '--b', '28', '--c', '107'],
  ['mcnemar', '--b', '1', '--c', '0', '--method', 'exact', '--json'],
  ['adjust', '--p', '0.001', '0.006', '0.03', '0.2', '--method', 'holm'],
  ['adjust', '--p', '0.01,0.02', '--alpha', '0.1'],
  ['power', '--delta', '0.03', '--omega2', '0.116', '--sigma-a2', '0.013', '--sigma-b2', '0.004'],
  ['power', '--n', '1140', '--p', '0.5', '--k-a', '3', '--deff', '1.5', '--power', '0.9'],
  ['power', '--delta', '0.03', '--paired-variance', '0.317', '--alpha', '1e-2'],
  ['design-effect', '--m', '10', '--rho', '0.2', '--n', '1000', '--p', '0.7'],
  ['design-effect', '--m', '10', '20', '--rho', '0.1,0.2', '--cv', '0.5', '--level', '0.9', '--json'],
  ['run', 'studies/few-clusters.json'],
  ['run', 'few-clusters', '--workers', '2', '--quiet'],
  ['run', 'x.json', '--workers', '0', '--out', '/tmp/o', '--quiet', '--json'],
  ['run', '--workers', '1', 'x.json'],
  ['run', 'x.json', '--replications', '200', '--seed', '7', '--chunk-size', '100'],
  ['run', 'x.json', '--keep', 'replications', 'answers'],
  ['run', 'x.json', '--keep=answers', '--resume'],
  ['run', 'x.json', '--target-mcse', '0.005', '--max-replications', '10000'],
  ['run', 'x.json', '--chunk-timeout', '30', '--worker-memory', '512'],
  ['run', 'x.json', '--shard', '0/4', '--shards', '4'],
  ['run', 'x.json', '--studies', 'other', '--out=results/local'],
  ['run', 'x.json', '--workers', '1.5', '--seed', '4294967296'],
  ['reproduce'],
  ['reproduce', '--strict', '--quiet'],
  ['reproduce', '--resume', '--workers', '1'],
  ['reproduce', '--workers', '2', '--replications-scale', '0.1', '--out', '/tmp/o'],
  ['reproduce', '--studies=other', '--shard', '1/4', '--shards', '4'],
];

/** Lines left to yargs: help, typos, odd spellings and values, repeats, missing required flags. */
const LEFT_TO_YARGS: string[][] = [
  ['interval', '--help'],
  ['interval', '-k', '8'],
  ['interval', '-k', '8', '-n', '10', '--levl', '0.9'],
  ['interval', '-k', '8', '-n', '10', '-k', '9'],
  ['interval', '-k', '-8', '-n', '10'],
  ['interval', '-k', '8', '-n', '1e400'],
  ['interval', '-k', '8', '-n', '0x10'],
  ['interval', '-k', '8', '-n', 'ten'],
  ['interval', '-k8', '-n', '10'],
  ['interval', '-k', '8', '-n', '10', '--no-json'],
  ['interval', '-k', '8', '-n', '10', '--json', 'true'],
  ['interval', '-k', '8', '-n', '10', '--priorA', '2'],
  ['interval', '-k', '8', '-n', '10', 'extra'],
  ['interval', '-k', '8', '-n', '10', '--'],
  ['power', '--n', '100', '--k-a', 'Infinity'],
  ['mcnemar', '--b', '3'],
  ['run'],
  ['run', 'a.json', 'b.json'],
  ['run', '--help'],
  ['run', 'x.json', '--workrs', '2'],
  ['run', '12'],
  ['run', 'x.json', '--workers', '-1'],
  ['run', '--keep', 'replications', 'x.json'],
  ['run', 'x.json', '--no-quiet'],
  ['run', 'x.json', '--chunkSize', '10'],
  ['run', 'x.json', '--quiet', '--quiet'],
  ['run', 'x.json', '--'],
  ['run', 'x.json', '--keep'],
  ['reproduce', 'peeking'],
  ['reproduce', 'peeking', 'few-clusters', '--quiet'],
  ['reproduce', '--quiet', 'peeking'],
  ['reproduce', '--help'],
  ['reproduce', '--strict', '--strict'],
];

describe('calculator lines read without yargs', () => {
  test.each(PLAIN)('%s … gives the handler what yargs gives it', async (...argv) => {
    const [command] = await loadCommands([argv[0]]);
    const fast = fastArgs(command, argv);
    expect(fast, 'read by the fast path').toBeDefined();
    expect(fast).toEqual(await yargsArgs(argv));
  });

  test.each(LEFT_TO_YARGS)('%s … is left to yargs', async (...argv) => {
    const [command] = await loadCommands([argv[0]]);
    expect(fastArgs(command, argv)).toBeUndefined();
  });

  test('every calculator, run and reproduce are read by the fast path, and no other command', async () => {
    expect(new Set(PLAIN.map((argv) => argv[0]))).toEqual(new Set([...CALCULATORS, 'run', 'reproduce']));
    expect(new Set(PLAIN_LINE_COMMANDS)).toEqual(new Set([...CALCULATORS, 'run', 'reproduce']));
    // validate takes any number of studies (`<study..>`), show reads flags of its own kinds.
    const [validate, show] = await loadCommands(['validate', 'show']);
    expect(fastArgs(validate, ['validate', 'x.json'])).toBeUndefined();
    expect(fastArgs(show, ['show', 'x.arrow'])).toBeUndefined();
  });

  test('runCli prints the same bytes on both paths', async () => {
    // run: a study that is not there, so that both paths fail the same way before any work.
    const runs = PLAIN.filter((argv) => argv[0] === 'run' && argv.includes('x.json')).map((argv) =>
      argv.map((word) => (word === 'x.json' ? 'no-such-study.json' : word)),
    );
    for (const argv of [...PLAIN.filter((line) => line[0] !== 'run'), ...runs]) {
      const fast = await runCli(argv, { cwd: '/', env: {} });
      // A flag yargs reads but the fast path leaves to it (`--k=…` spelled `--k …` is read by both):
      // `--json false` (reproduce has no --json: `--no-quiet`, `--no-strict` or a camelCase
      // spelling) is the same line for the handler, and only yargs reads it. reproduce fails on
      // the studies folder, which `/` lacks, both ways.
      const same =
        argv[0] !== 'reproduce'
          ? ['--json', 'false']
          : !argv.includes('--quiet')
            ? ['--no-quiet']
            : !argv.includes('--strict')
              ? ['--no-strict']
              : ['--replicationsScale', '1'];
      const slow = await runCli([...argv, ...(argv.includes('--json') ? [] : same)], {
        cwd: '/',
        env: {},
      });
      expect(fast.exitCode, fast.stderr).toBe(slow.exitCode);
      expect(fast.stdout).toBe(slow.stdout);
      expect(fast.stderr).toBe(slow.stderr);
    }
  });
});
