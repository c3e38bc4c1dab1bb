/** `evalsim show <file.arrow>`: prints any results file as a table, CSV, JSON or Markdown. */
import { readResultsArrow } from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { formatResultsTable, RESULTS_FORMATS, type ResultsFormat } from '../format/formatResults.js';
import type { CliIo } from '../io.js';

interface Args {
  io: CliIo;
  file: string;
  format: ResultsFormat;
}

export const showCommand: CommandModule<object, Args> = {
  command: 'show <file>',
  describe: 'Print a results file (.arrow) as a table, CSV, JSON or Markdown',
  builder: (y) =>
    y
      .positional('file', {
        type: 'string',
        demandOption: true,
        describe: 'results file written by evalsim run',
      })
      .option('format', {
        choices: RESULTS_FORMATS,
        default: 'table' as ResultsFormat,
        describe: 'output format',
      }) as never,
  handler: (args) => {
    const { rows, metadata } = readResultsArrow(args.io.resolve(args.file));
    args.io.stdout.write(
      `${formatResultsTable(rows, { format: args.format, gridKeys: metadata.gridKeys })}\n`,
    );
  },
};
