/**
 * Runs one chunk: shared by the piscina worker and the in-process executor.
 * Caches the validated study per fingerprint and the last few cells'
 * simulators (model buffers, analysers, streams), so a worker allocates a
 * cell's buffers once however many chunks of it it runs. The thread that runs
 * a study shares it first ({@link shareStudy}), so in-process chunks skip
 * validating it again; a worker thread validates the task's config once.
 */
import type { SimulationStudy, Study } from '../config/study.js';
import { validateStudy } from '../config/validateStudy.js';
import { CellSimulator } from './cellSimulator.js';
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

/** Makes `study` this thread's study for its fingerprint (the in-process executor then uses it as is). */
export function shareStudy(study: Study): void {
  studies.delete(study.fingerprint);
  remember(studies, study.fingerprint, Promise.resolve(study), MAX_STUDIES);
}

/** The validated study of `task` (validated once per thread). */
async function studyOf(task: ChunkTask): Promise<SimulationStudy> {
  const study = await (studies.get(task.studyKey) ??
    remember(studies, task.studyKey, validateStudy(task.config, task.baseDir), MAX_STUDIES));
  if (study.kind !== 'simulation') throw new Error(`study ${study.name} has no model to simulate`);
  return study;
}

/** Simulates `task` and returns its records (task.count × stride numbers). */
export async function executeChunk(task: ChunkTask): Promise<Float64Array> {
  const study = await studyOf(task);
  const key = `${task.studyKey}/${task.seed}/${task.cell}`;
  let simulator = simulators.get(key);
  if (!simulator)
    simulator = remember(simulators, key, new CellSimulator(study, task.cell, task.seed), MAX_SIMULATORS);
  const out = new Float64Array(task.count * simulator.stride);
  try {
    simulator.simulate(task.start, task.count, task.caps, out);
  } catch (error) {
    const where = Object.entries(study.cells[task.cell].point)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(', ');
    const wrapped = new Error(
      `study ${study.name}, cell ${task.cell}${where ? ` (${where})` : ''}, replications ${task.start}–${task.start + task.count - 1}: ${(error as Error).message}`,
    );
    (wrapped as Error & { cause: unknown }).cause = error;
    throw wrapped;
  }
  return out;
}
