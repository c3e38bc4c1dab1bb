/**
 * `evalsim reproduce`: runs every study in studies/ (or the ones named) on one
 * worker pool with one progress line, writes <out>/<study>.arrow, then rebuilds the
 * SVG plots and <out>/REPORT.md from the results files of every study in <out> —
 * so the report is a pure function of the results, whichever studies ran — and
 * prints where the report is, with timings (which stay out of the report).
 * A study run now has its results read back and its plots rendered on the main thread as
 * soon as its results file is written, while the next study simulates on the workers (the
 * same function of the same file as after the last study, so the same bytes), and is not
 * loaded a second time: on 2 cores the plots no longer run alone at the end.
 *
 * Output: `results/` at the studies' own replication counts; a rescaled run
 * (`--replications-scale` ≠ 1) writes `results/local/` unless `--out` says otherwise,
 * so a preview never replaces the committed reference. `--strict` exits 1 when a
 * published value of a study run now misses its tolerance without an established
 * explanation (`explainedMiss` in the study's expectation).
 */
import { performance } from 'node:perf_hooks';
import { reproduceRuns, reproduceStudies, resolveShard, type Study, type StudyRun } from '@evalsim/sim';
import { defaultWorkerCount, prepareOutputDirectory, startWorkerThread } from '@evalsim/sim/internal';
import type { CommandModule } from 'yargs';
import { formatInvalidIntervals } from '../format/invalidIntervals.js';
import type { CliIo } from '../io.js';
import { judgeRows } from '../report/expectationStatus.js';
import { type RenderedPlot, renderStudyPlots } from '../report/renderPlots.js';
import { loadReportEntry, type ReportEntry } from '../report/reportStudy.js';
import { describeJudgedRow } from '../report/studySection.js';
import { createSvgRenderer, type SvgRenderer } from '../report/svgRenderThread.js';
import { writeReport } from '../report/writeReport.js';
import { discoverStudies } from '../reproduce/discoverStudies.js';
import { outputDirectory } from '../reproduce/outputDirectory.js';
import { createOverallProgress } from '../reproduce/overallProgress.js';
import { WORKERS_DESCRIPTION, workersFlag } from './flagValues.js';
import { interruptedMessage, listenForInterrupts, SIGNAL_EXIT_CODES } from './interrupts.js';
import { PARQUET_OPTION } from './parquetOutput.js';
import { listOption, shownPath } from './shared.js';
import { loadStudyFile, studiesFolder, studyFileError } from './studyFiles.js';

/** One study's report entry, with its plots when its results are current. */
interface StudyReport {
  readonly entry: ReportEntry;
  readonly plots?: RenderedPlot[];
}

/** Reads `<out>/<name>.arrow` back for the report and renders the study's plots from it with `renderer`. */
async function reportStudy(
  file: string,
  out: string,
  renderer: SvgRenderer,
  loaded?: Study,
): Promise<StudyReport> {
  const entry = await loadReportEntry(file, out, loaded);
  if (entry.status !== 'current') return { entry };
  return {
    entry,
    plots: await renderStudyPlots(entry.report.config, entry.report.rows, out, renderer.render),
  };
}

interface Args {
  io: CliIo;
  study: string[];
  workers?: number;
  replicationsScale: number;
  out?: string;
  studies: string;
  quiet: boolean;
  strict: boolean;
  resume: boolean;
  parquet: boolean;
  shard?: string;
  shards?: number;
}

export const reproduceCommand: CommandModule<object, Args> = {
  command: 'reproduce [study..]',
  describe: 'Rerun every published table (studies/*.json), write results/*.arrow, plots and REPORT.md',
  builder: (y) =>
    y
      .positional('study', {
        type: 'string',
        array: true,
        describe: 'only these studies (names in --studies); the report still covers every study with results',
      })
      .option('studies', { type: 'string', default: 'studies', describe: 'the folder of the study files' })
      .option('workers', { type: 'number', describe: WORKERS_DESCRIPTION })
      .option('replications-scale', {
        type: 'number',
        default: 1,
        describe: "multiply every study's replications (0.1 = quick preview, written to results/local/)",
      })
      .option('out', {
        type: 'string',
        describe: 'output directory (default: results, or results/local when rescaled)',
      })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' })
      .option('resume', {
        type: 'boolean',
        default: false,
        describe: 'reuse the cells an interrupted reproduce finished (its checkpoints in <out>)',
      })
      .option('parquet', {
        ...PARQUET_OPTION.parquet,
        describe:
          'also write each study’s results as <out>/<study>.parquet beside its .arrow (never by default: results/ stays as committed)',
      })
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: 'exit 1 when a published value misses its tolerance without an established explanation',
      })
      .option('shard', {
        type: 'string',
        describe:
          'compute shard i of N (i/N) of every study, writing <out>/<study>.shard-i-of-N.partial for `evalsim merge` (default: from the scheduler environment)',
      })
      .option('shards', { type: 'number', describe: 'N, the shard count (with a scheduler index)' })
      .example('$0 reproduce', 'everything, at the articles’ replication counts, into results/')
      .example(
        '$0 reproduce peeking few-clusters --replications-scale 0.1',
        'quick preview into results/local/ (the committed results/ stay untouched)',
      )
      .example('$0 reproduce --strict --quiet', 'what CI runs')
      .example(
        '$0 reproduce --resume',
        'finish a reproduce that was interrupted (Ctrl-C), reusing its finished cells',
      ) as never,
  handler: async (args) => {
    const { io } = args;
    const started = performance.now();
    const scale = args.replicationsScale;
    if (!(scale > 0 && Number.isFinite(scale)))
      throw new Error(`--replications-scale: must be > 0, got ${scale}`);
    const checked = workersFlag(args.workers);
    const shard = resolveShard({ shard: args.shard, shards: args.shards, env: io.env });
    if (shard && args.out === undefined) {
      throw new Error(
        '--out: a sharded reproduce writes partial results; name their directory (e.g. --out shards/parts)',
      );
    }
    const shownOut = outputDirectory(args.out, scale === 1);
    const out = io.resolve(shownOut);
    const studiesDir = studiesFolder(io, args.studies, 'reproduce');
    const allFiles = discoverStudies(studiesDir);
    const files = discoverStudies(studiesDir, listOption(args.study));
    const workers = checked.workers ?? defaultWorkerCount();
    // The first worker thread starts now and loads its bundle while the studies are validated.
    const warm = workers > 1 ? startWorkerThread() : undefined;
    // Validate everything before any work starts.
    const studies: Study[] = [];
    const loaded = new Map<string, Study>();
    try {
      for (const file of files) {
        // Formula values are computed by each run, between its chunks (runner/formulasBetweenChunks.ts).
        const study = await loadStudyFile(io, file, args.studies, { evaluateFormulas: false });
        loaded.set(file, study);
        studies.push(study);
      }
      // robust: the output folder is checked before the first study runs (each run checks its own files again)
      prepareOutputDirectory(
        out,
        studies.map((study) => `${study.name}.run.json`),
      );
    } catch (error) {
      await warm?.close();
      throw error;
    }
    const { runs, totalReplications } = reproduceRuns(studies, scale);
    if (checked.warning) io.stderr.write(`${checked.warning}\n`);
    // robust: SIGINT / SIGTERM stop the run, keep its checkpoints and say how to continue (issue 8 item 8)
    const interrupts = listenForInterrupts();
    const cellsTotal = runs.reduce((sum, s) => sum + s.study.cells.length, 0);
    const cellsDone = new Map<number, number>();
    // Per study, in the studies' order whichever lane ran them.
    const warnings: string[][] = runs.map(() => []);
    const unexplained: string[][] = runs.map(() => []);
    const progress = createOverallProgress({
      studies: runs.length,
      totalReplications,
      quiet: args.quiet,
      stream: io.stderr,
    });
    let within = 0;
    let total = 0;
    // Plots render on a thread of their own (report/svgRenderThread.ts), closed however this ends.
    const renderer = createSvgRenderer();
    try {
      // Each study's report and plots, started when its run ends, one study at a time.
      const reports = new Map<string, Promise<StudyReport>>();
      let lastReport: Promise<unknown> = Promise.resolve();
      const studyDone = (i: number, run: StudyRun) => {
        const { study } = runs[i];
        cellsDone.set(i, study.cells.length);
        warnings[i].push(...formatInvalidIntervals(study.name, run.invalidIntervals));
        if (shard) {
          progress.endStudy(i, `  ${study.name.padEnd(24)} wrote ${shownPath(io, run.files.partial!)}`);
          return;
        }
        const judged = judgeRows(study, run.rows);
        const ok = judged.filter((j) => j.status === 'within').length;
        const explained = judged.filter((j) => j.status === 'explained').length;
        within += ok;
        total += judged.length;
        const misses = judged.filter((j) => j.status === 'unexplained');
        unexplained[i].push(...misses.map((j) => describeJudgedRow(study, j.row)));
        const mark = misses.length ? '✗' : '✓';
        const counts = judged.length
          ? `${ok}/${judged.length} within tolerance${explained ? ` (${explained} explained miss${explained === 1 ? '' : 'es'})` : ''}${misses.length ? `, ${misses.length} unexplained` : ''}`
          : 'no published values';
        progress.endStudy(
          i,
          `${mark} ${study.name.padEnd(24)} ${counts}  (${(run.wallTimeMs / 1000).toFixed(1)} s)`,
        );
        const file = files[i];
        const next = (): Promise<StudyReport> => reportStudy(file, out, renderer, loaded.get(file));
        const report = lastReport.then(next, next);
        report.catch(() => {}); // awaited (and its error thrown) after the last study
        reports.set(file, report);
        lastReport = report;
      };
      try {
        await reproduceStudies({
          runs,
          outDir: out,
          workers,
          warm,
          resume: args.resume,
          parquet: args.parquet,
          shard: shard ? { index: shard.index, count: shard.count } : undefined,
          signal: interrupts.signal,
          onStudyStart: (i) => progress.startStudy(i, runs[i].study.name),
          onProgress: (i, p) => {
            cellsDone.set(i, p.cellsDone);
            progress.update(i, p);
          },
          onNotice: (i, message) => warnings[i].push(`evalsim: ${message}`),
          onStudyDone: studyDone,
          // A formula computed during the run names its file as validation would.
          studyError: (i, error) => studyFileError(io, files[i], error),
        });
      } finally {
        progress.finish();
        interrupts.dispose();
        await Promise.allSettled(reports.values());
      }
      for (const warning of warnings.flat()) io.stderr.write(`${warning}\n`);
      if (interrupts.received !== undefined) {
        const done = [...cellsDone.values()].reduce((sum, cells) => sum + cells, 0);
        io.stderr.write(`evalsim: ${interruptedMessage(done, cellsTotal)}\n`);
        io.exitCode = SIGNAL_EXIT_CODES[interrupts.received];
        return;
      }
      if (shard) {
        io.stdout.write(
          `shard ${shard.index} of ${shard.count} (${shard.detail}) of ${runs.length} studies written to ${shownOut}/; merge with: evalsim merge ${shownOut}/*.partial --out <dir>\n`,
        );
        return;
      }
      // The report and plots: from the results files of every study in `out`.
      const entries = [];
      const plots = new Map<string, RenderedPlot[]>();
      for (const file of allFiles) {
        const { entry, plots: rendered } = await (reports.get(file) ?? reportStudy(file, out, renderer));
        entries.push(entry);
        if (rendered) plots.set(entry.name, rendered);
      }
      const report = writeReport(out, { entries, plots });
      const seconds = (performance.now() - started) / 1000;
      io.stdout.write(
        `${within} of ${total} published values reproduced within tolerance (${runs.length} studies, ${seconds.toFixed(1)} s, ${workers} workers)\nReport: ${shownPath(io, report)}\n`,
      );
      if (scale !== 1 && args.out === undefined) {
        io.stdout.write(
          `Rescaled run: written to ${shownOut}/; the committed results/ are untouched (--out results would replace them).\n`,
        );
      }
      const misses = unexplained.flat();
      if (args.strict && misses.length > 0) {
        io.stderr.write(
          `evalsim: --strict: ${misses.length} published value${misses.length === 1 ? '' : 's'} outside tolerance without an explanation:\n${misses.map((line) => `  ${line}\n`).join('')}`,
        );
        io.exitCode = 1;
      }
    } finally {
      await renderer.close();
    }
  },
};
