/** `evalsim interval`: every proportion interval (or the ones picked) for k of n. */
import {
  betaPosteriorInterval,
  intervalMarks,
  type ProportionIntervalMethod,
  proportionIntervalMethodNames,
  proportionIntervalMethods,
} from '@evalsim/core';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows, requestedList } from './flagValues.js';
import { checkChoices, withJson } from './shared.js';

interface Args {
  io: CliIo;
  k: number;
  n: number;
  method?: string[];
  level: number;
  priorA: number;
  priorB: number;
  json: boolean;
}

export const intervalCommand: CommandModule<object, Args> = {
  command: 'interval',
  describe: 'Confidence intervals for a proportion: k successes in n',
  builder: (y) =>
    withJson(
      y
        .option('k', { type: 'number', demandOption: true, describe: 'successes (questions right)' })
        .option('n', { type: 'number', demandOption: true, describe: 'trials (questions)' })
        .option('method', {
          // --methods as in audit (one name per meaning, singular or plural alike).
          alias: 'methods',
          type: 'string',
          array: true,
          describe: `one or more of ${proportionIntervalMethodNames.join(', ')} (default: all)`,
        })
        .option('level', { type: 'number', default: 0.95, describe: 'confidence level in (0, 1)' })
        .option('prior-a', { type: 'number', default: 1, describe: 'Beta prior a for betaPosterior' })
        .option('prior-b', { type: 'number', default: 1, describe: 'Beta prior b for betaPosterior' })
        .example('$0 interval --k 14 --n 15', 'seed 003: Wald (0.81, 1.06) vs Wilson (0.70, 0.99)')
        .example('$0 interval --k 909 --n 1140 --method wald,wilson --json', 'machine-readable'),
    ) as never,
  handler: (args) => {
    const requested = requestedList('method', args.method);
    const methods = requested.length
      ? checkChoices('method', requested, proportionIntervalMethodNames)
      : [...proportionIntervalMethodNames];
    checkFlag('k', args.k, { integer: true, min: 0 });
    checkFlag('n', args.n, { integer: true, min: 1 });
    checkFlag('level', args.level, { min: 0, max: 1, minOpen: true, maxOpen: true });
    const flags = { k: 'k', n: 'n', level: 'level', a: 'prior-a', b: 'prior-b' };
    const rows = asFlags(flags, () =>
      methods.map((method: ProportionIntervalMethod) => {
        const interval =
          method === 'betaPosterior'
            ? betaPosteriorInterval(args.k, args.n, args.level, args.priorA, args.priorB)
            : proportionIntervalMethods[method](args.k, args.n, args.level);
        return {
          method,
          k: args.k,
          n: args.n,
          estimate: interval.estimate,
          lower: interval.lower,
          upper: interval.upper,
          width: interval.upper - interval.lower,
          level: args.level,
          // Wald and Agresti–Coull are not clipped: say so where a bound leaves [0, 1] (or the
          // interval has no width); analyze marks its intervals with the same words.
          marks: intervalMarks(interval.lower, interval.upper).join(', '),
        };
      }),
    );
    printRows(args.io.stdout, finiteRows(rows, ['k', 'n', 'level']), args.json, { digits: 5 });
    if (!args.json && rows.some((row) => row.marks !== '')) {
      args.io.stdout.write(
        'marks: a bound outside [0, 1], where no accuracy can be (the method is not clipped; coverage is unaffected), or an interval of zero width (a certainty the data cannot give).\n',
      );
    }
  },
};
