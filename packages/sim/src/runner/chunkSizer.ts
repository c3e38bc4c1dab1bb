/**
 * Chunk sizes from measured time (guided self-scheduling): each chunk is cut to take about
 * CHUNK_SECONDS on a thread, from the time per replication of the last finished chunk of the
 * same cell and the same *stretch* of replications — the replications below the same method caps
 * (a method capped at 1,000 of 4,000 replications makes the first 1,000 dearer: few-clusters'
 * bootstraps make them ~20 times dearer), so a chunk never crosses a cap:
 *
 *   count = clamp(⌊CHUNK_SECONDS / (seconds / replication)⌋, 1 block, `largest`), whole blocks,
 *           ending at the next cap or the piece's end.
 *
 * A stretch not yet measured takes the rate of the same stretch of the last cell measured,
 * else one block (a first chunk also pays for a cold JIT, so early rates err towards small
 * chunks, which the next measurement corrects). Why: with fixed replication counts a chunk of a
 * bootstrap stretch is many times dearer than one of the stretch after it, so a worker thread that
 * had finished its queued chunks would wait for the main thread's (the main thread hands out work
 * only between its chunks), and a run would end on one thread's last dear chunk. Small, even
 * chunks keep both threads busy to the end; CHUNK_SECONDS is large against a chunk's dispatch
 * and small against a run (tuned on `evalsim reproduce` with TASKS_PER_THREAD).
 * Results never depend on the sizes (canonical blocks, blocks.ts).
 */
import { BLOCK_SIZE } from './blocks.js';

/** Seconds a chunk is cut to take on one thread. */
export const CHUNK_SECONDS = 0.01;

/** `replications` rounded down to whole blocks (a hair of slack, so 999.9999… replications are 1,000). */
function wholeBlocks(replications: number): number {
  return Math.floor(replications / BLOCK_SIZE + 1e-9) * BLOCK_SIZE;
}

export class ChunkSizer {
  /** Seconds per replication by `${cell}/${stretch}`, and by stretch alone (the last cell measured). */
  private readonly rates = new Map<string, number>();
  private readonly stretchRates = new Map<number, number>();
  /** The distinct caps below the run's end, ascending: stretch i is [bounds[i − 1], bounds[i]). */
  private readonly bounds: number[];

  /**
   * `caps`: replications each method runs on (methodCaps.ts); `largest`: the most replications a
   * chunk may hold (a whole multiple of BLOCK_SIZE).
   */
  constructor(
    caps: readonly number[],
    private readonly largest: number,
  ) {
    if (!(Number.isInteger(largest) && largest >= BLOCK_SIZE && largest % BLOCK_SIZE === 0)) {
      throw new RangeError(`largest: must be a positive multiple of ${BLOCK_SIZE}, got ${largest}`);
    }
    const blockCaps = caps.map((cap) => Math.ceil(cap / BLOCK_SIZE) * BLOCK_SIZE);
    this.bounds = [...new Set(blockCaps)].sort((a, b) => a - b);
  }

  /** The stretch replication `start` is in (the number of cap bounds at or below it). */
  private stretch(start: number): number {
    let i = 0;
    while (i < this.bounds.length && this.bounds[i] <= start) i++;
    return i;
  }

  /** Replications of the chunk of `cell` that starts at `start` (block-aligned) in a piece ending at `end`. */
  next(cell: number, start: number, end: number): number {
    const stretch = this.stretch(start);
    const stop = Math.min(end, this.bounds[stretch] ?? end);
    const rate = this.rates.get(`${cell}/${stretch}`) ?? this.stretchRates.get(stretch);
    const wanted =
      rate === undefined
        ? BLOCK_SIZE
        : rate > 0
          ? Math.min(this.largest, Math.max(BLOCK_SIZE, wholeBlocks(CHUNK_SECONDS / rate)))
          : this.largest;
    return Math.max(1, Math.min(wanted, stop - start));
  }

  /** A finished chunk: replications [start, start + count) of `cell` took `seconds` on its thread. */
  record(cell: number, start: number, count: number, seconds: number): void {
    if (!(seconds >= 0 && count > 0)) return;
    const stretch = this.stretch(start);
    const rate = seconds / count;
    this.rates.set(`${cell}/${stretch}`, rate);
    this.stretchRates.set(stretch, rate);
  }
}
