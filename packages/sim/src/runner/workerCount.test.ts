import { describe, expect, test } from 'vitest';
import { chunkCount, threadsForWork } from './workerCount.js';

const here = (workers: number) => ({ workers, mainThread: true });
const alone = (workers: number) => ({ workers, mainThread: false });

describe('computing threads from the work', () => {
  test('built-in blocks: this thread and n − 1 workers, never more threads than chunks', () => {
    expect(threadsForWork(2, 1, false)).toEqual(here(0));
    expect(threadsForWork(2, 1, true)).toEqual(here(0));
    expect(threadsForWork(8, 3, false)).toEqual(here(2));
    expect(threadsForWork(2, 80, false)).toEqual(here(1));
    expect(threadsForWork(1, 80, true)).toEqual(here(0));
    expect(threadsForWork(0, 80, true)).toEqual(here(0));
    expect(threadsForWork(4, 0, false)).toEqual(here(0));
    // Tiny work (20 one-replication chunks of 2 methods) stays in this thread by default.
    expect(threadsForWork(2, 20, false, 40)).toEqual(here(0));
    expect(threadsForWork(2, 20, true, 40)).toEqual(here(1));
    expect(threadsForWork(2, 20, false, 2000)).toEqual(here(1));
  });
  test('user code (or a time limit) never runs in this thread: n worker threads, at least one', () => {
    expect(threadsForWork(0, 80, true, Infinity, true)).toEqual(alone(1));
    expect(threadsForWork(1, 80, true, Infinity, true)).toEqual(alone(1));
    expect(threadsForWork(2, 1, false, Infinity, true)).toEqual(alone(1));
    expect(threadsForWork(2, 20, false, 40, true)).toEqual(alone(1));
    expect(threadsForWork(2, 80, false, Infinity, true)).toEqual(alone(2));
    expect(threadsForWork(8, 3, true, Infinity, true)).toEqual(alone(3));
  });
  test('chunks of block-rounded size per piece', () => {
    expect(chunkCount([1000, 1000], 300)).toBe(8);
    expect(chunkCount([1], 300)).toBe(1);
    expect(chunkCount([], 300)).toBe(0);
  });
});
