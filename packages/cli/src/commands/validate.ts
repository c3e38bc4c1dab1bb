/**
 * `evalsim validate <study…>`: checks study files against the schema and the
 * registries (models, methods, metrics, formulas, expectations) without
 * running them; exits 1 when any is invalid, naming the field, the bad value
 * and what is allowed.
 */
import { loadStudy, resolveStudyPath } from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io.js';

interface Args {
  io: CliIo;
  study: string[];
  studies: string;
}

export const validateCommand: CommandModule<object, Args> = {
  command: 'validate <study..>',
  describe: 'Check study files without running them',
  builder: (y) =>
    y
      .positional('study', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: 'study files or names',
      })
      .option('studies', {
        type: 'string',
        default: 'studies',
        describe: 'where study names are looked up',
      }) as never,
  handler: async (args) => {
    let failed = 0;
    for (const name of args.study) {
      try {
        const study = await loadStudy(resolveStudyPath(name, args.studies, args.io.cwd));
        const parts = [`${study.cells.length} cell${study.cells.length === 1 ? '' : 's'}`];
        if (study.kind === 'simulation') {
          parts.push(
            `${study.methods.length} methods × ${study.metrics.length} metrics`,
            `${study.replications} replications`,
          );
        }
        if (study.formulas.length > 0) parts.push(`${study.formulas.length} formulas`);
        if (study.expectations.length > 0) parts.push(`${study.expectations.length} expectations`);
        args.io.stdout.write(`✓ ${study.name}: ${parts.join(', ')}\n`);
      } catch (error) {
        failed++;
        const lines = String((error as Error).message).split('\n');
        args.io.stderr.write(`✗ ${name}:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
      }
    }
    if (failed > 0) args.io.exitCode = 1;
  },
};
