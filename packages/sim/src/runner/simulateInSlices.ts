/**
 * A block simulated on the main thread in slices of replications, letting the event loop run
 * between two slices once SLICE_MS have passed since this thread last let it: a block is the
 * unit of the fold (blocks.ts) and can take seconds — arena-20-copies' bootstrap methods, capped
 * at its first replications, all fall in its first block — and while a chunk runs here
 * unbroken this thread can neither hand a worker thread that has just loaded its first chunk nor
 * take a finished one and give it the next (piscina's messages and the pools' dispatch run on
 * this thread's event loop), so the worker idled for the whole first chunk (the probe's,
 * probingExecutor.ts). Same numbers: replication r depends only on (seed, cell, r)
 * (cellSimulator.ts), the slices write the block's records in place and the block is folded once,
 * after its last slice.
 *
 * A slice's length adapts per cell (Slicing): it doubles, up to the block, while a slice takes
 * under SLICE_MS / 4 and halves when one takes over SLICE_MS, so a cheap cell soon simulates
 * whole blocks in one call, and then executeChunk calls the simulator itself and only
 * yieldIfDue between blocks (a cheap replication's block then pays no slicing at all).
 */
import { BLOCK_SIZE } from './blocks.js';
import type { CellSimulator } from './cellSimulator.js';
import { type ChunkOutput, chunkOutputRange } from './chunkOutput.js';

/** Milliseconds this thread computes before it lets the event loop run. */
export const SLICE_MS = 10;

/** A cell's slice length, in replications (starts at 1: the first replications are the cold ones). */
export interface Slicing {
  replications: number;
}

let lastYield = performance.now();

/**
 * Lets the event loop run once (timers, I/O and worker threads' messages included) if SLICE_MS
 * have passed since this thread last did; resolves at once otherwise. Called between blocks too,
 * when a cell's slices have grown to whole blocks (executeChunk.ts).
 */
export function yieldIfDue(): Promise<void> | undefined {
  if (performance.now() - lastYield < SLICE_MS) return undefined;
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      lastYield = performance.now();
      resolve();
    }),
  );
}

/**
 * Replications [first, first + count) of `simulator` into `out` (a block's records, count ≤
 * BLOCK_SIZE), as `simulator.simulate` would write them in one call.
 */
export async function simulateInSlices(
  simulator: CellSimulator,
  slicing: Slicing,
  first: number,
  count: number,
  caps: readonly number[],
  out: ChunkOutput,
  phase?: Int32Array,
): Promise<void> {
  for (let done = 0; done < count; ) {
    const n = Math.min(slicing.replications, count - done);
    const started = performance.now();
    simulator.simulate(
      first + done,
      n,
      caps,
      n === count ? out : chunkOutputRange(out, simulator.shape, done, n),
      phase,
    );
    done += n;
    const took = performance.now() - started;
    if (took < SLICE_MS / 4) slicing.replications = Math.min(BLOCK_SIZE, slicing.replications * 2);
    else if (took > SLICE_MS) slicing.replications = Math.max(1, slicing.replications >> 1);
    await yieldIfDue();
  }
}
