/**
 * The mergeable-metric contract (base/roles.ts) for every registered metric: a state written
 * and read back is the same state (bit for bit); merging into a fresh accumulator copies the
 * other exactly; folding blocks agrees with one pass over all values (to rounding: Chan's
 * pairwise update vs Welford's); counts and sketches merge exactly.
 */
import { describe, expect, test } from 'vitest';
import { createMethodResult, type MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import { SeededStream } from '../rng/index.js';
import { SOLO } from '../test-utils/metricContext.js';
import { metricRegistry } from './registry.js';

const OPTIONS: Record<string, Record<string, unknown>> = {
  estimateShare: { atLeast: 0.5 },
  estimateQuantile: { q: 0.3 },
  // Against itself in a one-method study (its own replication is the reference's).
  relativePrecisionGain: { reference: SOLO.methods[0] },
};

/** Replications with a mix of finite, NaN and degenerate results. */
function results(count: number, seed: number): MethodResult[] {
  const rng = new SeededStream(seed);
  return Array.from({ length: count }, (_, i) => {
    const r = createMethodResult();
    if (i % 17 === 5) return r; // no result at all
    r.estimate = 0.5 + 0.1 * rng.normal();
    r.se = 0.05 + 0.01 * rng.uniform();
    r.lower = r.estimate - 1.96 * r.se;
    r.upper = r.estimate + 1.96 * r.se;
    r.pTwoSided = rng.uniform();
    r.pGreater = r.pTwoSided / 2;
    r.pLess = 1 - r.pGreater;
    r.degenerate = i % 23 === 0;
    r.sampleSize = 1 + Math.floor(1000 * rng.uniform());
    return r;
  });
}

function stateOf(accumulator: MetricAccumulator): number[] {
  const out: number[] = [];
  accumulator.write(out);
  return out;
}

const bits = (xs: readonly number[]) => Array.from(new Uint8Array(Float64Array.from(xs).buffer));

describe.each(metricRegistry.list.map((m) => [m.name]))('%s is mergeable', (name) => {
  const definition = metricRegistry.get(name, 'metric');
  const create = () => definition.create(OPTIONS[name] ?? {}, SOLO);
  const values = results(1000, name.length);
  const truth = 0.5;

  test('write/read round-trips exactly; merging into a fresh accumulator copies the state', () => {
    const a = create();
    for (const r of values) a.add(r, truth, [r]);
    const state = stateOf(a);
    const b = create();
    expect(b.read(Float64Array.from([7, ...state]), 1)).toBe(1 + state.length);
    expect(bits(stateOf(b))).toEqual(bits(state));
    const fresh = create();
    fresh.merge(a);
    expect(bits(stateOf(fresh))).toEqual(bits(state));
    expect(fresh.result()).toEqual(a.result());
  });

  test('blocks folded in order agree with one pass (relative 1e-12), counts exactly', () => {
    const whole = create();
    for (const r of values) whole.add(r, truth, [r]);
    const folded = create();
    for (let start = 0; start < values.length; start += 64) {
      const block = create();
      for (const r of values.slice(start, start + 64)) block.add(r, truth, [r]);
      const copy = create();
      copy.read(Float64Array.from(stateOf(block)), 0);
      folded.merge(copy);
    }
    const a = whole.result();
    const b = folded.result();
    expect(b.count).toBe(a.count);
    for (const key of ['value', 'mcse'] as const) {
      const tolerance = 1e-12 * Math.abs(a[key]);
      const delta = Math.abs(a[key] - b[key]);
      expect(delta, `${key}: Δ ${delta}, tol ${tolerance}`).toBeLessThanOrEqual(tolerance);
    }
  });
});
