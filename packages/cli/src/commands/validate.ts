/**
 * `evalsim validate <study…>`: checks study files against the schema and the
 * registries (models, methods, metrics, formulas, expectations) without
 * running them; exits 1 when any is invalid, naming the field, the bad value
 * and what is allowed. A study that names a `module` names code: a plain
 * validate imports it (to check its options); `--no-modules` runs every check
 * that needs no user code and imports nothing.
 */
import { loadStudy, studyWarnings } from '@evalsim/sim';
import { checkStudyFile, resolveStudyPath } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io.js';
import { inputPath, studiesDirectory } from './shippedStudies.js';

interface Args {
  io: CliIo;
  study: string[];
  studies: string;
  modules: boolean;
}

/** `✓ name: 4 cells, 2 methods × 3 metrics, …` */
function summary(
  name: string,
  parts: {
    cells: number;
    simulation: boolean;
    methods: number;
    metrics: number;
    replications: number | undefined;
    formulas: number;
    expectations: number;
  },
): string {
  const s = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const text = [s(parts.cells, 'cell')];
  if (parts.simulation) {
    text.push(
      `${s(parts.methods, 'method')} × ${s(parts.metrics, 'metric')}`,
      s(parts.replications ?? 0, 'replication'),
    );
  }
  if (parts.formulas > 0) text.push(s(parts.formulas, 'formula'));
  if (parts.expectations > 0) text.push(s(parts.expectations, 'expectation'));
  return `✓ ${name}: ${text.join(', ')}`;
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
        describe: 'the folder where study names are looked up',
      })
      .option('modules', {
        type: 'boolean',
        default: true,
        describe:
          'import the user modules a study names (they are code); --no-modules checks everything else and runs no user code',
      })
      .example('$0 validate studies/*.json', 'every study')
      .example(
        '$0 validate downloaded-study.json --no-modules',
        'check a study without running its code',
      ) as never,
  handler: async (args) => {
    let failed = 0;
    for (const name of args.study) {
      try {
        const path = resolveStudyPath(
          inputPath(args.io, name),
          studiesDirectory(args.io, args.studies),
          args.io.cwd,
        );
        if (args.modules) {
          const study = await loadStudy(path);
          // guard rails (issue 12): valid but misleading designs, the field to change named
          for (const w of studyWarnings(study))
            args.io.stderr.write(`warning: ${name}: ${w.field}: ${w.message}\n`);
          args.io.stdout.write(
            `${summary(study.name, {
              cells: study.cells.length,
              simulation: study.kind === 'simulation',
              methods: study.methods.length,
              metrics: study.metrics.length,
              replications: study.replications,
              formulas: study.formulas.length,
              expectations: study.expectations.length,
            })}\n`,
          );
        } else {
          const check = await checkStudyFile(path);
          const skipped = check.notImported.length
            ? ` (not imported: ${check.notImported.join(', ')}; their contents unchecked)`
            : '';
          args.io.stdout.write(
            `${summary(check.name, { ...check, simulation: check.kind === 'simulation' })}${skipped}\n`,
          );
        }
      } catch (error) {
        failed++;
        const lines = String((error as Error).message).split('\n');
        args.io.stderr.write(`✗ ${name}:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
      }
    }
    if (failed > 0) args.io.exitCode = 1;
  },
};
