/**
 * Piscina worker entry: runs a chunk and transfers its records back without
 * copying. Not exported from the package index; chunkExecutor.ts points
 * piscina at the compiled dist/runner/worker.js.
 */
import { move } from 'piscina';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';

export default async function runChunk(task: ChunkTask): Promise<Float64Array> {
  return move(await executeChunk(task)) as Float64Array;
}
