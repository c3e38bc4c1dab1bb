import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { chiSquareTest, GOF_REJECT_BELOW } from './test-utils/goodnessOfFit.js';
import { sampleWithoutReplacement, shuffle } from './withoutReplacement.js';

/** Chi-square of ordered outcomes (encoded as strings) against equal probabilities over `outcomes` cells. */
function uniformOverOutcomes(keys: string[], outcomes: number) {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  expect(counts.size).toBeLessThanOrEqual(outcomes);
  const observed = new Float64Array(outcomes);
  let i = 0;
  for (const c of counts.values()) observed[i++] = c;
  return chiSquareTest(observed, new Float64Array(outcomes).fill(1 / outcomes));
}

describe('shuffle (Fisher–Yates)', () => {
  it(`all 24 orders of 4 items equally likely (120,000 shuffles, chi-square p > ${GOF_REJECT_BELOW})`, () => {
    const rng = new SeededStream(31, 0);
    const v = new Int32Array(4);
    const keys: string[] = [];
    for (let t = 0; t < 120_000; t++) {
      v.set([0, 1, 2, 3]);
      keys.push(shuffle(rng, v).join(''));
    }
    expect(uniformOverOutcomes(keys, 24).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });
});

describe('sampleWithoutReplacement', () => {
  it(`Floyd branch: the 20 ordered pairs from n = 5 equally likely (p > ${GOF_REJECT_BELOW})`, () => {
    const rng = new SeededStream(32, 0);
    const out = new Int32Array(2);
    const keys: string[] = [];
    for (let t = 0; t < 100_000; t++) keys.push(sampleWithoutReplacement(rng, 5, 2, out).join(','));
    expect(uniformOverOutcomes(keys, 20).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('Floyd branch with k = n: all 120 permutations of 5 equally likely', () => {
    const rng = new SeededStream(33, 0);
    const out = new Int32Array(5);
    const keys: string[] = [];
    for (let t = 0; t < 120_000; t++) keys.push(sampleWithoutReplacement(rng, 5, 5, out).join(''));
    expect(uniformOverOutcomes(keys, 120).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('Fisher–Yates branch (n = 60, k = 50): distinct, in range, every item equally likely in positions 0 and 49', () => {
    const rng = new SeededStream(34, 0);
    const out = new Int32Array(50);
    const first = new Float64Array(60);
    const last = new Float64Array(60);
    let bad = 0;
    for (let t = 0; t < 60_000; t++) {
      sampleWithoutReplacement(rng, 60, 50, out);
      if (new Set(out).size !== 50 || out.some((x) => x < 0 || x >= 60)) bad++;
      first[out[0]]++;
      last[out[49]]++;
    }
    expect(bad).toBe(0);
    const equal = new Float64Array(60).fill(1 / 60);
    expect(chiSquareTest(first, equal).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    expect(chiSquareTest(last, equal).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('Fisher–Yates branch: inclusion probability k/n for each item (n = 200, k = 100), scratch restored between sizes', () => {
    const rng = new SeededStream(35, 0);
    const out = new Int32Array(100);
    const included = new Float64Array(200);
    const trials = 20_000;
    let bad = 0;
    for (let t = 0; t < trials; t++) {
      // Interleave a different size to exercise the shared scratch.
      sampleWithoutReplacement(rng, 120, 70, out);
      if (new Set(out.subarray(0, 70)).size !== 70 || out.subarray(0, 70).some((x) => x >= 120)) bad++;
      sampleWithoutReplacement(rng, 200, 100, out);
      if (new Set(out).size !== 100) bad++;
      for (const x of out) included[x]++;
    }
    expect(bad).toBe(0);
    // Each item's inclusion count ~ Binomial(trials, ½): within 5 s.d.
    const sd = Math.sqrt(trials * 0.25);
    for (const c of included) expect(Math.abs(c - trials / 2)).toBeLessThan(5 * sd);
  });

  it('k = 0 and n = k = 0 are fine; bad k or short out throw naming the argument', () => {
    const rng = new SeededStream(36, 0);
    expect(sampleWithoutReplacement(rng, 0, 0, new Int32Array(0)).length).toBe(0);
    expect(() => sampleWithoutReplacement(rng, 5, 6, new Int32Array(6))).toThrow(/^k:/);
    expect(() => sampleWithoutReplacement(rng, 5, 3, new Int32Array(2))).toThrow(/^out:/);
    expect(() => sampleWithoutReplacement(rng, -1, 0, new Int32Array(0))).toThrow(/^n:/);
  });
});
