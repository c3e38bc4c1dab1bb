/**
 * Piscina worker entry: runs a chunk and transfers its output buffer back without
 * copying. Not exported from the package index; chunkExecutor.ts points piscina at
 * the built dist/runner/worker.js (or its bundle).
 */
import { move } from 'piscina';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';

export default async function runChunk(task: ChunkTask): Promise<ArrayBuffer> {
  return move(await executeChunk(task)) as ArrayBuffer;
}
