import { describe, expect, test } from 'vitest';
import { chunkCount, workersForWork } from './workerCount.js';

describe('worker count from the work', () => {
  test('never more threads than chunks; a single chunk in this thread unless workers were asked for', () => {
    expect(workersForWork(2, 1, false)).toBe(0);
    expect(workersForWork(2, 1, true)).toBe(1);
    expect(workersForWork(8, 3, false)).toBe(3);
    expect(workersForWork(2, 80, false)).toBe(2);
    expect(workersForWork(0, 80, true)).toBe(0);
    expect(workersForWork(4, 0, false)).toBe(0);
    // Tiny work (20 one-replication chunks of 2 methods) stays in this thread by default.
    expect(workersForWork(2, 20, false, 40)).toBe(0);
    expect(workersForWork(2, 20, true, 40)).toBe(2);
    expect(workersForWork(2, 20, false, 2000)).toBe(2);
  });
  test('user code never runs in this thread: one worker where this thread would be chosen', () => {
    expect(workersForWork(0, 80, true, Infinity, true)).toBe(1);
    expect(workersForWork(2, 1, false, Infinity, true)).toBe(1);
    expect(workersForWork(2, 20, false, 40, true)).toBe(1);
    expect(workersForWork(2, 80, false, Infinity, true)).toBe(2);
    expect(workersForWork(0, 80, true, Infinity, false)).toBe(0);
  });
  test('chunks of block-rounded size per piece', () => {
    expect(chunkCount([1000, 1000], 300)).toBe(8);
    expect(chunkCount([1], 300)).toBe(1);
    expect(chunkCount([], 300)).toBe(0);
  });
});
