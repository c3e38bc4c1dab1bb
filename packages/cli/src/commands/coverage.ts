/**
 * `evalsim coverage`: exact coverage of proportion intervals, Σ binomial pmf over the
 * outcomes whose interval contains p (no simulation), for every (n, p) asked.
 */
import { exactCoverage, proportionIntervalMethodNames } from '@evalsim/core';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows, requestedList } from './flagValues.js';
import { checkChoices, numberList, withJson } from './shared.js';

/** Largest eval size `coverage` sums over (the sum has n + 1 terms, each an interval). */
const MAX_COVERAGE_N = 1_000_000;

interface Args {
  io: CliIo;
  n: string[];
  p: string[];
  method?: string[];
  level: number;
  json: boolean;
}

export const coverageCommand: CommandModule<object, Args> = {
  command: 'coverage',
  describe: 'Exact coverage of proportion intervals at given n and true p (no simulation)',
  builder: (y) =>
    withJson(
      y
        .option('n', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: `eval sizes (whole numbers up to ${MAX_COVERAGE_N.toLocaleString('en-US')})`,
        })
        .option('p', { type: 'string', array: true, demandOption: true, describe: 'true accuracies' })
        .option('method', {
          type: 'string',
          array: true,
          describe: `one or more of ${proportionIntervalMethodNames.join(', ')} (default: wald, wilson, betaPosterior)`,
        })
        .option('level', { type: 'number', default: 0.95, describe: 'nominal level in (0, 1)' })
        .example('$0 coverage --n 15 30 100 500 --p 0.95', 'seed 003: Wald 53.6% at n = 15'),
    ) as never,
  handler: (args) => {
    const requested = requestedList('method', args.method);
    const methods = requested.length
      ? checkChoices('method', requested, proportionIntervalMethodNames)
      : (['wald', 'wilson', 'betaPosterior'] as const);
    const ns = numberList('n', args.n).map((n) =>
      checkFlag('n', n, { integer: true, min: 1, max: MAX_COVERAGE_N }),
    );
    const ps = numberList('p', args.p).map((p) => checkFlag('p', p, { min: 0, max: 1 }));
    checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
    const rows: Record<string, unknown>[] = [];
    asFlags({ n: 'n', p: 'p', level: 'level' }, () => {
      for (const n of ns) {
        for (const p of ps) {
          const row: Record<string, unknown> = { n, p };
          for (const method of methods) row[method] = exactCoverage(method, n, p, args.level);
          rows.push(row);
        }
      }
    });
    printRows(args.io.stdout, finiteRows(rows, ['n', 'p', 'level']), args.json, { digits: 4 });
  },
};
