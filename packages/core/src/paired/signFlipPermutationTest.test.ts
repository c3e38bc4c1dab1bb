/**
 * Sign-flip test against the exact permutation p-value (all 2^n sign vectors, enumerated
 * in packages/core/fixtures/scripts/paired.py), within its Monte Carlo error.
 */
import { describe, expect, it } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { TestRng } from '../test-utils/testRng.js';
import { signFlipPermutationTest } from './signFlipPermutationTest.js';

const rows = loadFixture<{ signFlip: Array<{ d: number[]; statistic: number; exactPValue: number }> }>(
  'paired',
).signFlip;

describe('signFlipPermutationTest', () => {
  it.each(rows.map((r, i) => ({ ...r, i })))('matches the exact p-value within 4·MCSE (case $i)', (row) => {
    const B = 20_000;
    const r = signFlipPermutationTest(Float64Array.from(row.d), B, new TestRng(1000 + row.i));
    expectRelative(r.statistic, row.statistic, 1e-12, 1e-15, 'mean');
    // p̂ = (1 + X)/(1 + B) with X ~ Bin(B, p): MCSE = √(p(1 − p)/B); the +1 bias is ≤ 1/B.
    const mcse = Math.sqrt((row.exactPValue * (1 - row.exactPValue)) / B);
    expect(Math.abs(r.pValue - row.exactPValue)).toBeLessThan(4 * mcse + 1 / B);
    expect(r.pValue).toBe((1 + r.exceedances) / (1 + B));
  });

  it('seed 000: none of 20,000 sign flips of the Haiku/Sonnet differences reaches the observed gap', () => {
    const d = new Float64Array(1140);
    d.fill(1, 0, 107);
    d.fill(-1, 107, 135);
    const r = signFlipPermutationTest(d, 20_000, new TestRng(7));
    expect(r.exceedances).toBe(0);
    expect(r.pValue).toBe(1 / 20_001);
  });

  it('is reproducible for a fixed seed and flags all-zero differences', () => {
    const d = [0.2, -0.1, 0.4, 0, 0.3];
    expect(signFlipPermutationTest(d, 500, new TestRng(3))).toEqual(
      signFlipPermutationTest(d, 500, new TestRng(3)),
    );
    const zero = signFlipPermutationTest([0, 0, 0], 100, new TestRng(1));
    expect(zero.degenerate).toBe(true);
    expect(zero.pValue).toBe(1);
  });

  it('rejects bad arguments', () => {
    expect(() => signFlipPermutationTest([1, Number.NaN], 10, new TestRng(1))).toThrow(/^d:/);
    expect(() => signFlipPermutationTest([1, 2], 0, new TestRng(1))).toThrow(/^permutations:/);
  });
});
