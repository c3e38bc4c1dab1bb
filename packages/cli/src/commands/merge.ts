/**
 * `evalsim merge <partials…> --out <dir>`: folds the partial results of a sharded run
 * (`evalsim run … --shard i/N`) into `<dir>/<study>.arrow`, the bytes a whole run writes.
 * Refuses, listing every problem, when a shard is missing, duplicated or inconsistent.
 */
import { mergePartials } from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io.js';
import { PARQUET_OPTION } from './parquetOutput.js';
import { shownPath } from './shared.js';

interface Args {
  io: CliIo;
  partials: string[];
  out: string;
  parquet: boolean;
}

export const mergeCommand: CommandModule<object, Args> = {
  command: 'merge <partials..>',
  describe: 'Merge the partial results of a sharded run into <out>/<study>.arrow (same bytes as a whole run)',
  builder: (y) =>
    y
      .positional('partials', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'the shards’ .partial files (every shard of each study, once)',
      })
      .option('out', { type: 'string', demandOption: true, describe: 'directory for <study>.arrow' })
      .options(PARQUET_OPTION)
      .example(
        '$0 merge shards/cc/parts/* --out shards/cc',
        'after every shard of the Slurm array finished',
      ) as never,
  handler: async (args) => {
    const { io } = args;
    const merged = await mergePartials(
      args.partials.map((p) => io.resolve(p)),
      io.resolve(args.out),
      { parquet: args.parquet },
    );
    for (const { study, path, shards } of merged) {
      io.stdout.write(
        `merged ${shards} shard${shards === 1 ? '' : 's'} of ${study} into ${shownPath(io, path)}${args.parquet ? ' (and .parquet)' : ''}\n`,
      );
    }
  },
};
