/**
 * The sufficient statistics merge exactly (Chan et al.): any split of the replications into
 * blocks, merged in any order, gives the sequential state up to rounding, and so the same
 * measures. Bradley's flags against measures.py's evaluation of the definitions; bad input
 * names the argument; degenerate cases are marked.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { TestRng } from '../test-utils/testRng.js';
import { InputError } from '../validate.js';
import { biasEliminatedCoverageMeasure } from './biasEliminatedCoverageMeasure.js';
import { type BradleyVerdict, bradleyFlags } from './bradleyFlags.js';
import { coverageMeasure } from './coverageMeasure.js';
import { empiricalSEMeasure } from './empiricalSEMeasure.js';
import { modelSEMeasure } from './modelSEMeasure.js';
import { addToMoments, createMoments, type MomentState, mergeMoments } from './momentState.js';
import {
  addToPairedMoments,
  createPairedMoments,
  mergePairedMoments,
  type PairedMomentState,
} from './pairedMoments.js';
import { relativeBiasMeasure } from './relativeBiasMeasure.js';
import { relativeErrorModelSEMeasure } from './relativeErrorModelSEMeasure.js';
import { relativePrecisionGainMeasure } from './relativePrecisionGainMeasure.js';
import { rmseMeasure } from './rmseMeasure.js';
import { countBelow, mergeSortedRuns, runsTotal, sortedRuns } from './sortedRuns.js';

function draws(seed: number, n: number, offset: number): Float64Array {
  const rng = new TestRng(seed);
  return Float64Array.from({ length: n }, () => offset + rng.normal());
}

describe('moment states merge exactly (Chan et al.)', () => {
  const xs = draws(7, 1001, 1e3);
  const ys = draws(8, 1001, -2);
  const sequential = createMoments();
  for (const x of xs) addToMoments(sequential, x);
  // Two-pass reference.
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const m2 = xs.reduce((s, x) => s + (x - mean) ** 2, 0);

  it.each([1, 2, 7, 100, 1000])('blocks of %i, merged left to right and as a balanced tree', (size) => {
    const blocks: MomentState[] = [];
    for (let start = 0; start < xs.length; start += size) {
      const block = createMoments();
      for (const x of xs.subarray(start, start + size)) addToMoments(block, x);
      blocks.push(block);
    }
    const left = blocks.reduce((acc, b) => mergeMoments(acc, b), createMoments());
    let level = blocks;
    while (level.length > 1) {
      const next: MomentState[] = [];
      for (let i = 0; i < level.length; i += 2)
        next.push(i + 1 < level.length ? mergeMoments(level[i], level[i + 1]) : level[i]);
      level = next;
    }
    for (const merged of [left, level[0]]) {
      expect(merged.n).toBe(xs.length);
      expectRelative(merged.mean, mean, 1e-14, 0, 'mean');
      expectRelative(merged.m2, m2, 1e-11, 0, 'm2');
      expectRelative(merged.m2, sequential.m2, 1e-11, 0, 'm2 vs Welford');
      expectRelative(empiricalSEMeasure(merged).estimate, empiricalSEMeasure(sequential).estimate, 1e-11);
    }
  });

  it('merging with an empty state is the identity, and leaves both inputs unchanged', () => {
    const copy = { ...sequential };
    expect(mergeMoments(createMoments(), sequential)).toEqual(copy);
    expect(mergeMoments(sequential, createMoments())).toEqual(copy);
    expect(sequential).toEqual(copy);
  });

  it('paired moments: any split gives the sequential co-moment', () => {
    const pairSequential = createPairedMoments();
    for (let i = 0; i < xs.length; i++) addToPairedMoments(pairSequential, xs[i], xs[i] * 0.5 + ys[i]);
    for (const size of [1, 3, 250]) {
      let merged: PairedMomentState = createPairedMoments();
      for (let start = 0; start < xs.length; start += size) {
        const block = createPairedMoments();
        for (let i = start; i < Math.min(start + size, xs.length); i++)
          addToPairedMoments(block, xs[i], xs[i] * 0.5 + ys[i]);
        merged = mergePairedMoments(merged, block);
      }
      for (const key of ['meanA', 'meanB', 'm2A', 'm2B', 'cAB'] as const) {
        expectRelative(merged[key], pairSequential[key], 1e-11, 0, key);
      }
      expectRelative(
        relativePrecisionGainMeasure(merged).mcse,
        relativePrecisionGainMeasure(pairSequential).mcse,
        1e-9,
      );
    }
    // ρ = 0.5/√(1.25) by construction: the sample correlation is within a few 1/√n of it.
    const rho = pairSequential.cAB / Math.sqrt(pairSequential.m2A * pairSequential.m2B);
    expect(Math.abs(rho - 0.5 / Math.sqrt(1.25))).toBeLessThan(4 / Math.sqrt(xs.length));
  });
});

describe("Bradley's flags", () => {
  type Row = { rate: number; alpha: number; mcse: number } & Record<'liberal' | 'stringent', BradleyVerdict>;
  const { bradley } = loadFixture<{ bradley: Row[] }>('measures');
  it.each(bradley)('rate $rate alpha $alpha mcse $mcse', (row) => {
    const flags = bradleyFlags(row.rate, row.alpha, row.mcse);
    for (const key of ['liberal', 'stringent'] as const) {
      expect(flags[key].inside, key).toBe(row[key].inside);
      expect(flags[key].resolved, key).toBe(row[key].resolved);
      expectRelative(flags[key].lower, row[key].lower, 1e-15);
      expectRelative(flags[key].upper, row[key].upper, 1e-15);
    }
  });

  it('both verdicts occur in the grid (so the comparison can fail)', () => {
    expect(
      new Set(bradley.map((r) => `${r.liberal.inside}${r.stringent.inside}${r.liberal.resolved}`)).size,
    ).toBeGreaterThan(4);
  });

  it('rejects a rate outside [0, 1] and a negative MCSE, naming them', () => {
    expect(() => bradleyFlags(1.2, 0.05, 0.01)).toThrow(/rate/);
    expect(() => bradleyFlags(0.05, 0, 0.01)).toThrow(/alpha/);
    expect(() => bradleyFlags(0.05, 0.05, -1)).toThrow(/mcse/);
    expect(() => bradleyFlags(0.05, 0.05, Number.NaN)).toThrow(/mcse/);
  });
});

describe('degenerate and bad input', () => {
  const runs = (values: number[]) => sortedRuns(values);
  const unsorted = { values: Float64Array.of(2, 1), counts: Float64Array.of(1, 1) };
  const fractional = { values: Float64Array.of(1, 2), counts: Float64Array.of(1, 0.5) };
  const constant = (value: number, n: number): MomentState => ({ n, mean: value, m2: 0 });

  it('all SEs zero: model SE 0 with MCSE 0; relative error −100 with MCSE 0', () => {
    expect(modelSEMeasure(constant(0, 5))).toEqual({ estimate: 0, mcse: 0, degenerate: false });
    expect(relativeErrorModelSEMeasure(constant(0, 5), { n: 5, mean: 1, m2: 2 })).toEqual({
      estimate: -100,
      mcse: 0,
      degenerate: false,
    });
  });

  it('zero empirical SE: relative error in model SE and precision gain are degenerate', () => {
    expect(relativeErrorModelSEMeasure(constant(0.04, 5), constant(1, 5)).degenerate).toBe(true);
    const pair = createPairedMoments();
    for (const b of [1, 2, 3]) addToPairedMoments(pair, 0.5, b);
    expect(relativePrecisionGainMeasure(pair).degenerate).toBe(true);
  });

  it('all errors zero: RMSE 0 with MCSE 0', () => {
    expect(rmseMeasure(constant(0, 3))).toEqual({ estimate: 0, mcse: 0, degenerate: false });
  });

  it('coverage 0 and 1 have MCSE 0', () => {
    expect(coverageMeasure(0, 10)).toEqual({ estimate: 0, mcse: 0, degenerate: false });
    expect(coverageMeasure(10, 10)).toEqual({ estimate: 1, mcse: 0, degenerate: false });
  });

  it('errors name the field', () => {
    const cases: [() => unknown, string][] = [
      [() => empiricalSEMeasure({ n: 1, mean: 0, m2: 0 }), 'estimates.n'],
      [() => empiricalSEMeasure({ n: 3, mean: Number.NaN, m2: 0 }), 'estimates.mean'],
      [() => empiricalSEMeasure({ n: 3, mean: 0, m2: -1 }), 'estimates.m2'],
      [() => modelSEMeasure({ n: 2.5, mean: 0, m2: 0 }), 'squaredSEs.n'],
      [() => relativeBiasMeasure({ n: 3, mean: 0, m2: 1 }, 0), 'truth'],
      [() => relativeErrorModelSEMeasure(constant(1, 3), { n: 4, mean: 0, m2: 1 }), 'estimates.n'],
      [() => coverageMeasure(11, 10), 'covered'],
      [() => coverageMeasure(1, 0), 'n'],
      [() => biasEliminatedCoverageMeasure(runs([1, 2]), runs([3]), 2, 0), 'upper'],
      [() => biasEliminatedCoverageMeasure(runs([1, 2]), runs([3, 4]), 1, 0), 'lower'],
      [
        () => biasEliminatedCoverageMeasure(runs([1]), runs([3]), 2, Number.POSITIVE_INFINITY),
        'meanEstimate',
      ],
      [() => biasEliminatedCoverageMeasure(unsorted, runs([3, 4]), 2, 0), 'lower.values'],
      [() => biasEliminatedCoverageMeasure(fractional, runs([3, 4]), 2, 0), 'lower.counts'],
      [() => sortedRuns([1, Number.NaN], 'bounds'), 'bounds'],
      [() => relativePrecisionGainMeasure({ ...createPairedMoments(), n: 1 }), 'pair.n'],
    ];
    for (const [call, field] of cases) {
      expect(call, field).toThrow(InputError);
      try {
        call();
      } catch (error) {
        expect((error as InputError).argument).toBe(field);
      }
    }
  });

  it('bias-eliminated coverage: a replication without an interval counts as a miss', () => {
    // Intervals [0, 2] and [1, 3] around the mean 1.5; a third replication had no interval.
    expect(biasEliminatedCoverageMeasure(runs([0, 1]), runs([2, 3]), 3, 1.5).estimate).toBeCloseTo(2 / 3, 15);
    expect(biasEliminatedCoverageMeasure(runs([0, 1]), runs([2, 3]), 2, 2.5).estimate).toBe(0.5);
    expect(biasEliminatedCoverageMeasure(runs([]), runs([]), 2, 2.5).estimate).toBe(0);
    // Ties: bounds equal to the mean count as covering on both sides.
    expect(biasEliminatedCoverageMeasure(runs([1, 1, 0]), runs([2, 1, 1]), 3, 1).estimate).toBe(1);
  });

  it('sorted runs are canonical whatever the arrival order, and merge exactly', () => {
    const rng = new TestRng(11);
    const values = Array.from({ length: 2000 }, () => Math.floor(rng.uniform() * 50) / 8);
    const whole = sortedRuns(values);
    expect(runsTotal(whole)).toBe(values.length);
    expect(whole.values.length).toBeLessThanOrEqual(50);
    for (const size of [1, 13, 500]) {
      let merged = sortedRuns([]);
      for (let start = 0; start < values.length; start += size) {
        merged = mergeSortedRuns(merged, sortedRuns(values.slice(start, start + size)));
      }
      expect(merged).toEqual(whole);
    }
    expect(sortedRuns([...values].reverse())).toEqual(whole);
    const c = 3.125;
    expect(countBelow(whole, c, true)).toBe(values.filter((v) => v <= c).length);
    expect(countBelow(whole, c, false)).toBe(values.filter((v) => v < c).length);
  });
});
