/**
 * Runs one chunk: shared by the piscina worker and the in-process executor.
 * Caches the validated study per fingerprint and the last few cells'
 * simulators (model buffers, analysers, streams), so a worker allocates a
 * cell's buffers once however many chunks of it it runs.
 */
import type { Study } from '../config/study.js';
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

/** The validated study of `task` (validated once per process; `known` skips validation). */
function studyOf(task: ChunkTask, known?: Study): Promise<Study> {
  const cached = studies.get(task.studyKey);
  if (cached) return cached;
  return remember(
    studies,
    task.studyKey,
    known ? Promise.resolve(known) : validateStudy(task.config, task.baseDir),
    MAX_STUDIES,
  );
}

/** Simulates `task` and returns its records (task.count × stride numbers). */
export async function executeChunk(task: ChunkTask, known?: Study): Promise<Float64Array> {
  const study = await studyOf(task, known);
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
