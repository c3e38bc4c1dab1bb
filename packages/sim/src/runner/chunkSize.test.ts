import { describe, expect, test } from 'vitest';
import { BLOCK_SIZE } from './blocks.js';
import { CHUNKS_PER_WORKER, defaultChunkSize, MIN_DEFAULT_CHUNK } from './chunkSize.js';

describe('default chunk size from the work', () => {
  test('a cell in about CHUNKS_PER_WORKER chunks per worker, whole blocks, never below the minimum', () => {
    expect(defaultChunkSize(20_000, 2)).toBe(2500);
    expect(defaultChunkSize(20_000, 1)).toBe(5000);
    expect(defaultChunkSize(4000, 2)).toBe(500);
    expect(defaultChunkSize(1000, 2)).toBe(MIN_DEFAULT_CHUNK);
    expect(defaultChunkSize(1, 8)).toBe(MIN_DEFAULT_CHUNK);
    expect(defaultChunkSize(20_001, 2)).toBe(2600); // ⌈20,001 / 8⌉ = 2,501 → whole blocks
    expect(defaultChunkSize(10_000, 0)).toBe(2500); // in this thread: as one worker
    for (const [r, w] of [
      [123_457, 3],
      [50_000, 2],
      [9999, 4],
    ] as const) {
      const size = defaultChunkSize(r, w);
      expect(size % BLOCK_SIZE).toBe(0);
      expect(Math.ceil(r / size)).toBeLessThanOrEqual(CHUNKS_PER_WORKER * w);
    }
  });
});
