/**
 * Runs one chunk: shared by the piscina worker and the in-process executor.
 * Caches the validated study per inputDigest (checked against the main thread's inputs) and the last few cells'
 * simulators (model buffers, analysers, streams), so a worker allocates a
 * cell's buffers once however many chunks of it it runs. The thread that runs
 * a study shares it first ({@link shareStudy}), so in-process chunks skip
 * validating it again; a worker thread validates the task's config once.
 */

import { verifyStudyInputs } from '../config/inputs/verifyStudyInputs.js';
import { describeCell } from '../config/placeError.js';
import type { SimulationStudy, Study } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import { CellSimulator } from './cellSimulator.js';
import { allocateChunkOutput, chunkOutputOf } from './chunkOutput.js';
import type { ChunkTask } from './chunkTask.js';

const studies = new Map<string, Promise<Study>>();
const simulators = new Map<string, CellSimulator>();
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
    remember(studies, task.studyKey, validateStudy(task.config, task.baseDir), MAX_STUDIES));
  if (study.kind !== 'simulation') throw new Error(`study ${study.name} has no model to simulate`);
  verifyStudyInputs(study, task.studyKey, task.inputs); // robust: the worker loaded what the main thread hashed
  return study;
}

/** Simulates `task`; returns its output buffer (chunkOutput.ts layout). */
export async function executeChunk(task: ChunkTask): Promise<ArrayBuffer> {
  const study = await studyOf(task);
  const key = `${task.studyKey}/${task.seed}/${task.cell}/${task.keepAnswers}`;
  let simulator = simulators.get(key);
  if (!simulator) {
    const created = new CellSimulator(study, task.cell, task.seed, task.keepAnswers);
    simulator = remember(simulators, key, created, MAX_SIMULATORS);
  }
  const buffer = allocateChunkOutput(simulator.shape, task.count);
  try {
    simulator.simulate(task.start, task.count, task.caps, chunkOutputOf(buffer, simulator.shape, task.count));
  } catch (error) {
    const where = describeCell(study.cells[task.cell]);
    const wrapped = new Error(
      `study ${study.name}, cell ${task.cell}${where ? ` (${where})` : ''}, replications ${task.start}–${task.start + task.count - 1}: ${(error as Error).message}`,
    );
    (wrapped as Error & { cause: unknown }).cause = error;
    throw wrapped;
  }
  return buffer;
}
