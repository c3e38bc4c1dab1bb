/**
 * Chunk sizes from measured time (chunkSizer.ts): about CHUNK_SECONDS per chunk, whole blocks,
 * never across a method cap or the piece's end, one block while a stretch is unmeasured.
 */
import { describe, expect, test } from 'vitest';
import { BLOCK_SIZE } from './blocks.js';
import { CHUNK_SECONDS, ChunkSizer } from './chunkSizer.js';

describe('ChunkSizer', () => {
  test('one block until measured, then the blocks that take CHUNK_SECONDS', () => {
    const sizer = new ChunkSizer([4000, 4000], 40 * BLOCK_SIZE);
    expect(sizer.next(0, 0, 4000)).toBe(BLOCK_SIZE);
    // 10 blocks' worth of time per CHUNK_SECONDS: 1,000 replications.
    sizer.record(0, 0, 100, (CHUNK_SECONDS / 1000) * 100);
    expect(sizer.next(0, 100, 4000)).toBe(1000);
    // A rate between block multiples rounds down to whole blocks: 1,250 → 1,200.
    sizer.record(0, 100, 1000, (CHUNK_SECONDS / 1250) * 1000);
    expect(sizer.next(0, 1100, 4000)).toBe(1200);
  });

  test('clamped to one block, to `largest`, and to the piece’s end', () => {
    const sizer = new ChunkSizer([4000], 20 * BLOCK_SIZE);
    sizer.record(0, 0, 100, 100 * CHUNK_SECONDS); // 100 times too dear for a block
    expect(sizer.next(0, 100, 4000)).toBe(BLOCK_SIZE);
    sizer.record(0, 100, 100, 1e-9); // nearly free
    expect(sizer.next(0, 200, 4000)).toBe(20 * BLOCK_SIZE);
    expect(sizer.next(0, 3900, 3950)).toBe(50);
    sizer.record(0, 200, 100, 0); // below the clock's resolution
    expect(sizer.next(0, 300, 4000)).toBe(20 * BLOCK_SIZE);
  });

  test('a chunk never crosses a method cap; each stretch has its own rate', () => {
    // A bootstrap capped at 1,000 of 4,000 replications: [0, 1000) dear, [1000, 4000) cheap.
    const sizer = new ChunkSizer([4000, 1000, 4000], 40 * BLOCK_SIZE);
    sizer.record(0, 0, 100, (CHUNK_SECONDS / 10_000) * 100);
    expect(sizer.next(0, 700, 4000)).toBe(300);
    // The cheap stretch is not measured yet: one block, not the dear stretch's rate.
    expect(sizer.next(0, 1000, 4000)).toBe(BLOCK_SIZE);
    sizer.record(0, 1000, 100, (CHUNK_SECONDS / 2000) * 100);
    expect(sizer.next(0, 1100, 4000)).toBe(2000);
    // A cap that is not a whole block ends its stretch at the block that holds it.
    const ragged = new ChunkSizer([4000, 950], 40 * BLOCK_SIZE);
    ragged.record(0, 0, 100, (CHUNK_SECONDS / 10_000) * 100);
    expect(ragged.next(0, 0, 4000)).toBe(1000);
  });

  test('an unmeasured cell takes the same stretch’s rate from the last cell measured', () => {
    const sizer = new ChunkSizer([4000, 1000], 40 * BLOCK_SIZE);
    sizer.record(0, 0, 100, (CHUNK_SECONDS / 500) * 100);
    sizer.record(0, 1000, 100, (CHUNK_SECONDS / 3000) * 100);
    expect(sizer.next(1, 0, 4000)).toBe(500);
    expect(sizer.next(1, 1000, 4000)).toBe(3000);
    sizer.record(1, 0, 500, (CHUNK_SECONDS / 200) * 500);
    expect(sizer.next(1, 500, 4000)).toBe(200);
    // Cell 0 keeps its own rate.
    expect(sizer.next(0, 100, 4000)).toBe(500);
  });

  test('largest must be whole blocks', () => {
    expect(() => new ChunkSizer([100], 150)).toThrow(/largest: must be a positive multiple of 100, got 150/);
    expect(() => new ChunkSizer([100], 0)).toThrow(RangeError);
  });
});
