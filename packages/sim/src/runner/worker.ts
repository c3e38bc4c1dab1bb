/**
 * Piscina worker entry: runs a chunk and transfers its output buffer back without
 * copying. Not exported from the package index; chunkExecutor.ts points piscina at
 * the built dist/runner/worker.js (or its bundle).
 */
import { move } from 'piscina';
import type { ChunkTask } from './chunkTask.js';
import { executeChunk } from './executeChunk.js';
import type { READY_TASK } from './workerThread.js';

export default async function runChunk(task: ChunkTask | typeof READY_TASK): Promise<ArrayBuffer> {
  // The pool's first message to a thread (workerThread.ts): answered once this module is loaded.
  if ('ready' in task) return new ArrayBuffer(0);
  return move(await executeChunk(task)) as ArrayBuffer;
}
