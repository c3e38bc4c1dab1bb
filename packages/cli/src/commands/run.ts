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
  resolveShard,
  runStudy,
  studyWarnings,
} from '@evalsim/sim';
import type { CommandModule } from 'yargs';
import { TABLE_WIDTH } from '../format/alignedTable.js';
import { flattenRows, formatResultsTable } from '../format/formatResults.js';
import { formatInvalidIntervals } from '../format/invalidIntervals.js';
import { createProgressLine } from '../format/progressLine.js';
import { wrapText } from '../format/wrapText.js';
import type { CliIo } from '../io.js';
import { outputDirectory } from '../reproduce/outputDirectory.js';
import { integerFlag, requestedList, WORKERS_DESCRIPTION, workersFlag } from './flagValues.js';
import { interruptedMessage, listenForInterrupts, SIGNAL_EXIT_CODES } from './interrupts.js';
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
  shard?: string;
  shards?: number;
  chunkTimeout?: number;
  workerMemory?: number;
  targetMcse?: number;
  maxReplications?: number;
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
      .option('workers', { type: 'number', describe: WORKERS_DESCRIPTION })
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
        describe:
          'replications per work unit (default 250, rounded up to whole blocks of 100; results do not depend on it)',
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
      .option('target-mcse', {
        type: 'number',
        describe:
          "run batches of the study's replications per cell until every MCSE of the cell is at most this (deterministic; the count is recorded)",
      })
      .option('max-replications', {
        type: 'number',
        describe: 'cap per cell with --target-mcse (default 100 batches, at most 100,000,000)',
      })
      .option('chunk-timeout', {
        type: 'number',
        describe:
          'seconds a chunk may run; a stuck method then has its worker terminated and is named (needs worker threads)',
      })
      .option('worker-memory', {
        type: 'number',
        describe: 'heap limit of each worker thread in MB (default 4096); a method past it fails, named',
      })
      .option('shard', {
        type: 'string',
        describe:
          'compute shard i of N (i/N, from 0) and write <out>/<name>.shard-i-of-N.partial for `evalsim merge` (default: from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX when set)',
      })
      .option('shards', {
        type: 'number',
        describe:
          'N, the shard count: with a scheduler index from the environment (a cross-check with --shard)',
      })
      .example('$0 run studies/clustered-coverage.json --workers 2', '')
      .example('$0 run clustered-coverage --replications 200 --out /tmp/preview', 'quick preview')
      .example('$0 run few-clusters --shard 0/4 --out shards/parts', 'one of four shards; then evalsim merge')
      .example(
        '$0 run few-clusters --keep replications',
        'keep every replication for new metrics later',
      ) as never,
  handler: async (args) => {
    const { io } = args;
    const { workers, warning } = workersFlag(args.workers);
    integerFlag('replications', args.replications, 1, MAX_REPLICATIONS);
    integerFlag('seed', args.seed, 0, 4294967295);
    integerFlag('chunk-size', args.chunkSize, 1, MAX_REPLICATIONS);
    integerFlag('worker-memory', args.workerMemory, 16, 1_048_576);
    integerFlag('max-replications', args.maxReplications, 1, MAX_REPLICATIONS);
    if (args.targetMcse !== undefined && !(args.targetMcse > 0)) {
      throw new Error(`--target-mcse: must be a number > 0, got ${args.targetMcse}`);
    }
    if (args.maxReplications !== undefined && args.targetMcse === undefined) {
      throw new Error('--max-replications: only applies with --target-mcse');
    }
    if (args.chunkTimeout !== undefined && !(args.chunkTimeout > 0)) {
      throw new Error(`--chunk-timeout: must be a number of seconds > 0, got ${args.chunkTimeout}`);
    }
    if (args.chunkTimeout !== undefined && args.workers === 0) {
      throw new Error(
        '--chunk-timeout: cannot be enforced with --workers 0 (a chunk running in this thread cannot be stopped); use --workers 1 or more',
      );
    }
    const keep = checkChoices<KeptKind>('keep', requestedList('keep', args.keep), KEEP_KINDS);
    const shard = resolveShard({ shard: args.shard, shards: args.shards, env: io.env });
    const study = await loadStudyFile(io, args.study, args.studies);
    if (warning) io.stderr.write(`${warning}\n`);
    // guard rails (issue 12): valid but misleading designs, the field to change named
    for (const w of studyWarnings(study)) io.stderr.write(`warning: ${w.field}: ${w.message}\n`);
    const progress = createProgressLine({ stream: io.stderr, quiet: args.quiet });
    let result: Awaited<ReturnType<typeof runStudy>> | undefined;
    let cellsDone = 0;
    // robust: SIGINT / SIGTERM stop the run, keep its checkpoints and say how to continue (issue 8 item 8)
    const interrupts = listenForInterrupts();
    try {
      result = await runStudy(study, {
        outDir: io.resolve(outputDirectory(args.out, false)),
        resume: args.resume,
        keep,
        onProgress: (p) => {
          cellsDone = p.cellsDone;
          progress.update(p);
        },
        onNotice: (message) => io.stderr.write(`evalsim: ${message}\n`),
        signal: interrupts.signal,
        workers,
        replications: args.replications,
        seed: args.seed,
        chunkSize: args.chunkSize,
        shard: shard ? { index: shard.index, count: shard.count } : undefined,
        chunkTimeout: args.chunkTimeout,
        workerMemoryMb: args.workerMemory,
        targetMcse: args.targetMcse,
        maxReplications: args.maxReplications,
      });
    } catch (error) {
      if (interrupts.received === undefined) throw error;
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
        `wrote ${shownPath(io, result.files.partial!)} (shard ${shard.index} of ${shard.count}, ${shard.detail}; ${(result.wallTimeMs / 1000).toFixed(1)} s, ${result.workers} worker${result.workers === 1 ? '' : 's'})\n`,
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
      `wrote ${shownPath(io, result.files.arrow!)} (${(result.wallTimeMs / 1000).toFixed(1)} s, ${result.workers} worker${result.workers === 1 ? '' : 's'}${replications})\n`,
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
  },
};

/** `reused 5 of 8 cells; 3 stale checkpoints discarded` (what --resume did). */
export function resumeReport(reused: number, cells: number, stale: number): string {
  const discarded = stale > 0 ? `; ${stale} stale checkpoint${stale === 1 ? '' : 's'} discarded` : '';
  return `reused ${reused} of ${cells} cell${cells === 1 ? '' : 's'}${discarded}`;
}
