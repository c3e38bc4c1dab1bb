/**
 * `evalsim models`, `methods`, `metrics`, `formulas` [name]: the building blocks a study can
 * name, each with its description, data kinds and every option (type, default, allowed
 * values, description), from the registries' declared options — the names and options a
 * study file uses. `--json` prints the same as data.
 */
import { didYouMean } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { tableWidth } from '../format/printRows.js';
import type { CliIo } from '../io.js';
import { type BlockRole, blockDocs, optionNoun } from '../reference/blockDocs.js';
import { formatBlocks } from '../reference/formatBlocks.js';
import { withJson } from './shared.js';

interface Args {
  io: CliIo;
  name?: string;
  json: boolean;
}

const EXAMPLES: Record<BlockRole, [string, string]> = {
  model: ['$0 models betaBinomialClusters', 'its parameters'],
  method: ['$0 methods clustered', 'the options of the clustered interval'],
  metric: ['$0 metrics --json', 'every metric as JSON'],
  formula: ['$0 formulas exactCoverage', 'its arguments'],
};

function blocksCommand(role: BlockRole): CommandModule<object, Args> {
  return {
    command: `${role}s [name]`,
    describe: `List the ${role}s a study can name, with every ${optionNoun(role)} (type, default, allowed values)`,
    builder: (y) =>
      withJson(
        y.positional('name', { type: 'string', describe: `only this ${role}` }).example(...EXAMPLES[role]),
      ) as never,
    handler: (args) => {
      const all = blockDocs(role);
      const shown = args.name === undefined ? all : all.filter((block) => block.name === args.name);
      if (shown.length === 0) {
        const names = all.map((block) => block.name);
        throw new Error(
          `no ${role} "${args.name}"${didYouMean(args.name ?? '', names)} (${role}s: ${names.join(', ')})`,
        );
      }
      args.io.stdout.write(
        args.json ? `${JSON.stringify(shown, null, 2)}\n` : formatBlocks(shown, tableWidth(args.io.stdout)),
      );
    },
  };
}

export const modelsCommand = blocksCommand('model');
export const methodsCommand = blocksCommand('method');
export const metricsCommand = blocksCommand('metric');
export const formulasCommand = blocksCommand('formula');
