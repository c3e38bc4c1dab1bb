/**
 * Unpaired, paired (z, t, counts, sums), paired clustered, correlation and paired t,
 * against scipy / statsmodels fixtures (packages/core/fixtures/scripts/paired.py) and the
 * worked numbers of seeds 000 and 002.
 */
import { describe, expect, it } from 'vitest';
import { normalCritical } from '../distributions/normal.js';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { InputError } from '../validate.js';
import { createDifferenceTestOut, fillDifferenceTest } from './differenceInference.js';
import { pairedClusteredDifference } from './pairedClusteredDifference.js';
import { pairedClusteredDifferenceFromTotals } from './pairedClusteredDifferenceFromTotals.js';
import { pairedDifference } from './pairedDifference.js';
import { pairedDifferenceFromCounts } from './pairedDifferenceFromCounts.js';
import { pairedDifferenceFromSums } from './pairedDifferenceFromSums.js';
import { pairedTTest } from './pairedTTest.js';
import { scoreCorrelation } from './scoreCorrelation.js';
import { unpairedDifference, unpairedDifferenceFromCounts } from './unpairedDifference.js';

interface Fixture {
  unpaired: Array<
    Record<
      'kA' | 'nA' | 'kB' | 'nB' | 'level' | 'estimate' | 'se' | 'lower' | 'upper' | 'z' | 'pValue',
      number
    >
  >;
  paired: Array<{ name: string; a: number[]; b: number[] } & Record<string, number>>;
  pairedTTest: Array<
    { name: string; a: number[]; b: number[] } & Record<'t' | 'df' | 'pValue' | 'estimate' | 'se', number>
  >;
  correlation: Array<{ name: string; a: number[]; b: number[]; r: number }>;
  pairedClustered: Array<
    { name: string; a: number[]; b: number[]; clusters: number[] } & Record<string, number>
  >;
}
const fx = loadFixture<Fixture>('paired');
const REL = 1e-9;
// Absolute floor for quantities that can be ~0 (estimates, interval ends near 0).
const ABS = 1e-15;

/** 0/1 score vectors of a 2×2 agreement table (both right, A only, B only, both wrong). */
function table(both: number, aOnly: number, bOnly: number, neither: number): [Float64Array, Float64Array] {
  const n = both + aOnly + bOnly + neither;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  let i = 0;
  for (let j = 0; j < both; j++, i++) a[i] = b[i] = 1;
  for (let j = 0; j < aOnly; j++, i++) a[i] = 1;
  for (let j = 0; j < bOnly; j++, i++) b[i] = 1;
  return [a, b];
}

describe('unpairedDifference vs statsmodels confint_proportions_2indep(wald)', () => {
  it.each(fx.unpaired)('kA=$kA nA=$nA kB=$kB nB=$nB level=$level', (row) => {
    const r = unpairedDifference(row.kA, row.nA, row.kB, row.nB, row.level);
    expectRelative(r.estimate, row.estimate, REL, ABS, 'estimate');
    expectRelative(r.se, row.se, REL, 0, 'se');
    expectRelative(r.lower, row.lower, REL, ABS, 'lower');
    expectRelative(r.upper, row.upper, REL, ABS, 'upper');
    expectRelative(r.z, row.z, REL, ABS, 'z');
    expectRelative(r.pValue, row.pValue, REL, 0, 'p');
  });

  it.each(fx.unpaired)('the allocation-free form fills the same numbers (kA=$kA nA=$nA)', (row) => {
    const out = createDifferenceTestOut();
    const filled = unpairedDifferenceFromCounts(row.kA, row.nA, row.kB, row.nB, row.level, out);
    expect(filled).toBe(out);
    expectRelative(out.se, row.se, REL, 0, 'se');
    expectRelative(out.pValue, row.pValue, REL, 0, 'p');
    expectRelative(out.lower, row.lower, REL, ABS, 'lower');
  });

  it('seed 002: 75 vs 71 of 100 → +4 points, 95% CI [−8.3, +16.3], z 0.638, p ≈ 0.52', () => {
    const r = unpairedDifference(75, 100, 71, 100);
    expect(r.se.toFixed(5)).toBe('0.06272');
    expect((100 * r.lower).toFixed(1)).toBe('-8.3');
    expect((100 * r.upper).toFixed(1)).toBe('16.3');
    expect(r.z.toFixed(3)).toBe('0.638');
    expect(r.pValue.toFixed(2)).toBe('0.52');
  });

  it('seed 002: V4 81 vs 71 of 100 → SE 0.05998, z = 1.667', () => {
    const r = unpairedDifference(81, 100, 71, 100);
    expect(r.se.toFixed(5)).toBe('0.05998');
    expect(r.z.toFixed(3)).toBe('1.667');
  });

  it('flags SE = 0 and rejects bad counts', () => {
    const r = unpairedDifference(10, 10, 0, 10);
    expect(r.degenerate).toBe(true);
    expect(r.pValue).toBe(0);
    expect(unpairedDifference(5, 5, 7, 7).pValue).toBe(1);
    expect(() => unpairedDifference(11, 10, 0, 10)).toThrow(/kA/);
    expect(() => unpairedDifference(1, 10, 0, 0)).toThrow(/nB/);
    expect(() => unpairedDifference(1, 10, 1, 10, 1)).toThrow(/level/);
  });
});

describe('pairedDifference vs numpy (z) and t intervals (mpmath-polished t quantile)', () => {
  it.each(fx.paired)('$name level=$level', (row) => {
    const z = pairedDifference(row.a, row.b, row.level);
    expectRelative(z.estimate, row.estimate, REL, ABS, 'estimate');
    expectRelative(z.se, row.se, REL, 0, 'se');
    expectRelative(z.lower, row.zLower, REL, ABS, 'zLower');
    expectRelative(z.upper, row.zUpper, REL, ABS, 'zUpper');
    expectRelative(z.pValue, row.zPValue, REL, 0, 'zPValue');
    const t = pairedDifference(Float64Array.from(row.a), Float64Array.from(row.b), row.level, {
      critical: 't',
    });
    expect(t.df).toBe(row.a.length - 1);
    expectRelative(t.lower, row.tLower, REL, ABS, 'tLower');
    expectRelative(t.upper, row.tUpper, REL, ABS, 'tUpper');
    expectRelative(t.pValue, row.tPValue, REL, 0, 'tPValue');
  });

  it('FromSums and FromCounts give the per-item answer on 0/1 data', () => {
    const row = fx.paired.find((r) => r.name === 'binary-n100' && r.level === 0.95)!;
    let b = 0;
    let c = 0;
    for (let i = 0; i < row.a.length; i++) {
      if (row.a[i] > row.b[i]) b++;
      if (row.a[i] < row.b[i]) c++;
    }
    const counts = pairedDifferenceFromCounts({ n: row.a.length, b, c }, 0.95);
    expectRelative(counts.se, row.se, REL, 0, 'se');
    expectRelative(counts.lower, row.zLower, REL, ABS, 'lower');
    const out = createDifferenceTestOut();
    const same = pairedDifferenceFromSums(row.a.length, b - c, b + c, 0.95, out);
    expect(same).toBe(out);
    expectRelative(out.upper, row.zUpper, REL, ABS, 'upper');
    const t = pairedDifferenceFromCounts({ n: row.a.length, b, c }, 0.95, 't');
    expectRelative(t.pValue, row.tPValue, REL, 0, 'tPValue');
  });

  it('seed 002: b = 3, c = 7 of 100 → d̄ 0.040, SE 0.031527, t 1.269, 95% CI [−2.2, +10.2]', () => {
    // Seed 002 takes B − A; here the first system is the candidate B, so "b" = B right & A wrong = 7.
    const r = pairedDifferenceFromCounts({ n: 100, b: 7, c: 3 });
    expect(r.estimate).toBeCloseTo(0.04, 15);
    expect(r.se.toFixed(6)).toBe('0.031527');
    expect(r.statistic.toFixed(3)).toBe('1.269');
    expect((100 * r.lower).toFixed(1)).toBe('-2.2');
    expect((100 * r.upper).toFixed(1)).toBe('10.2');
    // Same from items: 68 both right, B only 7, A only 3, 22 both wrong.
    const [candidate, baseline] = table(68, 7, 3, 22);
    expectRelative(pairedDifference(candidate, baseline).se, r.se, 1e-14, 0, 'items vs counts');
  });

  it('seed 000: Haiku/Sonnet 881/28/107/124 → unpaired SE 1.56, paired SE 1.00 points, ρ 0.60, t 6.94', () => {
    const [haiku, sonnet] = table(881, 28, 107, 124);
    const unpaired = unpairedDifference(988, 1140, 909, 1140);
    expect((100 * unpaired.se).toFixed(2)).toBe('1.56');
    expect((100 * unpaired.lower).toFixed(1)).toBe('3.9');
    expect((100 * unpaired.upper).toFixed(1)).toBe('10.0');
    const paired = pairedDifference(sonnet, haiku);
    expect((100 * paired.se).toFixed(2)).toBe('1.00');
    expect((100 * paired.lower).toFixed(1)).toBe('5.0');
    expect((100 * paired.upper).toFixed(1)).toBe('8.9');
    const rho = scoreCorrelation(haiku, sonnet);
    expect(rho.toFixed(2)).toBe('0.60');
    expect(pairedTTest(sonnet, haiku).t.toFixed(2)).toBe('6.94');
    // Miller's identity SE_paired² = SE_A² + SE_B² − 2ρ SE_A SE_B holds with the ddof = 1 SEs.
    const seA = Math.sqrt((909 * 231) / 1140 / 1139 / 1140);
    const seB = Math.sqrt((988 * 152) / 1140 / 1139 / 1140);
    expectRelative(paired.se ** 2, seA ** 2 + seB ** 2 - 2 * rho * seA * seB, 1e-12, 0, 'Miller identity');
  });

  it('degenerate and bad input', () => {
    const r = pairedDifference([1, 0, 1], [1, 0, 1]);
    expect(r.degenerate).toBe(true);
    expect(r.pValue).toBe(1);
    expect(r.statistic).toBe(0);
    const all = pairedDifference([1, 1, 1], [0, 0, 0], 0.9, { critical: 't' });
    expect(all.degenerate).toBe(true);
    expect(all.pValue).toBe(0);
    expect(() => pairedDifference([1, 2], [1])).toThrow(InputError);
    expect(() => pairedDifference([1, Number.NaN], [1, 2])).toThrow(/a: .*entry 1/);
    expect(() => pairedDifference([1], [1])).toThrow(/at least 2/);
    expect(() => pairedDifferenceFromCounts({ n: 10, b: 6, c: 5 })).toThrow(/b \+ c/);
    expect(() => pairedDifferenceFromSums(1, 0, 0, 0.95, createDifferenceTestOut())).toThrow(/n:/);
    // @ts-expect-error invalid critical
    expect(() => pairedDifference([1, 0], [0, 1], 0.95, { critical: 'x' })).toThrow(/critical/);
  });
});

describe('pairedTTest vs scipy.stats.ttest_rel', () => {
  it.each(fx.pairedTTest)('$name', (row) => {
    const r = pairedTTest(row.a, row.b);
    expectRelative(r.t, row.t, REL, 0, 't');
    expect(r.df).toBe(row.df);
    expectRelative(r.pValue, row.pValue, REL, 0, 'p');
    expectRelative(r.estimate, row.estimate, REL, ABS, 'estimate');
    expectRelative(r.se, row.se, REL, 0, 'se');
  });
});

describe('scoreCorrelation vs scipy.stats.pearsonr', () => {
  it.each(fx.correlation)('$name', (row) => {
    expectRelative(scoreCorrelation(row.a, row.b), row.r, REL, ABS, 'r');
  });
  it('constant input is an error naming the argument', () => {
    expect(() => scoreCorrelation([1, 1, 1], [0, 1, 0])).toThrow(/^a: .*constant/);
    expect(() => scoreCorrelation([1, 0, 1], [2, 2, 2])).toThrow(/^b: .*constant/);
  });
});

describe('pairedClusteredDifference vs seed 001 code and statsmodels OLS cluster (use_t)', () => {
  it.each(fx.pairedClustered)('$name level=$level', (row) => {
    const r = pairedClusteredDifference(row.a, row.b, row.clusters, row.level);
    expectRelative(r.estimate, row.estimate, REL, ABS, 'estimate');
    expectRelative(r.se, row.se, REL, 0, 'se (seed 001 code)');
    expectRelative(r.se, row.statsmodelsSe, REL, 0, 'se (statsmodels)');
    expectRelative(r.lower, row.lower, REL, ABS, 'lower');
    expectRelative(r.upper, row.upper, REL, ABS, 'upper');
    expectRelative(r.statistic, row.t, REL, ABS, 't');
    expectRelative(r.pValue, row.pValue, REL, 0, 'p');
    expect(r.df).toBe(row.df);
    expect(r.clusterCount).toBe(row.df + 1);
  });

  it('FromTotals equals the per-item form', () => {
    const row = fx.pairedClustered[0];
    const ids = [...new Set(row.clusters)];
    const K = ids.length;
    const sizes = new Float64Array(K);
    const totals = new Float64Array(K);
    const sumSquares = new Float64Array(K);
    row.clusters.forEach((id, i) => {
      const g = ids.indexOf(id);
      const d = row.a[i] - row.b[i];
      sizes[g]++;
      totals[g] += d;
      sumSquares[g] += d * d;
    });
    const out = pairedClusteredDifferenceFromTotals(
      { count: K, sizes, totals, sumSquares },
      row.level,
      createDifferenceTestOut(),
    );
    expectRelative(out.se, row.se, REL, 0, 'se');
    expectRelative(out.lower, row.lower, REL, ABS, 'lower');
    expectRelative(out.pValue, row.pValue, REL, 0, 'p');
  });

  it('one cluster is an error naming clusters', () => {
    expect(() => pairedClusteredDifference([1, 0, 1], [0, 0, 1], [4, 4, 4])).toThrow(/clusters/);
    expect(() => pairedClusteredDifference([1, 0, 1], [0, 0, 1], [4, 4])).toThrow(/clusters/);
  });
});

describe('fillDifferenceTest: the z critical value kept for the last level', () => {
  it('equals normalCritical(level) bit for bit when levels alternate', () => {
    const out = createDifferenceTestOut();
    for (const level of [0.95, 0.9, 0.95, 0.99, 0.5, 0.5, 0.95, 0.999999]) {
      fillDifferenceTest(out, 1, 0.5, level, Number.POSITIVE_INFINITY);
      expect(out.upper).toBe(1 + normalCritical(level) * 0.5);
      expect(out.lower).toBe(1 - normalCritical(level) * 0.5);
    }
    expect(() => fillDifferenceTest(out, 1, 0.5, 1.5, Number.POSITIVE_INFINITY)).toThrow();
  });
});
