import { describe, expect, it } from 'vitest';
import { runInLanes } from './runInLanes.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runInLanes', () => {
  it('starts jobs in index order, one per lane at a time, each lane taking the next when free', async () => {
    const events: string[] = [];
    const took: Record<string, number[]> = { a: [], b: [] };
    // No timers (a loaded machine stretches them): job 0 lasts until job 4 has started, and job 4
    // until job 5 has; the others end at once. So a holds 0 while b runs 1, 2, 3 and 4; a then takes 5.
    const started = [0, 1, 2, 3, 4, 5].map(() => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    });
    const lastsUntil: Record<number, number> = { 0: 4, 4: 5 };
    const lane = (name: 'a' | 'b') => async (i: number) => {
      events.push(`start ${i}`);
      took[name].push(i);
      started[i].resolve();
      if (i in lastsUntil) await started[lastsUntil[i]].promise;
      else await Promise.resolve();
      events.push(`end ${i}`);
    };
    await runInLanes(started.length, [lane('a'), lane('b')]);
    expect(events.filter((e) => e.startsWith('start'))).toEqual([0, 1, 2, 3, 4, 5].map((i) => `start ${i}`));
    expect(took).toEqual({ a: [0, 5], b: [1, 2, 3, 4] });
  });

  it('starts nothing after a failure and throws the first one once the running jobs settle', async () => {
    const ended: number[] = [];
    const started: number[] = [];
    const job = async (i: number) => {
      started.push(i);
      await tick(i === 0 ? 20 : 1);
      if (i === 1) throw new Error('job 1 failed');
      if (i === 2) throw new Error('job 2 failed');
      ended.push(i);
    };
    await expect(runInLanes(10, [job, job])).rejects.toThrow('job 1 failed');
    // Job 0 was running when job 1 failed: it finished, and job 2 never started.
    expect(ended).toEqual([0]);
    expect(started).toEqual([0, 1]);
  });

  it('runs every job on one lane, and refuses no lanes', async () => {
    const seen: number[] = [];
    await runInLanes(3, [async (i) => void seen.push(i)]);
    expect(seen).toEqual([0, 1, 2]);
    await expect(runInLanes(1, [])).rejects.toThrow(/^lanes:/);
  });
});
