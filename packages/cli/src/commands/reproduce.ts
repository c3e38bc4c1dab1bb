/**
 * `evalsim reproduce`: runs every study in studies/ (or the ones named) on one
 * worker pool with one progress line, writes results/<study>.arrow, the SVG
 * plots and results/REPORT.md, and prints where the report is.
 */
import { performance } from 'node:perf_hooks';
import {
  createStudyPool,
  defaultWorkerCount,
  evalsimVersion,
  expectationSummary,
  loadStudy,
  runStudy,
  type Study,
} from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { type RenderedPlot, renderStudyPlots } from '../report/renderPlots.js';
import { writeReport } from '../report/writeReport.js';
import { discoverStudies } from '../reproduce/discoverStudies.js';
import { createOverallProgress } from '../reproduce/overallProgress.js';
import { scaleStudy } from '../reproduce/scaleReplications.js';
import { listOption } from './shared.js';

interface Args {
  studies?: string[];
  workers?: number;
  replicationsScale: number;
  out: string;
  studiesDir: string;
  quiet: boolean;
}

export const reproduceCommand: CommandModule<object, Args> = {
  command: 'reproduce',
  describe: 'Rerun every published table (studies/*.json), write results/*.arrow, plots and REPORT.md',
  builder: (y) =>
    y
      .option('studies', {
        type: 'string',
        array: true,
        describe: 'only these studies (names, comma separated)',
      })
      .option('workers', { type: 'number', describe: 'worker threads (default: cores)' })
      .option('replications-scale', {
        type: 'number',
        default: 1,
        describe: "multiply every study's replications (0.1 = quick preview)",
      })
      .option('out', { type: 'string', default: 'results', describe: 'output directory' })
      .option('studies-dir', { type: 'string', default: 'studies', describe: 'where the study files are' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' })
      .example('$0 reproduce', 'everything, at the articles’ replication counts')
      .example(
        '$0 reproduce --studies clustered-coverage,few-clusters --replications-scale 0.1',
        'quick preview',
      ) as never,
  handler: async (args) => {
    const started = performance.now();
    const scale = args.replicationsScale;
    if (!(scale > 0 && Number.isFinite(scale)))
      throw new Error(`--replications-scale: must be > 0, got ${scale}`);
    const files = discoverStudies(args.studiesDir, listOption(args.studies));
    // Validate everything before any work starts.
    const studies: { study: Study; replications?: number }[] = [];
    for (const file of files) studies.push(scaleStudy(await loadStudy(file), scale));
    const totalReplications = studies.reduce(
      (sum, s) =>
        sum + (s.study.model ? (s.replications ?? s.study.replications ?? 0) * s.study.cells.length : 0),
      0,
    );
    const workers = args.workers ?? defaultWorkerCount();
    const pool = createStudyPool({ workers });
    const progress = createOverallProgress({ studies: studies.length, totalReplications, quiet: args.quiet });
    const runs: { run: Awaited<ReturnType<typeof runStudy>>; plots: RenderedPlot[] }[] = [];
    try {
      for (const [i, { study, replications }] of studies.entries()) {
        progress.startStudy(i, study.name, replications ?? study.replications ?? 0);
        const run = await runStudy(study, {
          pool,
          outDir: args.out,
          onProgress: (p) => progress.update(p),
          ...(replications !== undefined ? { replications } : {}),
        });
        const plots = await renderStudyPlots(run.config, run.rows, args.out);
        const { within, total } = expectationSummary(run.rows);
        progress.endStudy(
          `${total === within ? '✓' : '✗'} ${study.name.padEnd(24)} ${total ? `${within}/${total} within tolerance` : 'no published values'}  (${(run.wallTimeMs / 1000).toFixed(1)} s)`,
        );
        runs.push({ run, plots });
      }
    } finally {
      progress.finish();
      await pool.close();
    }
    const wallTimeMs = performance.now() - started;
    const report = writeReport(args.out, {
      runs,
      wallTimeMs,
      workers,
      replicationsScale: scale,
      version: evalsimVersion(),
    });
    let within = 0;
    let total = 0;
    for (const { run } of runs) {
      const s = expectationSummary(run.rows);
      within += s.within;
      total += s.total;
    }
    process.stdout.write(
      `${within} of ${total} published values reproduced within tolerance (${runs.length} studies, ${(wallTimeMs / 1000).toFixed(1)} s, ${workers} workers)\nReport: ${report}\n`,
    );
  },
};
