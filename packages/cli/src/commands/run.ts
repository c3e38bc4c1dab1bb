/**
 * `evalsim run <study>`: validates the study (any error exits non-zero before
 * work starts), runs it on a worker pool with a progress line on stderr,
 * writes `<out>/<name>.arrow` (+ `.runs/<name>.run.json`, and with `--keep` the
 * per-replication files; default out results/local/, so a run never replaces the committed
 * results/) and prints the results with published values and ✓/✗ marks.
 */
import { availableParallelism } from 'node:os';
import { startWorkerThread, type WorkerThread } from '@evalsim/sim/threads';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io.js';
import { MAX_WORKER_MEMORY_MB, MAX_WORKERS, WORKERS_DESCRIPTION } from './flagValues.js';
import { PARQUET_OPTION } from './parquetOutput.js';

export interface RunArgs {
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
  parquet: boolean;
  shard?: string;
  shards?: number;
  chunkTimeout?: number;
  workerMemory?: number;
  targetMcse?: number;
  maxReplications?: number;
}

/**
 * A worker thread started now, so that it loads while this process loads the runner and validates
 * the study: whenever the run may compute on more than one thread — `--workers n ≥ 2`, or the
 * default on a machine with 2 cores or more (runner/workerCount.ts) — and for `--chunk-timeout`
 * (time-limited chunks run only in worker threads). Built-in blocks still start in this thread
 * and give the thread chunks only when the first ones show that workers pay
 * (runner/probingExecutor.ts); a run that does not use it closes it. Started after validation
 * instead, the thread joined a long run 0.3–0.5 s after its first chunk. None for a flag value
 * the run will refuse (runStudyCommand checks every flag, in order, and names it).
 */
function threadToStartEarly(args: RunArgs): WorkerThread | undefined {
  const whole = (value: number | undefined, min: number, max: number) =>
    value === undefined || (Number.isSafeInteger(value) && value >= min && value <= max);
  if (!whole(args.workers, 0, MAX_WORKERS) || !whole(args.workerMemory, 16, MAX_WORKER_MEMORY_MB))
    return undefined;
  const timed = args.chunkTimeout !== undefined && args.chunkTimeout > 0 && args.workers !== 0;
  const threads = Math.min(args.workers ?? availableParallelism(), availableParallelism());
  return timed || threads >= 2 ? startWorkerThread(args.workerMemory) : undefined;
}

export const runCommand: CommandModule<object, RunArgs> = {
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
          'replications per work unit (default: each cell cut into about 4 chunks per worker, at least 250 replications each; rounded up to whole blocks of 100; results do not depend on it)',
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
      .option('parquet', PARQUET_OPTION.parquet)
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
          'seconds a chunk may run, from its start on a worker thread; a stuck method then has its worker terminated and is named. Every chunk then runs on worker threads. Default: 600 for a study with user code (its chunks always run on worker threads), none for built-in blocks; 0: no limit',
      })
      .option('worker-memory', {
        type: 'number',
        describe:
          "heap limit of each worker thread in MB (default 4096); a method past it fails, named. It bounds the JavaScript heap; the typed arrays and buffers evalsim allocates are bounded by the study's sizes (a method's own buffers are not: see docs/robustness.md)",
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
      .example('$0 run clustered-coverage --replications 200 --out preview', 'quick preview')
      .example('$0 run few-clusters --shard 0/4 --out shards/parts', 'one of four shards; then evalsim merge')
      .example(
        '$0 run few-clusters --keep replications',
        'keep every replication for new metrics later',
      ) as never,
  handler: async (args) => {
    const warm = threadToStartEarly(args);
    try {
      await (await import('./runStudyCommand.js')).runStudyCommand(args, warm);
    } finally {
      await warm?.close();
    }
  },
};

/** `reused 5 of 8 cells; 3 stale checkpoints discarded` (what --resume did). */
export function resumeReport(reused: number, cells: number, stale: number): string {
  const discarded = stale > 0 ? `; ${stale} stale checkpoint${stale === 1 ? '' : 's'} discarded` : '';
  return `reused ${reused} of ${cells} cell${cells === 1 ? '' : 's'}${discarded}`;
}
