import {
  benjaminiHochberg,
  bonferroni,
  holm,
  mcnemarTest,
  pairedDifference,
  unpairedDifference,
} from '@evalsim/core';
import { describe, expect, test } from 'vitest';
import type { ClusteredScores, SequentialPairedCounts, SystemCopiesScores } from '../base/dataKinds.js';
import { createMethodResult } from '../base/methodResult.js';
import { pairIndex } from '../models/systemCopies.js';
import { SeededStream } from '../rng/index.js';
import { leaderboardPairs } from './leaderboardPairs.js';
import { meanScore } from './meanScore.js';
import { stopAtFirstSignificant } from './stopAtFirstSignificant.js';
import {
  createPairTestScratch,
  McnemarCriticalTable,
  McnemarPValueCache,
  unpairedZPValue,
} from './support/discordantPairTests.js';
import { topBottomGap } from './topBottomGap.js';

const rng = new SeededStream(1, 0);

/** A leaderboard from explicit answers (copies × n, LCG), with its item-level answers. */
function leaderboardOf(copies: number, n: number, seed: number, rate: (j: number) => number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const answers = Array.from({ length: copies }, (_, j) =>
    Array.from({ length: n }, (): number => (next() < rate(j) ? 1 : 0)),
  );
  const pairCount = (copies * (copies - 1)) / 2;
  const data: SystemCopiesScores = {
    kind: 'systemCopiesScores',
    copies,
    pairCount,
    itemCount: n,
    totals: Int32Array.from(answers, (a) => a.reduce((s, y) => s + y, 0)),
    onlyFirst: new Int32Array(pairCount),
    onlySecond: new Int32Array(pairCount),
    answers: null,
    questions: null,
  };
  for (let j = 0; j < copies; j++)
    for (let l = j + 1; l < copies; l++)
      for (let i = 0; i < n; i++) {
        if (answers[j][i] > answers[l][i]) data.onlyFirst[pairIndex(j, l, copies)]++;
        if (answers[j][i] < answers[l][i]) data.onlySecond[pairIndex(j, l, copies)]++;
      }
  return { data, answers };
}

/** Core's p-value of each tested pair and whether the second copy is ahead. */
function corePValues(answers: number[][], test: string, versusFirst: boolean) {
  const p: number[] = [];
  const ahead: boolean[] = [];
  const n = answers[0].length;
  for (let j = 0; j < answers.length; j++)
    for (let l = j + 1; l < answers.length; l++) {
      if (versusFirst && j > 0) continue;
      const kA = answers[j].reduce((s, y) => s + y, 0);
      const kB = answers[l].reduce((s, y) => s + y, 0);
      let b = 0;
      let c = 0;
      for (let i = 0; i < n; i++) {
        b += answers[j][i] > answers[l][i] ? 1 : 0;
        c += answers[j][i] < answers[l][i] ? 1 : 0;
      }
      ahead.push(c > b);
      if (test === 'mcnemarExact') p.push(b + c === 0 ? 1 : mcnemarTest(b, c, { method: 'exact' }).pValue);
      else if (test === 'pairedZ') p.push(pairedDifference(answers[j], answers[l]).pValue);
      else p.push(unpairedDifference(kA, n, kB, n).pValue);
    }
  return { p, ahead };
}

let significantSeen = 0;

describe('leaderboardPairs agrees with core tests and corrections on constructed leaderboards', () => {
  const rates = [0.5, 0.52, 0.55, 0.6, 0.62, 0.7, 0.5, 0.45];
  const cases = [
    { copies: 8, n: 60, seed: 1 },
    { copies: 8, n: 200, seed: 2 },
    { copies: 5, n: 40, seed: 3 },
  ];
  for (const { copies, n, seed } of cases) {
    for (const pairTest of ['mcnemarExact', 'pairedZ', 'unpairedZ'] as const) {
      for (const pairs of ['all', 'versusFirst'] as const) {
        test(`${pairTest}, ${pairs}, ${copies} copies × ${n}`, () => {
          const { data, answers } = leaderboardOf(copies, n, seed, (j) => rates[j]);
          const { p, ahead } = corePValues(answers, pairTest, pairs === 'versusFirst');
          const rules = {
            none: p.map((x) => (x <= 0.05 ? 1 : 0)),
            bonferroni: Array.from(bonferroni(p, 0.05).reject),
            holm: Array.from(holm(p, 0.05).reject),
            benjaminiHochberg: Array.from(benjaminiHochberg(p, 0.05).reject),
          };
          for (const [correction, reject] of Object.entries(rules)) {
            for (const count of ['either', 'secondBetter'] as const) {
              const out = createMethodResult();
              leaderboardPairs.create({ pairs, test: pairTest, correction, count } as never, { level: 0.95 })(
                data,
                rng,
                out,
              );
              const expected = reject.filter((r, t) => r === 1 && (count === 'either' || ahead[t])).length;
              expect(out.estimate, `${correction}/${count}`).toBe(expected);
              significantSeen += expected;
            }
          }
        });
      }
    }
  }

  test('one analyser reused over 60 leaderboards (cached p-values, n changing) = a fresh one each time', () => {
    const rates8 = [0.5, 0.52, 0.55, 0.6, 0.62, 0.7, 0.5, 0.45];
    for (const pairTest of ['mcnemarExact', 'pairedZ', 'unpairedZ'] as const) {
      for (const correction of ['none', 'holm'] as const) {
        const options = { pairs: 'all', test: pairTest, correction, count: 'either' } as never;
        const reused = leaderboardPairs.create(options, { level: 0.95 });
        let total = 0;
        for (let r = 0; r < 60; r++) {
          const { data } = leaderboardOf(6, r % 3 === 0 ? 40 : 90, 100 + r, (j) => rates8[j]);
          const a = createMethodResult();
          const b = createMethodResult();
          reused(data, rng, a);
          leaderboardPairs.create(options, { level: 0.95 })(data, rng, b);
          expect(a.estimate).toBe(b.estimate);
          total += a.estimate;
        }
        expect(total, `${pairTest}/${correction} rejects somewhere`).toBeGreaterThan(0);
      }
    }
  });

  test('the constructed cases do reject (the comparisons above are not all 0 = 0)', () => {
    expect(significantSeen).toBeGreaterThan(20);
  });

  test('options are checked', () => {
    expect(() => leaderboardPairs.create({ correction: 'sidak' } as never, { level: 0.95 })).toThrow(
      /correction/,
    );
    expect(() => leaderboardPairs.create({ pair: 'all' } as never, { level: 0.95 })).toThrow(/pair/);
  });
});

describe('discordant-pair test helpers', () => {
  test('critical table and p-value cache give the exact test decision and p-value', () => {
    const table = new McnemarCriticalTable(0.05);
    const cache = new McnemarPValueCache();
    for (let d = 1; d <= 150; d++) {
      for (const b of [0, Math.floor(d / 3), Math.floor(d / 2), d]) {
        const c = d - b;
        const p = mcnemarTest(b, c, { method: 'exact' }).pValue;
        expect(cache.pValue(b, c)).toBe(p);
        expect(table.rejects(b, c)).toBe(p <= 0.05);
      }
    }
    expect(cache.pValue(0, 0)).toBe(1);
  });

  test('tables at one α share their counts and still decide as the exact test after either grows', () => {
    const alpha = 0.05 / 190;
    const first = new McnemarCriticalTable(alpha);
    const second = new McnemarCriticalTable(alpha);
    // The first grows the shared counts past 64; the second then reads the grown counts.
    expect(first.rejects(300, 0)).toBe(mcnemarTest(300, 0, { method: 'exact' }).pValue <= alpha);
    for (let d = 1; d <= 320; d += 7) {
      for (const b of [0, Math.floor(d / 4), Math.floor(d / 2)]) {
        const p = mcnemarTest(b, d - b, { method: 'exact' }).pValue;
        expect(second.rejects(b, d - b)).toBe(p <= alpha);
        expect(new McnemarCriticalTable(alpha).rejects(d - b, b)).toBe(p <= alpha);
      }
    }
  });

  test('unpaired z p-value equals core unpairedDifference', () => {
    for (const [kA, kB, n] of [
      [50, 60, 100],
      [0, 3, 40],
      [71, 81, 100],
      [100, 100, 100],
    ]) {
      expect(unpairedZPValue(kA, kB, n, 0.95, createPairTestScratch())).toBeCloseTo(
        unpairedDifference(kA, n, kB, n).pValue,
        12,
      );
    }
  });
});

describe('topBottomGap and meanScore', () => {
  test('gap = (max − min total)/n', () => {
    const { data } = leaderboardOf(6, 90, 4, (j) => 0.3 + 0.1 * j);
    const out = createMethodResult();
    topBottomGap.create({}, { level: 0.95 })(data, rng, out);
    expect(out.estimate).toBe((Math.max(...data.totals) - Math.min(...data.totals)) / 90);
  });

  test('meanScore = Σ totals / Σ sizes', () => {
    const data: ClusteredScores = {
      kind: 'clusteredScores',
      clusterCount: 2,
      itemCount: 6,
      sizes: Float64Array.of(4, 2, 9),
      totals: Float64Array.of(3, 1, 9),
      sumSquares: Float64Array.of(3, 1, 9),
    };
    const out = createMethodResult();
    meanScore.create({}, { level: 0.95 })(data, rng, out);
    expect(out.estimate).toBe(4 / 6);
    expect(out.degenerate).toBe(false);
  });
});

describe('stopAtFirstSignificant', () => {
  function sequence(b: number[], c: number[], batch: number): SequentialPairedCounts {
    return {
      kind: 'sequentialPairedCounts',
      looks: b.length,
      items: Float64Array.from(b, (_, k) => (k + 1) * batch),
      onlyFirst: Float64Array.from(b),
      onlySecond: Float64Array.from(c),
    };
  }
  /** Paired z p-value on n items with b, c discordant (core, from explicit differences). */
  function zP(n: number, b: number, c: number): number {
    const a = Array.from({ length: n }, (_, i) => (i < b ? 1 : 0));
    const bb = Array.from({ length: n }, (_, i) => (i >= b && i < b + c ? 1 : 0));
    return pairedDifference(a, bb).pValue;
  }

  test('stops at the first look with p ≤ α and reports that look', () => {
    // Cumulative b, c after looks of 100: the z test rejects first at look 3.
    const b = [10, 14, 30, 31];
    const c = [8, 16, 12, 30];
    const out = createMethodResult();
    stopAtFirstSignificant.create({ test: 'pairedZ' }, { level: 0.95 })(sequence(b, c, 100), rng, out);
    const ps = b.map((x, k) => zP((k + 1) * 100, x, c[k]));
    const first = ps.findIndex((p) => p <= 0.05);
    expect(first).toBe(2);
    expect(out.pTwoSided).toBeCloseTo(ps[first], 12);
    expect(out.estimate).toBe((30 - 12) / 300);
    const exact = createMethodResult();
    stopAtFirstSignificant.create({ test: 'mcnemarExact' }, { level: 0.95 })(sequence(b, c, 100), rng, exact);
    const exactPs = b.map((x, k) => mcnemarTest(x, c[k], { method: 'exact' }).pValue);
    const exactFirst = exactPs.findIndex((p) => p <= 0.05);
    expect(exact.pTwoSided).toBe(exactPs[exactFirst]);
  });

  test('never significant: the last look is reported', () => {
    const out = createMethodResult();
    stopAtFirstSignificant.create({}, { level: 0.95 })(sequence([5, 10], [5, 11], 50), rng, out);
    expect(out.pTwoSided).toBeCloseTo(zP(100, 10, 11), 12);
    expect(out.estimate).toBe(-1 / 100);
  });
});

describe("leaderboardPairs test 'headline': analyze's headline test from a rerun model's differences", () => {
  /** Three entries, 40 questions in 8 clusters, 3 epochs: right answers per question as counts. */
  function rerunData(clustered: boolean) {
    const S = 3;
    const Q = 40;
    const E = 3;
    const right = Array.from({ length: S }, (_, s) =>
      Array.from({ length: Q }, (_, q) => (q * (s + 3) + s) % (E + 1)),
    );
    const pairCount = 3;
    const sums = new Float64Array(pairCount);
    const squares = new Float64Array(pairCount);
    const K = 8;
    const clusterTotals = new Float64Array(pairCount * K);
    const clusterSizes = new Float64Array(K);
    const d: number[][] = [[], [], []];
    let k = 0;
    for (let a = 0; a < S; a++)
      for (let b = a + 1; b < S; b++, k++)
        for (let q = 0; q < Q; q++) {
          const x = (right[a][q] - right[b][q]) / E;
          d[k].push(x);
          sums[k] += x;
          squares[k] += x * x;
          clusterTotals[k * K + (q % K)] += x;
        }
    for (let q = 0; q < Q; q++) clusterSizes[q % K]++;
    const data: SystemCopiesScores = {
      kind: 'systemCopiesScores',
      copies: S,
      pairCount,
      itemCount: Q * E,
      totals: Int32Array.from(right, (r) => r.reduce((x, y) => x + y, 0)),
      onlyFirst: new Int32Array(pairCount),
      onlySecond: new Int32Array(pairCount),
      answers: null,
      questions: null,
      differences: {
        epochs: E,
        questions: Q,
        sums,
        squares,
        clusterTotals: clustered ? clusterTotals : null,
        clusterSizes: clustered ? clusterSizes : null,
        maxClusters: K,
        clusterCount: clustered ? K : 0,
      },
    };
    return { data, d, ids: Array.from({ length: Q }, (_, q) => q % K) };
  }
  test('the paired t on the epoch-mean differences, and CR2 with its df on the clusters, = core', async () => {
    const { pairedTTest, clusteredInterval, tSf } = await import('@evalsim/core');
    for (const clustered of [false, true]) {
      const { data, d, ids } = rerunData(clustered);
      const expected = d.map((x) => {
        if (!clustered) return pairedTTest(Float64Array.from(x), new Float64Array(x.length)).pValue;
        const c = clusteredInterval(x, ids, { estimator: 'cr2' });
        return 2 * tSf(Math.abs(c.estimate / c.standardError), c.degreesOfFreedom);
      });
      for (const alphaLevel of [0.95, 0.6]) {
        const run = leaderboardPairs.create(
          { pairs: 'all', test: 'headline', correction: 'none', count: 'either' },
          { level: alphaLevel },
        );
        const out = createMethodResult();
        run(data, rng, out);
        expect(out.estimate, `${clustered} ${alphaLevel}`).toBe(
          expected.filter((p) => p <= 1 - alphaLevel).length,
        );
      }
    }
  });
});
