/**
 * runStudy: runs a validated study and returns its tidy rows (and, with an `outDir`, writes
 * `<outDir>/<name>.arrow` and the `.runs/<name>.run.json` sidecar), in four steps:
 *
 *   plan      runPlan.ts      the options checked, the run mode resolved (runOptions.ts: whole,
 *                             targeted or shard), seed, replications, caps, chunk size, checkpoint key
 *   execute   runExecutor.ts  where chunks run (a pool, this thread, or this thread probing
 *                             whether workers pay) and how they are cut; simulateCells.ts runs them
 *   sink      cellSink.ts     each chunk, in replication order: folded into its cell's rows,
 *                             checkpointed and kept (foldingSink.ts), or a shard's blocks (shardSink.ts)
 *   publish   publishRun.ts   results, kept files and run info together, or the partial-result file
 *
 * Each cell's replications are cut into canonical blocks of BLOCK_SIZE (blocks.ts) and folded in
 * block order (cellFold.ts), so results are byte-identical for any worker count, chunk size,
 * resume point or shard split. With an `outDir`, the directory is checked and locked before any
 * work (a shard writes only its partial file, so shards of one study may share a directory
 * unlocked); `chunkTimeout` and `workerMemoryMb` stop a stuck or runaway method, named (a study
 * with user code has a default time limit, DEFAULT_CHUNK_TIMEOUT_SECONDS, and its process's
 * memory, ArrayBuffers included, is watched against the workers' limits: memoryWatch.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Study } from '../config/study.js';
import { prepareOutputDirectory } from '../output/prepareOutputDirectory.js';
import { acquireRunLock } from '../output/runLock.js';
import type { CellSink } from './cellSink.js';
import { shareStudy } from './executeChunk.js';
import { FoldingSink } from './foldingSink.js';
import { computeFormulasBetweenChunks } from './formulasBetweenChunks.js';
import { publishShard, publishWhole, type RunRecord } from './publishRun.js';
import { startExecution } from './runExecutor.js';
import type { RunOptions, RunSettings, StudyRun } from './runOptions.js';
import { outputFileNames, planRun, type RunPlan, studyInputFiles } from './runPlan.js';
import { ProgressCounter } from './runProgress.js';
import { ShardSink } from './shardSink.js';
import { type CellPiece, simulateCells } from './simulateCells.js';

/**
 * Runs `study` (see the module comment) and returns its rows with expectations attached. The
 * lock of an `outDir` is released however the run ends, and `warm` is closed.
 */
export async function runStudy(study: Study, options: RunOptions = {}): Promise<StudyRun> {
  try {
    return await runChecked(study, options);
  } finally {
    // Unused (a run in this thread, nothing left to simulate, an error) or already closed with its pool.
    await options.warm?.close();
  }
}

async function runChecked(study: Study, options: RunOptions): Promise<StudyRun> {
  const plan = planRun(study, options);
  const { outDir } = plan;
  if (outDir === undefined) return runPlanned(plan, options);
  const output = prepareOutputDirectory(outDir, outputFileNames(plan, outDir), {
    inputs: studyInputFiles(study),
  });
  try {
    if (plan.mode.kind === 'shard') return await runPlanned(plan, options);
    const lock = acquireRunLock(outDir, study.name);
    if (lock.notice !== undefined) options.onNotice?.(lock.notice);
    try {
      return await runPlanned(plan, options);
    } finally {
      lock.release();
    }
  } catch (error) {
    // Directories the check created and nothing was written into (checkpoints stay).
    output.discard();
    throw error;
  }
}

async function runPlanned(plan: RunPlan, options: RunSettings): Promise<StudyRun> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const record = (threads: { workers: number; mainThread: boolean }): RunRecord => ({
    ...threads,
    startedAt,
    wallTimeMs: () => performance.now() - started,
  });
  // The threads stop while the results are written (awaited after, however the run ends).
  let closing: Promise<void> | undefined;
  const closed = (threads: Promise<void>) => {
    closing = threads;
  };
  const cells = plan.study.cells.length;
  if (plan.mode.kind === 'shard') {
    const sink = new ShardSink(plan);
    const replications = sink.pending.reduce((n, p) => n + p.end - p.start, 0);
    const progress = new ProgressCounter(
      plan.study.name,
      { cellsDone: 0, cellsTotal: sink.pending.length, replicationsDone: 0, replicationsTotal: replications },
      options.onProgress,
    );
    try {
      return publishShard(plan, sink, record(await simulate(plan, sink, options, progress, closed)));
    } finally {
      await closing;
    }
  }
  const sink = new FoldingSink(plan);
  const perCell = plan.simulation?.replications ?? 0;
  const progress = new ProgressCounter(
    plan.study.name,
    {
      cellsDone: sink.resumedCells,
      cellsTotal: cells,
      replicationsDone: sink.resumedCells * perCell,
      replicationsTotal: cells * perCell,
    },
    options.onProgress,
  );
  try {
    return publishWhole(plan, sink, record(await simulate(plan, sink, options, progress, closed)));
  } catch (error) {
    // However the run stops early (an interrupt, a method's or the disk's failure), its finished
    // cells are written for --resume (none wait after abandon(): a formula's problem clears them).
    // The run's own error is the one reported.
    sink.stopped();
    throw error;
  } finally {
    sink.dispose();
    await closing;
  }
}

/**
 * Simulates the sink's pieces (and a targeted run's further batches) on the run's executor,
 * computing the study's formula values in this thread between chunks (a shard writes none). A
 * formula that fails is a problem of the study, as at validation: the run stops at once and
 * keeps no checkpoint. Returns where the run computed; `closed` gets the closing of the threads
 * it started, to await once the results are written.
 */
async function simulate(
  plan: RunPlan,
  sink: CellSink,
  options: RunSettings,
  progress: ProgressCounter,
  closed: (threads: Promise<void>) => void,
): Promise<{ workers: number; mainThread: boolean }> {
  progress.tell();
  const { simulation } = plan;
  if (!simulation) {
    progress.finishedAll();
    progress.tell();
  }
  let pieces = sink.pending;
  if (!simulation || pieces.length === 0) return { workers: 0, mainThread: true };
  shareStudy(simulation.study);
  const execution = startExecution(plan, simulation, pieces, options);
  const stopped = new AbortController();
  const stopRun = () => stopped.abort(options.signal?.reason);
  if (options.signal?.aborted) stopRun();
  else options.signal?.addEventListener('abort', stopRun, { once: true });
  let formulaProblem: unknown;
  let threads = { workers: 0, mainThread: true };
  const formulas = plan.mode.kind === 'shard' ? undefined : computeFormulasBetweenChunks(plan.study);
  formulas?.catch((error: unknown) => {
    formulaProblem = error;
    stopped.abort(error);
  });
  try {
    for (let next: CellPiece[] = []; pieces.length > 0; pieces = next, next = []) {
      await simulateCells({
        ...execution.settings,
        pieces,
        keepRecords: sink.keepRecords,
        keepAnswers: sink.keepAnswers,
        signal: stopped.signal,
        onChunk(piece, _start, count, chunk) {
          sink.chunk(piece, chunk);
          progress.simulated(count);
          progress.tell();
        },
        onPiece(piece) {
          const batch = sink.piece(piece);
          if (batch) {
            next.push(batch);
            progress.extended(batch.end - batch.start);
            return;
          }
          progress.finished();
          progress.tell();
        },
      });
    }
    await formulas;
  } catch (error) {
    if (formulaProblem === undefined) throw error;
    sink.abandon();
    throw formulaProblem;
  } finally {
    options.signal?.removeEventListener('abort', stopRun);
    threads = execution.threads();
    const closing = execution.close();
    closing.catch(() => {});
    closed(closing);
  }
  return threads;
}
