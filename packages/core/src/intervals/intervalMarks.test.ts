import { describe, expect, it } from 'vitest';
import { intervalMarks } from './intervalMarks.js';

describe('intervalMarks', () => {
  it('marks nothing on an interval inside [0, 1] with width', () => {
    expect(intervalMarks(0.2, 0.7)).toEqual([]);
    expect(intervalMarks(0, 1)).toEqual([]);
  });

  it('marks bounds beyond the possible range, and zero width, in that order', () => {
    expect(intervalMarks(-0.05, 1.2)).toEqual(['lower < 0', 'upper > 1']);
    expect(intervalMarks(1, 1)).toEqual(['zero width']);
    expect(intervalMarks(-1.3, -1.3, [-1, 1])).toEqual(['lower < -1', 'zero width']);
    expect(intervalMarks(-3, 104, [0, 100])).toEqual(['lower < 0', 'upper > 100']);
  });

  it('ignores rounding at the edges and never marks a non-finite bound', () => {
    expect(intervalMarks(-1e-15, 1 + 1e-15)).toEqual([]);
    expect(intervalMarks(Number.NaN, 0.5)).toEqual([]);
    expect(intervalMarks(0.1, Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it('with no possible range known (an unbounded range) marks only zero width', () => {
    const unbounded = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] as const;
    expect(intervalMarks(-9.7, 4.0, unbounded)).toEqual([]);
    expect(intervalMarks(-250, 1e6, unbounded)).toEqual([]);
    expect(intervalMarks(3, 3, unbounded)).toEqual(['zero width']);
    expect(intervalMarks(1e6, 1e6 + 1e-9, unbounded)).toEqual(['zero width']);
  });
});
