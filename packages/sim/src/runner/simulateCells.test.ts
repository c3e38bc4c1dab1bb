/**
 * The dispatch window (simulateCells.ts): at most `maxInFlight` chunks run at once, but a thread
 * holding the earliest chunk does not stop the others — finished chunks wait for it (up to
 * waitingChunks, none when records are kept) — and chunks are still consumed in order.
 */
import { describe, expect, test } from 'vitest';
import type { SimulationStudy } from '../config/study.js';
import { cellShape } from './cellSimulator.js';
import type { ChunkExecutor } from './chunkExecutor.js';
import { allocateChunkOutput, packChunk } from './chunkOutput.js';
import type { ChunkTask } from './chunkTask.js';
import { type CellPiece, simulateCells, waitingChunks } from './simulateCells.js';

/** Enough of a study for chunk shapes: one method, no diagnostics, no kept answers. */
const study = {
  inputDigest: 'toy',
  inputs: [],
  config: {},
  baseDir: '.',
  methods: [{}],
  diagnostics: [],
  model: { definition: {} },
} as unknown as SimulationStudy;

/**
 * An executor that holds the chunk starting at 0 until `release()` and answers the others at once
 * (with each replication's records when `kept`).
 */
function holdingExecutor(kept = false) {
  const started: number[] = [];
  let running = 0;
  let mostRunning = 0;
  let release = () => {};
  const executor: ChunkExecutor = {
    workers: 1,
    mainThread: true,
    run(task: ChunkTask) {
      started.push(task.start);
      running++;
      mostRunning = Math.max(mostRunning, running);
      const finish = (resolve: (b: ArrayBuffer) => void) => {
        running--;
        const records = kept ? allocateChunkOutput(cellShape(study, 0, false), task.count) : null;
        resolve(packChunk([], records, 0.001));
      };
      return new Promise<ArrayBuffer>((resolve) => {
        if (task.start === 0) release = () => finish(resolve);
        else setImmediate(() => finish(resolve));
      });
    },
    async close() {},
  };
  return { executor, started, release: () => release(), most: () => mostRunning };
}

function run(executor: ChunkExecutor, keep: boolean, consumed: number[]) {
  const pieces: CellPiece[] = [{ cell: 0, start: 0, end: 2000 }];
  return simulateCells({
    study,
    executor,
    pieces,
    seed: 1,
    caps: [2000],
    chunkSize: 100,
    maxInFlight: 2,
    keepRecords: keep,
    keepAnswers: false,
    signal: undefined,
    workerMemoryMb: 64,
    onChunk: (_piece, start) => consumed.push(start),
    onPiece: () => {},
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('simulateCells dispatch window', () => {
  test('a held first chunk does not stop the others; consumption stays in order', async () => {
    const { executor, started, release, most } = holdingExecutor();
    const consumed: number[] = [];
    const done = run(executor, false, consumed);
    await settle();
    // All 20 chunks were dispatched (20 − 1 ≤ waitingChunks) while the first was held …
    expect(waitingChunks(false, 2)).toBeGreaterThanOrEqual(19);
    expect(started.length).toBe(20);
    expect(most()).toBeLessThanOrEqual(2);
    // … and none was consumed before it.
    expect(consumed).toEqual([]);
    release();
    await done;
    expect(consumed).toEqual(Array.from({ length: 20 }, (_, i) => i * 100));
  });

  test('with kept records no finished chunk waits beyond maxInFlight', async () => {
    const { executor, started, release } = holdingExecutor(true);
    const consumed: number[] = [];
    const done = run(executor, true, consumed);
    await settle();
    expect(waitingChunks(true, 2)).toBe(0);
    expect(started).toEqual([0, 100]);
    release();
    await done;
    expect(consumed.length).toBe(20);
  });
});
