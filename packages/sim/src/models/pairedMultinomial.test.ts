/**
 * The pairedMultinomial model: each question's cell (both right, only A, only B, both
 * wrong) against the multinomial probabilities by Pearson chi-square on a fixed seed
 * (false-alarm rate 1e-4), the data layout the paired methods read, the truth, and the
 * parameter errors.
 */
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import { ConfigError } from '../base/errors.js';
import { binaryPairedCounts, createBinaryPairedCounts } from '../methods/support/binaryPairedCounts.js';
import { SeededStream } from '../rng/SeededStream.js';
import { chiSquareTest, GOF_REJECT_BELOW } from '../samplers/test-utils/goodnessOfFit.js';
import { pairedMultinomial } from './pairedMultinomial.js';

const ctx = { baseDir: '.' };
const parse = (params: CellParams) => pairedMultinomial.parse(params, ctx);

describe('pairedMultinomial', () => {
  it('draws each cell with its probability (chi-square over 200 × 50 questions)', () => {
    const params = parse({ n: 50, p11: 0.5, p10: 0.15, p01: 0.05 });
    const data = pairedMultinomial.allocate(params);
    const rng = new SeededStream(31, 7);
    const counts = [0, 0, 0, 0]; // n11, n10, n01, n00
    for (let r = 0; r < 200; r++) {
      rng.reseed(31, r);
      pairedMultinomial.generate(params, rng, data);
      for (let i = 0; i < data.clusterCount; i++) {
        const a = data.totalsA[i];
        const b = data.totalsB[i];
        counts[a === 1 ? (b === 1 ? 0 : 1) : b === 1 ? 2 : 3]++;
      }
    }
    const fit = chiSquareTest(counts, [0.5, 0.15, 0.05, 0.3]);
    expect(fit.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    expect(fit.bins).toBe(4);
  });

  it('hands over its sums (binaryTotals), equal to the pass over the clusters; a shorter prefix falls back', () => {
    const params = parse({ n: 40, p11: 0.4, p10: 0.2, p01: 0.1 });
    const data = pairedMultinomial.allocate(params);
    const rng = new SeededStream(8);
    const viaPass = createBinaryPairedCounts();
    const viaTotals = createBinaryPairedCounts();
    for (let r = 0; r < 50; r++) {
      rng.reseed(8, r);
      pairedMultinomial.generate(params, rng, data);
      binaryPairedCounts({ ...data, binaryTotals: undefined }, 'test', viaPass);
      binaryPairedCounts(data, 'test', viaTotals);
      expect(viaTotals).toEqual(viaPass);
    }
    data.clusterCount = 25; // a prefix (as a sequential design reads): the totals are not for it
    const prefix = binaryPairedCounts(data, 'test', createBinaryPairedCounts());
    let right = 0;
    for (let i = 0; i < 25; i++) right += data.totalsA[i]!;
    expect(prefix.totalA).toBe(right);
  });

  it('lays out n clusters of one 0/1 item each, with Σa² = Σa and Σab = a·b', () => {
    const params = parse({ n: 30, discordance: 0.4, imbalance: 0.5 });
    const data = pairedMultinomial.allocate(params);
    pairedMultinomial.generate(params, new SeededStream(5), data);
    expect([data.clusterCount, data.itemCount]).toEqual([30, 30]);
    for (let i = 0; i < 30; i++) {
      expect(data.sizes[i]).toBe(1);
      expect([0, 1]).toContain(data.totalsA[i]);
      expect(data.sumSquaresA[i]).toBe(data.totalsA[i]);
      expect(data.sumSquaresB[i]).toBe(data.totalsB[i]);
      expect(data.sumProducts[i]).toBe(data.totalsA[i] * data.totalsB[i]);
    }
  });

  it('lays the table out in order (n11 both, n10 only A, n01 only B, rest neither), updated in place over replications', () => {
    for (const cell of [
      { n: 30, discordance: 0.4, imbalance: 0.5, p11: 0.3 },
      { n: 200, discordance: 0.05, imbalance: 0.9, p11: 0.55 },
      { n: 9, p10: 0.5, p01: 0.5, p11: 0 },
    ]) {
      const params = parse(cell);
      const data = pairedMultinomial.allocate(params);
      const rng = new SeededStream(21);
      let mismatches = 0;
      for (let r = 0; r < 500; r++) {
        rng.reseed(21, r);
        pairedMultinomial.generate(params, rng, data);
        const [rightA, rightB, both] = data.binaryTotals!;
        const n11 = both!;
        const n10 = rightA! - both!;
        const n01 = rightB! - both!;
        for (let i = 0; i < cell.n; i++) {
          const a = i < n11 + n10 ? 1 : 0;
          const b = i < n11 || (i >= n11 + n10 && i < n11 + n10 + n01) ? 1 : 0;
          if (data.totalsA[i] !== a || data.totalsB[i] !== b || data.sumProducts[i] !== a * b) mismatches++;
        }
      }
      expect(mismatches).toBe(0);
    }
  });

  it('is reproducible: a replication depends only on its stream, not on the replications before it', () => {
    const params = parse({ n: 50, discordance: 0.2, imbalance: 0.4, p11: 0.55 });
    const inOrder = pairedMultinomial.allocate(params);
    const fresh = pairedMultinomial.allocate(params);
    const rng = new SeededStream(4);
    for (let r = 0; r < 40; r++) {
      rng.reseed(4, r);
      pairedMultinomial.generate(params, rng, inOrder);
    }
    rng.reseed(4, 39);
    pairedMultinomial.generate(params, rng, fresh);
    expect(Array.from(fresh.totalsA)).toEqual(Array.from(inOrder.totalsA));
    expect(Array.from(fresh.totalsB)).toEqual(Array.from(inOrder.totalsB));
    expect(Array.from(fresh.sumProducts)).toEqual(Array.from(inOrder.sumProducts));
    expect(Array.from(fresh.binaryTotals!)).toEqual(Array.from(inOrder.binaryTotals!));
  });

  it('truth is Δ = p10 − p01 (A − B), computed as the formula computes it', () => {
    expect(pairedMultinomial.truth(parse({ n: 10, p10: 0.3, p01: 0.1 }))).toBe(0.3 - 0.1);
    const byShares = parse({ n: 10, discordance: 0.1, imbalance: 0.75 });
    expect(pairedMultinomial.truth(byShares)).toBe((0.1 * 1.75) / 2 - (0.1 * 0.25) / 2);
  });

  it('refuses bad parameters naming them', () => {
    expect(() => parse({ p10: 0.1, p01: 0.1 })).toThrow(/^n: is required/);
    expect(() => parse({ n: 10, p10: 0.7, p01: 0.4 })).toThrow(ConfigError);
    expect(() => parse({ n: 10, p10: 0.7, p01: 0.4 })).toThrow(/^p01:/);
    expect(() => parse({ n: 10, discordance: 0.2 })).toThrow(/^imbalance:/);
    expect(() => parse({ n: 10, p10: 0.1, p01: 0.1, rho: 0.2 })).toThrow(
      /^rho:.*a known parameter of pairedMultinomial/,
    );
  });
});
