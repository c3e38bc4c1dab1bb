import { describe, expect, it } from 'vitest';
import { SamplePairs } from './samplePairs.js';

describe('SamplePairs', () => {
  it('tells a new pair from a repeated one, in the bitmap and beyond it', () => {
    const pairs = new SamplePairs();
    const cases: [number, number][] = [
      [0, 1],
      [0, 2],
      [1, 1],
      [5000, 63],
      [5000, 64], // epoch past the bitmap
      [2 ** 24, 1], // question code past the bitmap
      [70_000, 3], // grows the bitmap
    ];
    for (const [q, e] of cases) expect(pairs.add(q, e)).toBe(true);
    for (const [q, e] of cases) expect(pairs.add(q, e)).toBe(false);
    expect(pairs.add(1, 2)).toBe(true);
    expect(pairs.add(5000, 62)).toBe(true);
  });
});
