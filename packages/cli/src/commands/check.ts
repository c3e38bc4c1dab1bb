/**
 * `evalsim check <dir>`: the partial results of sharded runs in a directory, per study:
 * how many of the N shards are there, and every missing, duplicate, inconsistent, damaged
 * (digest) or unreadable file, and whether the study's inputs are still those the shards ran
 * with. Exit status 1 when `merge` would refuse.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PARTIAL_EXTENSION } from '@evalsim/sim';
import { checkPartialsAndInputs } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io.js';

interface Args {
  io: CliIo;
  dir: string;
}

export const checkCommand: CommandModule<object, Args> = {
  command: 'check <dir>',
  describe: 'List missing, duplicate and inconsistent shards among the partial results in <dir>',
  builder: (y) =>
    y
      .positional('dir', {
        type: 'string',
        demandOption: true,
        describe: 'the shards’ output directory (parts/)',
      })
      .example('$0 check shards/cc/parts', 'before merging: which shards to rerun') as never,
  handler: async (args) => {
    const { io } = args;
    const dir = io.resolve(args.dir);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${args.dir}: no such directory`);
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(PARTIAL_EXTENSION))
      .sort()
      .map((name) => join(dir, name));
    const check = await checkPartialsAndInputs(files);
    for (const study of check.studies) {
      io.stdout.write(`${study.study}: ${study.found} of ${study.shards} shards present\n`);
    }
    if (check.problems.length === 0) {
      io.stdout.write(`ok: ${files.length} partial result${files.length === 1 ? '' : 's'}, ready to merge\n`);
      return;
    }
    io.stdout.write(`${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}:\n`);
    for (const problem of check.problems) io.stdout.write(`  - ${problem}\n`);
    io.exitCode = 1;
  },
};
