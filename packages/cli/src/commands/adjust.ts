/** `evalsim adjust`: multiple-comparison adjusted p-values and reject flags. */
import { ADJUSTMENT_METHODS, adjustPValues } from '@evalsim/core';
import type { CommandModule } from 'yargs';
import { printRows } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { asFlags, checkFlag, finiteRows, requestedList } from './flagValues.js';
import { checkChoices, numberList, withJson } from './shared.js';

interface Args {
  io: CliIo;
  p: string[];
  method?: string[];
  alpha: number;
  json: boolean;
}

export const adjustCommand: CommandModule<object, Args> = {
  command: 'adjust',
  describe: 'Adjust p-values for multiple comparisons (Bonferroni, Holm, Hochberg, BH, BY)',
  builder: (y) =>
    withJson(
      y
        .option('p', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'p-values (space or comma separated)',
        })
        .option('method', {
          // --methods as in audit (one name per meaning, singular or plural alike).
          alias: 'methods',
          type: 'string',
          array: true,
          describe: `one or more of ${ADJUSTMENT_METHODS.join(', ')} (default: all)`,
        })
        .option('alpha', { type: 'number', default: 0.05, describe: 'family-wise error rate or FDR level' })
        .example('$0 adjust --p 0.001 0.006 0.03 0.2 --method holm', "Holm's step-down adjustment"),
    ) as never,
  handler: (args) => {
    const p = numberList('p', args.p).map((x) => checkFlag('p', x, { min: 0, max: 1 }));
    const requested = requestedList('method', args.method);
    const methods = requested.length
      ? checkChoices('method', requested, ADJUSTMENT_METHODS)
      : [...ADJUSTMENT_METHODS];
    checkFlag('alpha', args.alpha, { min: 0, max: 1, minOpen: true, maxOpen: true });
    const results = asFlags({ alpha: 'alpha', pValues: 'p', p: 'p' }, () =>
      methods.map((m) => adjustPValues(p, m, args.alpha)),
    );
    const rows = p.map((pValue, i) => {
      const row: Record<string, unknown> = { p: pValue };
      methods.forEach((m, j) => {
        row[m] = results[j].adjusted[i];
        row[`${m} reject`] = results[j].reject[i] === 1;
      });
      return row;
    });
    printRows(args.io.stdout, finiteRows(rows, ['p', 'alpha']), args.json, { digits: 4 });
  },
};
