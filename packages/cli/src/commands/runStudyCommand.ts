/**
 * What `evalsim run` does once its flags are parsed (run.ts defines the command): checks the
 * flags, loads and validates the study, runs it (on `warm`, a worker thread started while this
 * module loaded, when there is one) with a progress line, and prints the results. Loaded only
 * by run.ts's handler, so that the thread starts before the runner, Arrow and yaml are loaded.
 */
import {
  answersFileBytes,
  expectationSummary,
  KEEP_KINDS,
  type KeptKind,
  MAX_REPLICATIONS,
  resolveShard,
  runMode,
  runStudy,
  studyWarnings,
  type WorkerThread,
} from '@evalsim/sim/run';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { flattenRows, formatResultsTable } from '../format/formatResults.js';
import { formatInvalidIntervals } from '../format/invalidIntervals.js';
import { createProgressLine } from '../format/progressLine.js';
import { wrapText } from '../format/wrapText.js';
import { outputDirectory } from '../reproduce/outputDirectory.js';
import { integerFlag, MAX_WORKER_MEMORY_MB, requestedList, workersFlag } from './flagValues.js';
import { interruptedMessage, listenForInterrupts, SIGNAL_EXIT_CODES } from './interrupts.js';
import { warnLargeOutput } from './outputSize.js';
import { type RunArgs, resumeReport } from './run.js';
import { checkChoices, shownPath } from './shared.js';
import { loadStudyFile, studyFileError } from './studyFiles.js';

export async function runStudyCommand(args: RunArgs, warm: WorkerThread | undefined): Promise<void> {
  const { io } = args;
  const { workers, warning } = workersFlag(args.workers);
  integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
  integerFlag('seed', args.seed, 0, 4294967295);
  integerFlag('chunk-size', args.chunkSize, 1, MAX_REPLICATIONS);
  integerFlag('worker-memory', args.workerMemory, 16, MAX_WORKER_MEMORY_MB);
  integerFlag('max-replications', args.maxReplications, 1, MAX_REPLICATIONS);
  if (args.targetMcse !== undefined && !(args.targetMcse > 0)) {
    throw new Error(`--target-mcse: must be a number > 0, got ${args.targetMcse}`);
  }
  if (args.maxReplications !== undefined && args.targetMcse === undefined) {
    throw new Error('--max-replications: only applies with --target-mcse');
  }
  if (args.chunkTimeout !== undefined && !(args.chunkTimeout >= 0)) {
    throw new Error(
      `--chunk-timeout: must be a number of seconds > 0 (or 0: no limit), got ${args.chunkTimeout}`,
    );
  }
  if (args.chunkTimeout !== undefined && args.chunkTimeout > 0 && args.workers === 0) {
    throw new Error(
      '--chunk-timeout: cannot be enforced with --workers 0 (a chunk running in this thread cannot be stopped); use --workers 1 or more',
    );
  }
  const keep = checkChoices<KeptKind>('keep', requestedList('keep', args.keep), KEEP_KINDS);
  const shard = resolveShard({ shard: args.shard, shards: args.shards, env: io.env });
  // Formula values are computed by the run, between its chunks (runner/formulasBetweenChunks.ts).
  const study = await loadStudyFile(io, args.study, args.studies, { evaluateFormulas: false });
  if (warning) io.stderr.write(`${warning}\n`);
  // guard rails (issue 12): valid but misleading designs, the field to change named
  for (const w of studyWarnings(study)) io.stderr.write(`warning: ${w.field}: ${w.message}\n`);
  const sheet =
    keep.includes('answers') && study.kind === 'simulation'
      ? study.model.definition.answers?.sheet(study.model.parsed[0])
      : undefined;
  if (sheet)
    warnLargeOutput(
      io,
      '--keep answers',
      answersFileBytes(sheet, study.cells.length, args.replications ?? study.replications ?? 0),
      'answers',
      'fewer --replications make it smaller (--parquet writes a compressed twin beside it)',
    );
  const progress = createProgressLine({ stream: io.stderr, quiet: args.quiet });
  let result: Awaited<ReturnType<typeof runStudy>> | undefined;
  let cellsDone = 0;
  // robust: SIGINT / SIGTERM stop the run, keep its checkpoints and say how to continue (issue 8 item 8)
  const interrupts = listenForInterrupts();
  try {
    result = await runStudy(study, {
      ...runMode({
        outDir: io.resolve(outputDirectory(args.out, false)),
        resume: args.resume,
        keep,
        parquet: args.parquet,
        shard: shard ? { index: shard.index, count: shard.count } : undefined,
        targetMcse: args.targetMcse,
        maxReplications: args.maxReplications,
      }),
      onProgress: (p) => {
        cellsDone = p.cellsDone;
        progress.update(p);
      },
      onNotice: (message) => io.stderr.write(`evalsim: ${message}\n`),
      signal: interrupts.signal,
      workers,
      warm,
      replications: args.replications,
      seed: args.seed,
      chunkSize: args.chunkSize,
      chunkTimeout: args.chunkTimeout,
      workerMemoryMb: args.workerMemory,
    });
  } catch (error) {
    if (interrupts.received === undefined) throw study.path ? studyFileError(io, study.path, error) : error;
  } finally {
    progress.finish();
    interrupts.dispose();
  }
  if (result === undefined) {
    io.stderr.write(`evalsim: ${interruptedMessage(cellsDone, study.cells.length)}\n`);
    io.exitCode = SIGNAL_EXIT_CODES[interrupts.received ?? 'SIGINT'];
    return;
  }
  for (const line of formatInvalidIntervals(study.name, result.invalidIntervals))
    io.stderr.write(`${line}\n`);
  if (shard) {
    io.stdout.write(
      `wrote ${shownPath(io, result.files.partial!)} (shard ${shard.index} of ${shard.count}, ${shard.detail}; ${(result.wallTimeMs / 1000).toFixed(1)} s, ${threadsText(result)})\n`,
    );
    return;
  }
  if (result.staleCheckpoints > 0 || args.resume) {
    io.stderr.write(`${resumeReport(result.resumedCells, study.cells.length, result.staleCheckpoints)}\n`);
  }
  if (args.json) {
    io.stdout.write(`${JSON.stringify(flattenRows(result.rows, study.gridKeys), null, 2)}\n`);
    return;
  }
  const { within, total } = expectationSummary(result.rows);
  const replications =
    result.replications !== undefined && !result.target ? `, ${result.replications} replications/cell` : '';
  io.stdout.write(
    `${wrapText(study.config.title, TABLE_WIDTH).join('\n')}\n\n${formatResultsTable(result.rows, { gridKeys: study.gridKeys })}\n\n`,
  );
  if (total > 0) io.stdout.write(`${within} of ${total} published values within tolerance\n`);
  io.stdout.write(
    `wrote ${shownPath(io, result.files.arrow!)} (${(result.wallTimeMs / 1000).toFixed(1)} s, ${threadsText(result)}${replications})\n`,
  );
  if (result.target) {
    const { mcse, cap, replications: counts, capped } = result.target;
    const low = Math.min(...counts);
    const high = Math.max(...counts);
    io.stdout.write(
      `target MCSE ${mcse}: ${low === high ? low : `${low}–${high}`} replications per cell (batches of ${result.replications}, cap ${cap})${capped.length ? `; ${capped.length} cell${capped.length === 1 ? '' : 's'} stopped at the cap above the target: ${capped.join(', ')}` : ''}\n`,
    );
  }
  for (const kind of keep)
    io.stdout.write(`wrote ${shownPath(io, result.files[kind]!)} (every ${kind.replace(/s$/, '')})\n`);
  for (const file of result.files.parquet ?? []) io.stdout.write(`wrote ${shownPath(io, file)} (Parquet)\n`);
}

/** `this thread`, `this thread + 1 worker`, `2 workers`: where the run computed. */
function threadsText(run: { readonly workers: number; readonly threads: number }): string {
  const workers = `${run.workers} worker${run.workers === 1 ? '' : 's'}`;
  if (run.threads === run.workers) return workers;
  return run.workers === 0 ? 'this thread' : `this thread + ${workers}`;
}
