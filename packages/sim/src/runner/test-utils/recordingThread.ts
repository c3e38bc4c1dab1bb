/**
 * A worker thread for the runner's tests that records what it is asked to do (runs, closes, the
 * first replication of each task in order, the most tasks it held at once): it passes tasks to
 * `inner`, or answers them itself with an empty buffer.
 */
import type { ChunkTask } from '../chunkTask.js';
import { DEFAULT_WORKER_MEMORY_MB, type WorkerThread } from '../workerThread.js';

export function recordingThread(inner?: WorkerThread) {
  const log = { runs: 0, closes: 0, running: 0, mostRunning: 0, order: [] as number[] };
  const thread: WorkerThread = {
    memoryMb: DEFAULT_WORKER_MEMORY_MB,
    async run(task, signal) {
      log.runs++;
      log.order.push((task as ChunkTask).start);
      log.running++;
      log.mostRunning = Math.max(log.mostRunning, log.running);
      try {
        if (inner) return await inner.run(task, signal);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return new ArrayBuffer(8);
      } finally {
        log.running--;
      }
    },
    async close() {
      log.closes++;
      await inner?.close();
    },
  };
  return { thread, log };
}
