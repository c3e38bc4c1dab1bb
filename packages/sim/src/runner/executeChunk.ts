/**
 * Runs one chunk: shared by the piscina worker and the in-process executor.
 * Caches the validated study per inputDigest (checked against the main thread's inputs) and the
 * last few cells' simulators (model buffers, analysers, streams) and block partials, so a worker
 * allocates a cell's buffers once however many chunks of it it runs. The thread that runs
 * a study shares it first ({@link shareStudy}), so in-process chunks skip
 * validating it again; a worker thread resolves the task's config once, without the JSON
 * Schema check the main thread already made (no schema compile in workers) and without
 * computing formula values (only the main thread writes formula rows).
 */

import { isMainThread, threadId } from 'node:worker_threads';
import { verifyStudyInputs } from '../config/inputs/verifyStudyInputs.js';
import { describeCell } from '../config/placeError.js';
import type { SimulationStudy, Study } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import { adoptPopulationFiles } from '../models/support/populationFile.js';
import { BLOCK_SIZE } from './blocks.js';
import { CellPartial } from './cellPartial.js';
import { CellSimulator } from './cellSimulator.js';
import {
  allocateChunkOutput,
  type ChunkOutput,
  chunkOutputOf,
  chunkOutputRange,
  packChunk,
} from './chunkOutput.js';
import type { ChunkTask } from './chunkTask.js';
import { type Slicing, simulateInSlices, yieldIfDue } from './simulateInSlices.js';
import { threadSchedule } from './threadCpuTime.js';
import { traceClockMs } from './threadTrace.js';

const studies = new Map<string, Promise<Study>>();
const cells = new Map<string, CellWork>();
const MAX_STUDIES = 16;
const MAX_SIMULATORS = 8;

function remember<V>(cache: Map<string, V>, key: string, value: V, limit: number): V {
  if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** Makes `study` this thread's study for its inputDigest (the in-process executor then uses it as is). */
export function shareStudy(study: Study): void {
  studies.delete(study.inputDigest);
  remember(studies, study.inputDigest, Promise.resolve(study), MAX_STUDIES);
}

/** The validated study of `task` (validated once per thread). */
async function studyOf(task: ChunkTask): Promise<SimulationStudy> {
  const study = await (studies.get(task.studyKey) ??
    remember(
      studies,
      task.studyKey,
      // No formula values in a worker: the main thread computed them (exact sums can be costly).
      validateStudy(JSON.parse(task.configText), task.baseDir, {
        schemaChecked: true,
        evaluateFormulas: false,
      }),
      MAX_STUDIES,
    ));
  if (study.kind !== 'simulation') throw new Error(`study ${study.name} has no model to simulate`);
  verifyStudyInputs(study, task.studyKey, task.inputs); // robust: the worker loaded what the main thread hashed
  return study;
}

/** A cell's simulator and the reusable state its blocks are folded in. */
interface CellWork {
  readonly simulator: CellSimulator;
  readonly partial: CellPartial;
  /** The state of a partial with nothing added: read to reset `partial` before each block. */
  readonly empty: Float64Array;
  /** Records of one block, when they are not kept. */
  readonly scratch: ChunkOutput;
  /** The main thread's slice length for this cell (simulateInSlices.ts). */
  readonly slicing: Slicing;
}

function cellWork(study: SimulationStudy, task: ChunkTask): CellWork {
  const simulator = new CellSimulator(study, task.cell, task.seed, task.keepAnswers);
  const partial = new CellPartial(study, task.cell, task.caps);
  const empty: number[] = [];
  partial.write(empty);
  const scratch = chunkOutputOf(
    allocateChunkOutput(simulator.shape, BLOCK_SIZE),
    simulator.shape,
    BLOCK_SIZE,
  );
  return { simulator, partial, empty: Float64Array.from(empty), scratch, slicing: { replications: 1 } };
}

/**
 * Simulates `task` block by block, folding each block's replications into a block partial;
 * returns the packed partials (and kept records/answers) (chunkOutput.ts layout).
 */
export async function executeChunk(task: ChunkTask): Promise<ArrayBuffer> {
  if (task.populations) adoptPopulationFiles(task.populations);
  const study = await studyOf(task);
  // Timed from here: chunks queued on a worker thread that wait for its first validation of the
  // study would otherwise all count it (and their times overlap). From here on a chunk on a
  // worker thread runs to its end without yielding; on the main thread it lets the event loop run
  // every SLICE_MS (simulateInSlices.ts) — the executors still run one chunk at a time here, and
  // the cell's buffers below are checked out of the cache while it runs.
  const started = performance.now();
  const startMs = traceClockMs();
  const startCpu = threadSchedule()?.cpuSeconds;
  const key = `${task.studyKey}/${task.seed}/${task.cell}/${task.keepAnswers}/${task.caps.join(',')}`;
  // Taken out of the cache while the chunk runs and put back after it: a chunk of the same cell
  // that starts on this thread meanwhile (during a slice's yield) gets buffers of its own.
  const work = cells.get(key) ?? cellWork(study, task);
  cells.delete(key);
  const { simulator, partial, empty, scratch, slicing } = work;
  const keeping = task.keepRecords || task.keepAnswers;
  const keptBuffer = keeping ? allocateChunkOutput(simulator.shape, task.count) : null;
  const kept = keptBuffer ? chunkOutputOf(keptBuffer, simulator.shape, task.count) : null;
  const partials: number[] = [];
  let first = task.start;
  try {
    for (let done = 0; done < task.count; done += BLOCK_SIZE) {
      first = task.start + done;
      const count = Math.min(BLOCK_SIZE, task.count - done);
      const out = kept ? chunkOutputRange(kept, simulator.shape, done, count) : scratch;
      if (isMainThread && slicing.replications < count)
        await simulateInSlices(simulator, slicing, first, count, task.caps, out, task.phase);
      else simulator.simulate(first, count, task.caps, out, task.phase);
      if (isMainThread) await yieldIfDue();
      partial.read(empty, 0);
      partial.add(out.records, first, count);
      const at = partials.length;
      partials.push(0);
      partial.write(partials);
      partials[at] = partials.length - at - 1;
    }
  } catch (error) {
    const where = describeCell(study.cells[task.cell]);
    const last = Math.min(first + BLOCK_SIZE, task.start + task.count) - 1;
    const wrapped = new Error(
      `study ${study.name}, cell ${task.cell}${where ? ` (${where})` : ''}, replications ${first}–${last}: ${(error as Error).message}`,
    );
    (wrapped as Error & { cause: unknown }).cause = error;
    throw wrapped;
  } finally {
    remember(cells, key, work, MAX_SIMULATORS);
  }
  const seconds = (performance.now() - started) / 1000;
  const schedule = threadSchedule();
  return packChunk(partials, keptBuffer, seconds, {
    startMs,
    endMs: traceClockMs(),
    thread: threadId,
    cpuSeconds: schedule && startCpu !== undefined ? schedule.cpuSeconds - startCpu : seconds,
    threadCpuSeconds: schedule?.cpuSeconds ?? 0,
    threadWaitSeconds: schedule?.waitSeconds ?? 0,
  });
}
