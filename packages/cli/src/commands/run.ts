/**
 * `evalsim run <study>`: validates the study (any error exits non-zero before
 * work starts), runs it on a worker pool with a progress line on stderr,
 * writes `<out>/<name>.arrow` (+ `.runs/<name>.run.json`; default out
 * results/local/, so a run never replaces the committed results/) and prints the
 * results with published values and ✓/✗ marks.
 */
import {
  createProgressLine,
  expectationSummary,
  flattenRows,
  formatResultsTable,
  loadStudy,
  resolveStudyPath,
  runStudy,
} from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { outputDirectory } from '../reproduce/outputDirectory.js';

interface Args {
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
      .option('studies', { type: 'string', default: 'studies', describe: 'where study names are looked up' })
      .example('$0 run studies/clustered-coverage.json --workers 2', '')
      .example('$0 run clustered-coverage --replications 200 --out /tmp/preview', 'quick preview') as never,
  handler: async (args) => {
    const study = await loadStudy(resolveStudyPath(args.study, args.studies));
    const out = outputDirectory(args.out, false);
    const progress = createProgressLine({ quiet: args.quiet });
    let result: Awaited<ReturnType<typeof runStudy>>;
    try {
      result = await runStudy(study, {
        outDir: out,
        resume: args.resume,
        onProgress: (p) => progress.update(p),
        ...(args.workers !== undefined ? { workers: args.workers } : {}),
        ...(args.replications !== undefined ? { replications: args.replications } : {}),
        ...(args.seed !== undefined ? { seed: args.seed } : {}),
        ...(args.chunkSize !== undefined ? { chunkSize: args.chunkSize } : {}),
      });
    } finally {
      progress.finish();
    }
    if (args.json) {
      process.stdout.write(`${JSON.stringify(flattenRows(result.rows, study.gridKeys), null, 2)}\n`);
      return;
    }
    const { within, total } = expectationSummary(result.rows);
    const replications =
      result.replications !== undefined ? `, ${result.replications} replications/cell` : '';
    process.stdout.write(
      `${study.config.title}\n\n${formatResultsTable(result.rows, { gridKeys: study.gridKeys })}\n\n`,
    );
    if (total > 0) process.stdout.write(`${within} of ${total} published values within tolerance\n`);
    process.stdout.write(
      `wrote ${result.files?.arrow} (${(result.wallTimeMs / 1000).toFixed(1)} s, ${result.workers} worker${result.workers === 1 ? '' : 's'}${replications})\n`,
    );
  },
};
