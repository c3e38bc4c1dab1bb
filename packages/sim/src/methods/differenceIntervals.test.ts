/**
 * The paired-difference (pairedWald, tango, newcombePaired, bonettPrice, agrestiMin) and
 * two-sample (agrestiCaffo, newcombeHybrid, miettinenNurminen) interval adapters:
 * (1) on known items they equal core's intervals on the 2×2 table / the two totals counted
 * from those items, and reproduce Fagerland, Lydersen & Laake's printed examples through the
 * adapter (orientation: first = A, Δ = A − B); (2) graded scores are refused by name,
 * independent question sets are unanalysable; (3) a simulation sanity check: on the
 * pairedMultinomial model their simulated coverage agrees with the exact coverage by
 * enumeration within 4 Monte Carlo SEs, √(C(1 − C)/R) at the exact C (a false alarm
 * ≈ 6e-5 per method).
 */
import {
  agrestiCaffoInterval,
  binomialPmf,
  exactPairedCoverage,
  miettinenNurminenInterval,
  newcombeHybridInterval,
  pairedIntervalMethods,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { PairedClusteredScores } from '../base/dataKinds.js';
import { PAIRED_INTERVALS, type PairedIntervalName } from '../base/pairedIntervalNames.js';
import type { MethodDefinition } from '../base/roles.js';
import { pairedMultinomial } from '../models/pairedMultinomial.js';
import { SeededStream } from '../rng/SeededStream.js';
import { agrestiMin, bonettPrice, newcombePaired, pairedWald, tango } from './pairedDifferenceIntervals.js';
import { binaryItems, blankResult, pairedScoresOf, unusedRng } from './test-utils/itemData.js';
import { agrestiCaffo, miettinenNurminen, newcombeHybrid } from './twoSampleDifferenceIntervals.js';

const LEVEL = 0.95;
const PAIRED: Record<PairedIntervalName, MethodDefinition> = {
  pairedWald,
  tango,
  newcombePaired,
  bonettPrice,
  agrestiMin,
};
const TWO_SAMPLE = {
  agrestiCaffo: [agrestiCaffo, agrestiCaffoInterval],
  newcombeHybrid: [newcombeHybrid, newcombeHybridInterval],
  miettinenNurminen: [miettinenNurminen, miettinenNurminenInterval],
} as const;

const sizes = [8, 12, 10, 9, 11, 10, 7, 13];
const A = binaryItems(sizes, 41, (k) => 0.55 + 0.04 * (k % 4));
const B = binaryItems(sizes, 43, (k) => 0.5 + 0.05 * (k % 3));
const data = pairedScoresOf(A.scores, B.scores, A.clusters);

/** Items with the given paired table (A first: n10 = A right, B wrong), in 5 clusters. */
function itemsOf(n11: number, n10: number, n01: number, n00: number): PairedClusteredScores {
  const a = [...Array(n11 + n10).fill(1), ...Array(n01 + n00).fill(0)];
  const b = [...Array(n11).fill(1), ...Array(n10).fill(0), ...Array(n01).fill(1), ...Array(n00).fill(0)];
  return pairedScoresOf(
    a,
    b,
    a.map((_, i) => i % 5),
  );
}

function run(method: MethodDefinition, input: PairedClusteredScores, level = LEVEL) {
  const out = blankResult();
  method.create({}, { level })(input, unusedRng, out);
  return out;
}

describe('paired-difference adapters equal core on the table counted from the items', () => {
  const table = { n11: 0, n10: 0, n01: 0, n00: 0 };
  A.scores.forEach((a, i) => {
    const b = B.scores[i];
    if (a && b) table.n11++;
    else if (a) table.n10++;
    else if (b) table.n01++;
    else table.n00++;
  });
  it.each(Object.keys(PAIRED) as PairedIntervalName[])('%s', (name) => {
    for (const level of [0.9, 0.95]) {
      const ref = pairedIntervalMethods[PAIRED_INTERVALS[name]](table, level);
      const out = run(PAIRED[name], data, level);
      expect([out.estimate, out.lower, out.upper, out.degenerate]).toEqual([
        ref.estimate,
        ref.lower,
        ref.upper,
        ref.degenerate,
      ]);
      expect(Number.isNaN(out.se) && Number.isNaN(out.pTwoSided)).toBe(true);
    }
    expect(table.n10 + table.n01).toBeGreaterThan(10);
  });
  // contingencytables 3.0.0 tests (Fagerland, Lydersen & Laake), Cavo et al. 2012: n11 59, n10 6, n01 16, n00 80.
  it.each([
    ['pairedWald', [-0.1184, -0.0058]],
    ['tango', [-0.124, -0.0054]],
    ['newcombePaired', [-0.1186, -0.0046]],
    ['bonettPrice', [-0.1195, -0.0032]],
    ['agrestiMin', [-0.1182, -0.0045]],
  ] as const)('%s reproduces the printed Cavo 2012 interval with A first', (name, [lo, hi]) => {
    const out = run(PAIRED[name], itemsOf(59, 6, 16, 80));
    expect([out.lower.toFixed(4), out.upper.toFixed(4)]).toEqual([lo.toFixed(4), hi.toFixed(4)]);
    expect(out.estimate).toBeCloseTo((6 - 16) / 161, 15);
  });
  it('pairedWald with no discordant pairs is a degenerate point; the others are not degenerate', () => {
    const none = itemsOf(10, 0, 0, 5);
    expect(run(pairedWald, none)).toMatchObject({ estimate: 0, lower: 0, upper: 0, degenerate: true });
    for (const name of ['tango', 'newcombePaired', 'bonettPrice', 'agrestiMin'] as const) {
      const out = run(PAIRED[name], none);
      expect(out.degenerate).toBe(false);
      expect(out.lower).toBeLessThan(0);
      expect(out.upper).toBeGreaterThan(0);
    }
  });
});

describe('two-sample adapters equal core on the two totals', () => {
  const x1 = A.scores.reduce((s, v) => s + v, 0);
  const x2 = B.scores.reduce((s, v) => s + v, 0);
  const n = A.scores.length;
  it.each(Object.keys(TWO_SAMPLE) as (keyof typeof TWO_SAMPLE)[])('%s', (name) => {
    const [method, core] = TWO_SAMPLE[name];
    const ref = core(x1, n, x2, n, LEVEL);
    const out = run(method, data);
    expect([out.estimate, out.lower, out.upper, out.degenerate]).toEqual([
      ref.estimate,
      ref.lower,
      ref.upper,
      ref.degenerate,
    ]);
  });
  it('reproduces the printed Perondi 2004 intervals (7/34 vs 1/34) with A first', () => {
    const a = [...Array(7).fill(1), ...Array(27).fill(0)];
    const b = [1, ...Array(33).fill(0)];
    const perondi = pairedScoresOf(a, b, Array(34).fill(0));
    const printed = {
      miettinenNurminen: [0.027, 0.3453],
      newcombeHybrid: [0.0189, 0.3404],
      agrestiCaffo: [0.0116, 0.3217],
    };
    for (const [name, [lo, hi]] of Object.entries(printed)) {
      const out = run(TWO_SAMPLE[name as keyof typeof TWO_SAMPLE][0], perondi);
      expect([out.lower.toFixed(4), out.upper.toFixed(4)]).toEqual([lo.toFixed(4), hi.toFixed(4)]);
    }
  });
  it('analyses independent question sets (Σab NaN), where the paired methods cannot', () => {
    const independent = pairedScoresOf(A.scores, B.scores, A.clusters);
    independent.sumProducts.fill(Number.NaN);
    const two = run(newcombeHybrid, independent);
    expect(two.degenerate).toBe(false);
    expect(two.lower).toBe(run(newcombeHybrid, data).lower);
    for (const method of Object.values(PAIRED)) {
      const out = run(method, independent);
      expect(out.degenerate).toBe(true);
      expect(Number.isNaN(out.lower) && Number.isNaN(out.upper)).toBe(true);
      expect(out.estimate).toBeCloseTo((x1 - x2) / n, 15);
    }
  });
});

describe('graded scores are refused', () => {
  const graded = pairedScoresOf(
    A.scores.map((a, i) => (i === 3 ? 0.5 : a)),
    B.scores,
    A.clusters,
  );
  it.each([...Object.entries(PAIRED), ...Object.entries(TWO_SAMPLE).map(([k, v]) => [k, v[0]] as const)])(
    '%s',
    (name, method) => {
      expect(() => run(method, graded)).toThrow(
        new RegExp(`^${name} needs 0/1 scores .*cluster 0 has graded scores \\(A: Σa = 4.5`),
      );
    },
  );
});

/** Simulated coverage over R replications of the pairedMultinomial model, with each method's own stream. */
function simulatedCoverage(
  methods: readonly MethodDefinition[],
  params: Record<string, number>,
  replications: number,
) {
  const parsed = pairedMultinomial.parse(params, { baseDir: '.' });
  const sample = pairedMultinomial.allocate(parsed);
  const truth = pairedMultinomial.truth(parsed);
  const analysers = methods.map((m) => m.create({}, { level: LEVEL }));
  const covered = methods.map(() => 0);
  const rng = new SeededStream(2024, 0);
  const out = blankResult();
  for (let r = 0; r < replications; r++) {
    rng.reseed(2024, r);
    pairedMultinomial.generate(parsed, rng, sample);
    analysers.forEach((analyse, j) => {
      analyse(sample, unusedRng, out);
      if (out.lower <= truth && truth <= out.upper) covered[j]++;
    });
  }
  return covered.map((c) => c / replications);
}

describe('simulation sanity: simulated coverage = exact coverage within Monte Carlo error', () => {
  const R = 4000;
  it('paired intervals on pairedMultinomial (n = 30, p11 0.5, p10 0.15, p01 0.05)', () => {
    const names = Object.keys(PAIRED) as PairedIntervalName[];
    const simulated = simulatedCoverage(
      names.map((n) => PAIRED[n]),
      { n: 30, p11: 0.5, p10: 0.15, p01: 0.05 },
      R,
    );
    names.forEach((name, j) => {
      const exact = exactPairedCoverage(PAIRED_INTERVALS[name], 30, 0.5, 0.15, 0.05, LEVEL);
      const mcse = Math.sqrt((exact * (1 - exact)) / R);
      expect(Math.abs(simulated[j] - exact), `${name}: ${simulated[j]} vs ${exact}`).toBeLessThanOrEqual(
        4 * mcse,
      );
    });
  });
  it('two-sample intervals on independent systems (accuracies 0.7 and 0.6 on n = 40 questions)', () => {
    // A and B independent per question: p11 = 0.42, p10 = 0.28, p01 = 0.18, so Σa ~ Bin(40, 0.7) ⟂ Σb ~ Bin(40, 0.6).
    const n = 40;
    const names = Object.keys(TWO_SAMPLE) as (keyof typeof TWO_SAMPLE)[];
    const simulated = simulatedCoverage(
      names.map((m) => TWO_SAMPLE[m][0]),
      { n, p11: 0.42, p10: 0.28, p01: 0.18 },
      R,
    );
    const truth = 0.28 - 0.18;
    names.forEach((name, j) => {
      let exact = 0;
      for (let x1 = 0; x1 <= n; x1++)
        for (let x2 = 0; x2 <= n; x2++) {
          const i = TWO_SAMPLE[name][1](x1, n, x2, n, LEVEL);
          if (i.lower <= truth && truth <= i.upper)
            exact += binomialPmf(x1, n, 0.7) * binomialPmf(x2, n, 0.6);
        }
      const mcse = Math.sqrt((exact * (1 - exact)) / R);
      expect(exact).toBeGreaterThan(0.9);
      expect(Math.abs(simulated[j] - exact), `${name}: ${simulated[j]} vs ${exact}`).toBeLessThanOrEqual(
        4 * mcse,
      );
    });
  });
});
