/**
 * `evalsim run <study>`: validates the study (any error exits non-zero before
 * work starts), runs it on a worker pool with a progress line on stderr,
 * writes `<out>/<name>.arrow` (+ `.runs/<name>.run.json`, and with `--keep` the
 * per-replication files; default out results/local/, so a run never replaces the committed
 * results/) and prints the results with published values and ✓/✗ marks.
 */
import {
  expectationSummary,
  KEEP_KINDS,
  type KeptKind,
  MAX_REPLICATIONS,
  runStudy,
  studyWarnings,
} from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { flattenRows, formatResultsTable } from '../format/formatResults.js';
import { createProgressLine } from '../format/progressLine.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import { outputDirectory } from '../reproduce/outputDirectory.js';
import { integerFlag, MAX_WORKERS, requestedList } from './flagValues.js';
import { checkChoices, shownPath } from './shared.js';
import { loadStudyFile } from './studyFiles.js';

interface Args {
  io: CliIo;
  study: string;
  workers?: number;
  replications?: number;
  seed?: number;
  out?: string;
  resume: boolean;
  quiet: boolean;
  json: boolean;
  chunkSize?: number;
  studies: string;
  keep?: string[];
}

export const runCommand: CommandModule<object, Args> = {
  command: 'run <study>',
  describe: 'Run a study file (or a study name in --studies) and write results/local/<name>.arrow',
  builder: (y) =>
    y
      .positional('study', {
        type: 'string',
        demandOption: true,
        describe: 'study file, or its name in --studies',
      })
      .option('workers', { type: 'number', describe: 'worker threads (default: cores; 0 = in this thread)' })
      .option('replications', { type: 'number', describe: "override the study's replications per cell" })
      .option('seed', { type: 'number', describe: "override the study's seed" })
      .option('out', {
        type: 'string',
        describe: 'output directory (default results/local; results/ holds the committed reference)',
      })
      .option('resume', {
        type: 'boolean',
        default: false,
        describe: 'reuse cells finished by an interrupted run',
      })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress line' })
      .option('json', { type: 'boolean', default: false, describe: 'print the rows as JSON' })
      .option('chunk-size', {
        type: 'number',
        describe: 'replications per work unit (default 250; results do not depend on it)',
      })
      .option('studies', {
        type: 'string',
        default: 'studies',
        describe: 'the folder where study names are looked up',
      })
      .option('keep', {
        type: 'string',
        array: true,
        describe:
          'also write per-replication output: replications (<out>/<name>.replications.arrow: every method result) and/or answers (<out>/<name>.answers.arrow: every item-level answer)',
      })
      .example('$0 run studies/clustered-coverage.json --workers 2', '')
      .example('$0 run clustered-coverage --replications 200 --out /tmp/preview', 'quick preview')
      .example(
        '$0 run few-clusters --keep replications',
        'keep every replication for new metrics later',
      ) as never,
  handler: async (args) => {
    const { io } = args;
    integerFlag('workers', args.workers, 0, MAX_WORKERS);
    integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
    integerFlag('seed', args.seed, 0, 4294967295);
    integerFlag('chunk-size', args.chunkSize, 1, MAX_REPLICATIONS);
    const keep = checkChoices<KeptKind>('keep', requestedList('keep', args.keep), KEEP_KINDS);
    const study = await loadStudyFile(io, args.study, args.studies);
    // guard rails (issue 12): valid but misleading designs, the field to change named
    for (const w of studyWarnings(study)) io.stderr.write(`warning: ${w.field}: ${w.message}\n`);
    const progress = createProgressLine({ stream: io.stderr, quiet: args.quiet });
    let result: Awaited<ReturnType<typeof runStudy>>;
    try {
      result = await runStudy(study, {
        outDir: io.resolve(outputDirectory(args.out, false)),
        resume: args.resume,
        keep,
        onProgress: (p) => progress.update(p),
        workers: args.workers,
        replications: args.replications,
        seed: args.seed,
        chunkSize: args.chunkSize,
      });
    } finally {
      progress.finish();
    }
    if (args.json) {
      io.stdout.write(`${JSON.stringify(flattenRows(result.rows, study.gridKeys), null, 2)}\n`);
      return;
    }
    const { within, total } = expectationSummary(result.rows);
    const replications =
      result.replications !== undefined ? `, ${result.replications} replications/cell` : '';
    io.stdout.write(
      `${wrapText(study.config.title, TABLE_WIDTH).join('\n')}\n\n${formatResultsTable(result.rows, { gridKeys: study.gridKeys })}\n\n`,
    );
    if (total > 0) io.stdout.write(`${within} of ${total} published values within tolerance\n`);
    io.stdout.write(
      `wrote ${shownPath(io, result.files.arrow!)} (${(result.wallTimeMs / 1000).toFixed(1)} s, ${result.workers} worker${result.workers === 1 ? '' : 's'}${replications})\n`,
    );
    for (const kind of keep)
      io.stdout.write(`wrote ${shownPath(io, result.files[kind]!)} (every ${kind.replace(/s$/, '')})\n`);
  },
};
