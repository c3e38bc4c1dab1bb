/**
 * The calculators' plain lines read without yargs (fastArgs.ts): for every line the fast path
 * reads, the handler gets exactly what yargs gives it (same keys, values and types); every
 * line it does not read is left to yargs; and through runCli both paths print the same bytes.
 */

import { describe, expect, test } from 'vitest';
import yargs from 'yargs';
import { runCli } from '../cli.js';
import { fastArgs } from './fastArgs.js';
import { CALCULATORS, loadCommands } from './index.js';

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

  test('every calculator is read by the fast path, and only calculators', async () => {
    expect(new Set(PLAIN.map((argv) => argv[0]))).toEqual(new Set(CALCULATORS));
    const [run] = await loadCommands(['run']);
    expect(fastArgs(run, ['run', 'x.json'])).toBeUndefined(); // positional: not a plain builder
  });

  test('runCli prints the same bytes on both paths', async () => {
    for (const argv of PLAIN) {
      const fast = await runCli(argv, { cwd: '/', env: {} });
      // A flag yargs reads but the fast path leaves to it (`--k=…` spelled `--k …` is read by both):
      // `--json false` is the same line for the handler, and only yargs reads it.
      const slow = await runCli([...argv, ...(argv.includes('--json') ? [] : ['--json', 'false'])], {
        cwd: '/',
        env: {},
      });
      expect(fast.exitCode, fast.stderr).toBe(slow.exitCode);
      expect(fast.stdout).toBe(slow.stdout);
      expect(fast.stderr).toBe(slow.stderr);
    }
  });
});
