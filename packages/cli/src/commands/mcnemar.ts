/** `evalsim mcnemar`: McNemar's test on the discordant counts of two systems. */
import { MCNEMAR_METHODS, type McnemarMethod, mcnemarTest } from '@evalsim/core';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows, requestedList } from './flagValues.js';
import { checkChoices, withJson } from './shared.js';

interface Args {
  io: CliIo;
  b: number;
  c: number;
  method?: string[];
  json: boolean;
}

export const mcnemarCommand: CommandModule<object, Args> = {
  command: 'mcnemar',
  describe: "McNemar's test from the discordant counts b (only A right) and c (only B right)",
  builder: (y) =>
    withJson(
      y
        .option('b', { type: 'number', demandOption: true, describe: 'questions only system A got right' })
        .option('c', { type: 'number', demandOption: true, describe: 'questions only system B got right' })
        .option('method', {
          // --methods as in audit (one name per meaning, singular or plural alike).
          alias: 'methods',
          type: 'string',
          array: true,
          describe: `one or more of ${MCNEMAR_METHODS.join(', ')} (default: all)`,
        })
        .example('$0 mcnemar --b 28 --c 107', 'Haiku vs Sonnet in seed 000: exact p ≈ 4.4e-12'),
    ) as never,
  handler: (args) => {
    const requested = requestedList('method', args.method);
    const methods = requested.length
      ? checkChoices('method', requested, MCNEMAR_METHODS)
      : [...MCNEMAR_METHODS];
    checkFlag('b', args.b, { integer: true, min: 0 });
    checkFlag('c', args.c, { integer: true, min: 0 });
    const rows = methods.map((method: McnemarMethod) => {
      const r = asFlags({ b: 'b', c: 'c' }, () => mcnemarTest(args.b, args.c, { method }));
      return {
        method,
        b: args.b,
        c: args.c,
        discordant: r.discordant,
        statistic: r.statistic,
        pValue: r.pValue,
      };
    });
    printRows(args.io.stdout, finiteRows(rows, ['b', 'c']), args.json, { digits: 4 });
  },
};
