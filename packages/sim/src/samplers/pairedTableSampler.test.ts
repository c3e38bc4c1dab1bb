/**
 * PairedTableSampler: the joint distribution of the drawn tables against the multinomial pmf
 * (Pearson chi-square over every table, fixed seeds, false-alarm rate 1e-4), the moments of
 * the counts at a study-sized n, the degenerate cells, and the argument errors.
 */
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { type PairedTable, PairedTableSampler } from './pairedTableSampler.js';
import { chiSquareTest, GOF_REJECT_BELOW, MOMENT_Z } from './test-utils/goodnessOfFit.js';

/** n!/(n11! n10! n01! n00!) p11^n11 … by log factorials (small n, exact enough for a chi-square). */
function multinomialPmf(n: number, cells: readonly number[], probs: readonly number[]): number {
  let logFact = 0;
  for (let i = 2; i <= n; i++) logFact += Math.log(i);
  let log = logFact;
  for (let k = 0; k < 4; k++) {
    for (let i = 2; i <= cells[k]!; i++) log -= Math.log(i);
    if (cells[k]! > 0) {
      if (probs[k] === 0) return 0;
      log += cells[k]! * Math.log(probs[k]!);
    }
  }
  return Math.exp(log);
}

/** Every table of n questions, in a fixed order, with its index. */
function tablesOf(n: number): number[][] {
  const out: number[][] = [];
  for (let a = 0; a <= n; a++)
    for (let b = 0; a + b <= n; b++) for (let c = 0; a + b + c <= n; c++) out.push([c, a, b, n - a - b - c]);
  return out;
}

function jointFit(n: number, p11: number, p10: number, p01: number, draws: number, seed: number) {
  const probs = [p11, p10, p01, 1 - p11 - p10 - p01];
  const tables = tablesOf(n);
  const index = new Map(tables.map((t, i) => [t.join(','), i]));
  const counts = new Float64Array(tables.length);
  const sampler = new PairedTableSampler(n, p11, p10, p01);
  const rng = new SeededStream(seed);
  const t: PairedTable = { n11: 0, n10: 0, n01: 0, n00: 0 };
  for (let r = 0; r < draws; r++) {
    sampler.draw(rng, t);
    counts[index.get([t.n11, t.n10, t.n01, t.n00].join(','))!]++;
  }
  return chiSquareTest(
    counts,
    tables.map((cells) => multinomialPmf(n, cells, probs)),
  );
}

describe('PairedTableSampler', () => {
  it.each([
    [4, 0.5, 0.15, 0.05, 11],
    [6, 0.55, 0.2, 0.2, 12],
    [8, 0.3, 0.05, 0.3, 13],
    [10, 0.55, 0.19, 0.01, 14],
  ])(
    'draws every table of n = %i with its multinomial probability (p11 %f, p10 %f, p01 %f)',
    (n, p11, p10, p01, seed) => {
      const fit = jointFit(n, p11, p10, p01, 200_000, seed);
      expect(fit.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      expect(fit.bins).toBeGreaterThan(20);
    },
  );

  it('has the multinomial means and variances at n = 200 (z within MOMENT_Z)', () => {
    const [n, p11, p10, p01] = [200, 0.55, 0.18, 0.02];
    const sampler = new PairedTableSampler(n, p11, p10, p01);
    const rng = new SeededStream(77);
    const t: PairedTable = { n11: 0, n10: 0, n01: 0, n00: 0 };
    const draws = 100_000;
    const sum = [0, 0, 0, 0];
    const sq = [0, 0, 0, 0];
    let wrongTotals = 0;
    for (let r = 0; r < draws; r++) {
      sampler.draw(rng, t);
      const cells = [t.n11, t.n10, t.n01, t.n00];
      if (cells[0]! + cells[1]! + cells[2]! + cells[3]! !== n || Math.min(...cells) < 0) wrongTotals++;
      for (let k = 0; k < 4; k++) {
        sum[k] += cells[k]!;
        sq[k] += cells[k]! ** 2;
      }
    }
    expect(wrongTotals).toBe(0);
    const probs = [p11, p10, p01, 1 - p11 - p10 - p01];
    for (let k = 0; k < 4; k++) {
      const p = probs[k]!;
      const mean = sum[k]! / draws;
      const variance = sq[k]! / draws - mean ** 2;
      const exactVar = n * p * (1 - p);
      // MC error of the mean: √(var/draws); of the variance: √((μ4 − σ⁴)/draws) ≤ √(3σ⁴ + σ²)/√draws roughly.
      expect(Math.abs(mean - n * p) / Math.sqrt(exactVar / draws)).toBeLessThan(MOMENT_Z);
      const varSe = Math.sqrt((2 * exactVar ** 2 + exactVar) / draws);
      expect(Math.abs(variance - exactVar) / varSe).toBeLessThan(MOMENT_Z);
    }
  });

  it('drawFrom a bulk draw gives the table draw gives on the same stream', () => {
    const sampler = new PairedTableSampler(60, 0.5, 0.2, 0.1);
    const [one, two] = [new SeededStream(9), new SeededStream(9)];
    const u = new Float64Array(3);
    const a: PairedTable = { n11: 0, n10: 0, n01: 0, n00: 0 };
    const b: PairedTable = { n11: 0, n10: 0, n01: 0, n00: 0 };
    let differing = 0;
    for (let r = 0; r < 2000; r++) {
      sampler.draw(one, a);
      two.fillUniform(u, 3);
      sampler.drawFrom(u, b);
      if (a.n11 !== b.n11 || a.n10 !== b.n10 || a.n01 !== b.n01 || a.n00 !== b.n00) differing++;
    }
    expect(differing).toBe(0);
  });

  it('gives the only possible table when cells have no mass', () => {
    const t: PairedTable = { n11: -1, n10: -1, n01: -1, n00: -1 };
    const rng = new SeededStream(3);
    expect(new PairedTableSampler(7, 1, 0, 0).draw(rng, t)).toEqual({ n11: 7, n10: 0, n01: 0, n00: 0 });
    expect(new PairedTableSampler(7, 0, 0, 1).draw(rng, t)).toEqual({ n11: 0, n10: 0, n01: 7, n00: 0 });
    expect(new PairedTableSampler(7, 0, 0, 0).draw(rng, t)).toEqual({ n11: 0, n10: 0, n01: 0, n00: 7 });
    expect(new PairedTableSampler(0, 0.2, 0.2, 0.2).draw(rng, t)).toEqual({ n11: 0, n10: 0, n01: 0, n00: 0 });
  });

  it('refuses bad arguments naming them', () => {
    expect(() => new PairedTableSampler(-1, 0.2, 0.2, 0.2)).toThrow(/^n: /);
    expect(() => new PairedTableSampler(2.5, 0.2, 0.2, 0.2)).toThrow(/^n: /);
    expect(() => new PairedTableSampler(5, Number.NaN, 0.2, 0.2)).toThrow(/^p11: /);
    expect(() => new PairedTableSampler(5, 0.2, 1.2, 0.2)).toThrow(/^p10: /);
    expect(() => new PairedTableSampler(5, 0.5, 0.3, 0.3)).toThrow(/^p01: .*≤ 1/);
  });
});
