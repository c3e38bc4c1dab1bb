import { describe, expect, it } from 'vitest';
import { createMethodResult } from '../base/methodResult.js';
import { noncoverage } from './noncoverage.js';

describe('noncoverage', () => {
  it('counts misses on the named side over every replication; coverage + lower + upper = 1', () => {
    const lower = noncoverage.create({ side: 'lower' });
    const upper = noncoverage.create({ side: 'upper' });
    const bounds = [
      [0.1, 0.3],
      [0.6, 0.9],
      [0.6, 0.9],
      [0.2, 0.4],
      [0.45, 0.55],
    ];
    for (const [lo, hi] of bounds) {
      const r = createMethodResult();
      r.lower = lo;
      r.upper = hi;
      lower.add(r, 0.5);
      upper.add(r, 0.5);
    }
    expect(lower.result().value).toBe(2 / 5);
    expect(upper.result().value).toBe(2 / 5);
    expect(lower.result().mcse).toBeCloseTo(Math.sqrt((0.4 * 0.6) / 5), 15);
  });
  it('the side is required', () => {
    expect(() => noncoverage.create({})).toThrow(/side/);
  });
});
