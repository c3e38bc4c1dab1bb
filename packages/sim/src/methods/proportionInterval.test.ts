import {
  binaryPercentileBootstrapInterval,
  betaPosteriorInterval as coreBetaPosterior,
  clopperPearsonInterval as coreClopperPearson,
  waldInterval as coreWald,
  wilsonInterval as coreWilson,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { ClusteredScores } from '../base/dataKinds.js';
import type { MethodResult } from '../base/methodResult.js';
import { createMethodResult } from '../base/methodResult.js';
import { SeededStream } from '../rng/index.js';
import { binaryBootstrap } from './binaryBootstrap.js';
import {
  betaPosteriorInterval,
  clopperPearsonInterval,
  waldInterval,
  wilsonInterval,
} from './proportionInterval.js';

function scores(totals: number[], sizes: number[]): ClusteredScores {
  return {
    kind: 'clusteredScores',
    clusterCount: totals.length,
    itemCount: sizes.reduce((a, b) => a + b, 0),
    sizes: Float64Array.from(sizes),
    totals: Float64Array.from(totals),
    sumSquares: Float64Array.from(totals),
  };
}

function analyse(method: typeof waldInterval, options: object, data: ClusteredScores): MethodResult {
  const out = createMethodResult();
  method.create(options as never, { level: 0.9 })(data, new SeededStream(1, 0), out);
  return out;
}

describe('proportion-interval methods adapt core intervals to clustered scores', () => {
  const data = scores([3, 5, 6], [5, 5, 5]); // k = 14 of n = 15
  it.each([
    [waldInterval, coreWald],
    [wilsonInterval, coreWilson],
    [clopperPearsonInterval, coreClopperPearson],
  ])('%o equals core on k = 14, n = 15 at level 0.9', (method, core) => {
    const out = analyse(method, {}, data);
    const ref = core(14, 15, 0.9);
    expect(out.lower).toBe(ref.lower);
    expect(out.upper).toBe(ref.upper);
    expect(out.estimate).toBe(14 / 15);
    expect(out.degenerate).toBe(false);
    expect(Number.isNaN(out.pTwoSided)).toBe(true);
  });
  it('passes the Beta prior through and rejects bad priors and unknown options', () => {
    const out = analyse(betaPosteriorInterval, { a: 0.5, b: 2 }, data);
    const ref = coreBetaPosterior(14, 15, 0.9, 0.5, 2);
    expect([out.lower, out.upper]).toEqual([ref.lower, ref.upper]);
    expect(() => betaPosteriorInterval.create({ a: -1 } as never, { level: 0.95 })).toThrow(/a/);
    expect(() => waldInterval.create({ resamples: 3 } as never, { level: 0.95 })).toThrow(/resamples/);
  });
  it('flags a zero-width interval as degenerate (Wald at k = n)', () => {
    const out = analyse(waldInterval, {}, scores([5, 5], [5, 5]));
    expect(out.lower).toBe(1);
    expect(out.upper).toBe(1);
    expect(out.degenerate).toBe(true);
  });
});

describe('binaryBootstrap', () => {
  it('equals core binaryPercentileBootstrapInterval on the same stream', () => {
    const data = scores([7, 8, 6], [10, 10, 10]);
    const out = analyse(binaryBootstrap, { resamples: 500 }, data);
    const ref = binaryPercentileBootstrapInterval(21, 30, 500, 0.9, new SeededStream(1, 0));
    expect([out.lower, out.upper]).toEqual([ref.lower, ref.upper]);
    expect(out.degenerate).toBe(false);
  });
});
