import {
  binomialUpperTail,
  clusteredIntervalFromTotals,
  clusteredInterval as coreClusteredInterval,
  createDifferenceTestOut,
  mcnemarTest,
  normalSf,
  pairedClusteredDifference,
  pairedClusteredDifferenceFromTotals,
  pairedDifference,
  tCritical,
  tSf,
  unpairedDifference,
} from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import {
  createClusterTotalsView,
  createDifferenceTotalsView,
  viewPairedDifference,
  viewPairedSystem,
} from '../base/clusterTotalsView.js';
import type { PairedClusteredScores } from '../base/dataKinds.js';
import { ConfigError } from '../base/errors.js';
import { copyDifferenceTest, criticalValue, fillWaldTest, type MethodResult } from '../base/methodResult.js';
import type { Analyser } from '../base/roles.js';
import { mcnemarExact } from './mcnemarExact.js';
import { mcnemarScoreTest } from './mcnemarScoreTest.js';
import { pairedClusteredTest } from './pairedClusteredTest.js';
import { pairedNaiveTest } from './pairedNaiveTest.js';
import { binaryItems, blankResult, pairedScoresOf, unusedRng } from './test-utils/itemData.js';
import { unpairedClusteredTest } from './unpairedClusteredTest.js';
import { unpairedTwoProportionTest } from './unpairedTwoProportionTest.js';

const LEVEL = 0.95;
const sizes = [8, 12, 10, 9, 11, 10, 7, 13, 10, 10, 6, 14];
const A = binaryItems(sizes, 17, (k) => 0.35 + 0.05 * (k % 7));
const B = binaryItems(sizes, 91, (k) => 0.3 + 0.06 * ((k + 3) % 6));
const data = pairedScoresOf(A.scores, B.scores, A.clusters);
const N = A.scores.length;
const K = sizes.length;

function run(analyser: Analyser, input: PairedClusteredScores = data): MethodResult {
  const out = blankResult();
  analyser(input, unusedRng, out);
  return out;
}

const sum = (x: number[]) => x.reduce((s, v) => s + v, 0);

/** One-sided p-values consistent with a statistic on N(0,1) (df = ∞) or t_df. */
function expectOneSided(out: MethodResult, statistic: number, df: number) {
  const sf = (x: number) => (df === Number.POSITIVE_INFINITY ? normalSf(x) : tSf(x, df));
  expect(out.pGreater).toBeCloseTo(sf(statistic), 14);
  expect(out.pLess).toBeCloseTo(sf(-statistic), 14);
  expect(out.pGreater + out.pLess).toBeCloseTo(1, 12);
}

describe('paired test adapters equal core on the same items', () => {
  it('unpairedTwoProportionTest = core unpairedDifference', () => {
    const ref = unpairedDifference(sum(A.scores), N, sum(B.scores), N, LEVEL);
    const out = run(unpairedTwoProportionTest.create({}, { level: LEVEL }));
    expect(out.estimate).toBe(ref.estimate);
    expect(out.se).toBe(ref.se);
    expect([out.lower, out.upper]).toEqual([ref.lower, ref.upper]);
    expect(out.pTwoSided).toBe(ref.pValue);
    expect(out.degenerate).toBe(false);
    expectOneSided(out, ref.statistic, Number.POSITIVE_INFINITY);
  });

  it.each(['z', 't'] as const)('pairedNaiveTest (critical %s) = core pairedDifference', (critical) => {
    const ref = pairedDifference(A.scores, B.scores, LEVEL, { critical });
    const out = run(pairedNaiveTest.create({ critical }, { level: LEVEL }));
    expect(out.estimate).toBeCloseTo(ref.estimate, 15);
    expect(out.se / ref.se - 1).toBeLessThan(1e-12);
    expect(out.lower).toBeCloseTo(ref.lower, 14);
    expect(out.upper).toBeCloseTo(ref.upper, 14);
    expect(out.pTwoSided).toBeCloseTo(ref.pValue, 13);
    expectOneSided(out, ref.statistic, ref.df);
  });

  it('pairedClusteredTest = core pairedClusteredDifference (CR1, t with K − 1 df)', () => {
    const ref = pairedClusteredDifference(A.scores, B.scores, A.clusters, LEVEL);
    const out = run(pairedClusteredTest.create({}, { level: LEVEL }));
    expect(ref.df).toBe(K - 1);
    expect(out.estimate).toBeCloseTo(ref.estimate, 15);
    expect(Math.abs(out.se / ref.se - 1)).toBeLessThan(1e-12);
    expect(out.lower).toBeCloseTo(ref.lower, 14);
    expect(out.upper).toBeCloseTo(ref.upper, 14);
    expect(out.pTwoSided).toBeCloseTo(ref.pValue, 13);
    expectOneSided(out, ref.statistic, K - 1);
  });

  it.each([
    ['cr1', 't'],
    ['cr2', 'z'],
    ['miller', 't'],
  ] as const)(
    'unpairedClusteredTest (%s, %s) combines core per-system clustered SEs',
    (estimator, critical) => {
      const refA = coreClusteredInterval(A.scores, A.clusters, { estimator, level: LEVEL });
      const refB = coreClusteredInterval(B.scores, A.clusters, { estimator, level: LEVEL });
      const se = Math.sqrt(refA.standardError ** 2 + refB.standardError ** 2);
      const estimate = refA.estimate - refB.estimate;
      const df = critical === 't' ? K - 1 : Number.POSITIVE_INFINITY;
      const c = critical === 't' ? tCritical(LEVEL, K - 1) : 1.959963984540054;
      const out = run(unpairedClusteredTest.create({ estimator, critical }, { level: LEVEL }));
      expect(out.estimate).toBeCloseTo(estimate, 15);
      expect(Math.abs(out.se / se - 1)).toBeLessThan(1e-12);
      expect(out.lower).toBeCloseTo(estimate - c * se, 13);
      expect(out.upper).toBeCloseTo(estimate + c * se, 13);
      expectOneSided(out, estimate / se, df);
      expect(out.pTwoSided).toBeCloseTo(2 * Math.min(out.pGreater, out.pLess), 14);
    },
  );

  it('mcnemarExact = core mcnemarTest on the discordant counts; one-sided exact binomial tails', () => {
    let b = 0;
    let c = 0;
    A.scores.forEach((x, i) => {
      if (x === 1 && B.scores[i] === 0) b++;
      if (x === 0 && B.scores[i] === 1) c++;
    });
    const ref = mcnemarTest(b, c, { method: 'exact' });
    const out = run(mcnemarExact.create({}, { level: LEVEL }));
    expect(out.pTwoSided).toBe(ref.pValue);
    expect(out.pGreater).toBe(binomialUpperTail(b, b + c, 0.5));
    expect(out.pLess).toBe(binomialUpperTail(c, b + c, 0.5));
    expect(out.estimate).toBeCloseTo((b - c) / N, 15);
    expect(Number.isNaN(out.se) && Number.isNaN(out.lower)).toBe(true);
    expect(out.degenerate).toBe(false);
  });
});

describe("McNemar's χ² (mcnemarScoreTest) and the CR2 paired test (analyze's headline tests)", () => {
  it('mcnemarScoreTest = core mcnemarTest chisq on the discordant counts (Tango at 0), one-sided Φ tails', () => {
    let b = 0;
    let c = 0;
    A.scores.forEach((x, i) => {
      if (x === 1 && B.scores[i] === 0) b++;
      if (x === 0 && B.scores[i] === 1) c++;
    });
    const out = run(mcnemarScoreTest.create({}, { level: LEVEL }));
    const ref = mcnemarTest(b, c, { method: 'chisq' });
    expect(Math.abs(out.pTwoSided - ref.pValue) / ref.pValue).toBeLessThan(1e-12);
    const z = (b - c) / Math.sqrt(b + c);
    expect(out.pGreater).toBeCloseTo(normalSf(z), 14);
    expect(out.pTwoSided).toBeCloseTo(2 * Math.min(out.pGreater, out.pLess), 14);
  });
  it('pairedClusteredTest estimator cr2 = core clustered CR2 interval of the differences with its Bell–McCaffrey df', () => {
    const out = run(pairedClusteredTest.create({ estimator: 'cr2' }, { level: LEVEL }));
    const d = A.scores.map((x, i) => x - B.scores[i]);
    const ref = coreClusteredInterval(d, A.clusters, { level: LEVEL, estimator: 'cr2' });
    expect(out.lower).toBeCloseTo(ref.lower, 14);
    expect(out.upper).toBeCloseTo(ref.upper, 14);
    const t = ref.estimate / ref.standardError;
    expect(Math.abs(out.pTwoSided - 2 * tSf(Math.abs(t), ref.degreesOfFreedom)) / out.pTwoSided).toBeLessThan(
      1e-12,
    );
    // The default is still CR1 with t(K − 1).
    expect(run(pairedClusteredTest.create({}, { level: LEVEL })).lower).not.toBeCloseTo(ref.lower, 10);
  });
});

describe('paired test adapters reused over many replications (cached tails, memoised t quantile)', () => {
  it('mcnemarExact and pairedClusteredTest equal core on 300 data sets of varying K', () => {
    const mcnemar = mcnemarExact.create({}, { level: LEVEL });
    const clustered = pairedClusteredTest.create({}, { level: LEVEL });
    const counts = new Set<string>();
    for (let r = 0; r < 300; r++) {
      const groupSizes = sizes.slice(0, 2 + (r % 11)).map((size, g) => size + ((r + g) % 4) * 5);
      const a = binaryItems(groupSizes, 1000 + r, (k) => 0.3 + 0.05 * ((k + r) % 8));
      const b = binaryItems(groupSizes, 5000 + r, (k) => 0.35 + 0.04 * ((k + 2 * r) % 7));
      const input = pairedScoresOf(a.scores, b.scores, a.clusters);
      let onlyA = 0;
      let onlyB = 0;
      a.scores.forEach((x, i) => {
        if (x === 1 && b.scores[i] === 0) onlyA++;
        if (x === 0 && b.scores[i] === 1) onlyB++;
      });
      counts.add(`${onlyA},${onlyB}`);
      const exact = run(mcnemar, input);
      const ref = mcnemarTest(onlyA, onlyB, { method: 'exact' });
      expect(exact.pTwoSided).toBe(onlyA + onlyB === 0 ? 1 : ref.pValue);
      if (onlyA + onlyB > 0) {
        expect(exact.pGreater).toBe(binomialUpperTail(onlyA, onlyA + onlyB, 0.5));
        expect(exact.pLess).toBe(binomialUpperTail(onlyB, onlyA + onlyB, 0.5));
      }
      const paired = run(clustered, input);
      const coreRef = pairedClusteredDifference(a.scores, b.scores, a.clusters, LEVEL);
      expect([paired.lower, paired.upper, paired.pTwoSided]).toEqual([
        coreRef.lower,
        coreRef.upper,
        coreRef.pValue,
      ]);
    }
    // Repeated (b, c) were met (cache hits), and many distinct ones (cache fills).
    expect(counts.size).toBeGreaterThan(50);
    expect(counts.size).toBeLessThan(300);
  });
});

describe('paired clustered tests: the unchecked CR1 passes (core cr1Bounds) replace the checked core path', () => {
  /** Data sets of varying K and unequal cluster sizes. */
  const dataSets = Array.from({ length: 200 }, (_, r) => {
    const groupSizes = sizes.slice(0, 2 + (r % 11)).map((size, g) => size + ((r + g) % 4) * 5);
    const a = binaryItems(groupSizes, 3000 + r, (k) => 0.3 + 0.05 * ((k + r) % 8));
    const b = binaryItems(groupSizes, 7000 + r, (k) => 0.35 + 0.04 * ((k + 2 * r) % 7));
    return pairedScoresOf(a.scores, b.scores, a.clusters);
  });
  const fields = (x: MethodResult) => [x.estimate, x.se, x.lower, x.upper, x.pTwoSided, x.pGreater, x.pLess];
  const expectSameBits = (got: MethodResult, plain: MethodResult, label: string) => {
    fields(got).forEach((value, j) => {
      expect(Object.is(value, fields(plain)[j]), `${label} field ${j}`).toBe(true);
    });
    expect(got.degenerate).toBe(plain.degenerate);
  };

  it('pairedClusteredTest = copyDifferenceTest(pairedClusteredDifferenceFromTotals) on the difference view', () => {
    const analyser = pairedClusteredTest.create({}, { level: LEVEL });
    const test = createDifferenceTestOut();
    dataSets.forEach((input, r) => {
      const plain = blankResult();
      const view = viewPairedDifference(input, createDifferenceTotalsView());
      copyDifferenceTest(plain, pairedClusteredDifferenceFromTotals(view, LEVEL, test));
      expectSameBits(run(analyser, input), plain, `r ${r}`);
    });
  });

  it.each(['t', 'z'] as const)(
    'unpairedClusteredTest (cr1, %s) = fillWaldTest on clusteredIntervalFromTotals of each system',
    (critical) => {
      const analyser = unpairedClusteredTest.create({ estimator: 'cr1', critical }, { level: LEVEL });
      dataSets.forEach((input, r) => {
        const k = input.clusterCount;
        const options = { level: LEVEL, estimator: 'cr1', critical: 'z' } as const;
        const a = clusteredIntervalFromTotals(
          viewPairedSystem(input, 'A', createClusterTotalsView()),
          options,
        );
        const b = clusteredIntervalFromTotals(
          viewPairedSystem(input, 'B', createClusterTotalsView()),
          options,
        );
        const df = critical === 't' ? k - 1 : Number.POSITIVE_INFINITY;
        const plain = blankResult();
        const se = Math.sqrt(a.standardError * a.standardError + b.standardError * b.standardError);
        fillWaldTest(plain, a.estimate - b.estimate, se, df, criticalValue(LEVEL, df));
        expectSameBits(run(analyser, input), plain, `r ${r}`);
      });
    },
  );
});

describe('paired test adapters: degenerate replications', () => {
  const same = pairedScoresOf(A.scores, A.scores, A.clusters);
  it('identical systems: zero SE / no discordant pair → degenerate, every p = 1', () => {
    for (const method of [pairedNaiveTest, pairedClusteredTest, mcnemarExact]) {
      const out = run(method.create({}, { level: LEVEL }), same);
      expect(out.degenerate).toBe(true);
      expect(out.estimate).toBe(0);
      expect([out.pTwoSided, out.pGreater, out.pLess]).toEqual([1, 1, 1]);
    }
  });

  it('all items right for both: unpaired SE = 0 → degenerate', () => {
    const ones = new Array(N).fill(1);
    const out = run(
      unpairedTwoProportionTest.create({}, { level: LEVEL }),
      pairedScoresOf(ones, ones, A.clusters),
    );
    expect(out.degenerate).toBe(true);
    expect([out.lower, out.upper, out.pTwoSided]).toEqual([0, 0, 1]);
  });

  it('one cluster: clustered tests cannot analyse (NaN bounds and p, degenerate)', () => {
    const one = pairedScoresOf(A.scores, B.scores, new Array(N).fill(0));
    for (const method of [pairedClusteredTest, unpairedClusteredTest]) {
      const out = run(method.create({}, { level: LEVEL }), one);
      expect(out.degenerate).toBe(true);
      expect(out.estimate).toBeCloseTo((sum(A.scores) - sum(B.scores)) / N, 15);
      expect(Number.isNaN(out.lower) && Number.isNaN(out.pTwoSided)).toBe(true);
    }
  });
});

describe('paired test adapters: options', () => {
  it('reject unknown or bad options with a ConfigError naming the option', () => {
    expect(() => pairedNaiveTest.create({ critical: 'f' } as never, { level: LEVEL })).toThrow(ConfigError);
    expect(() => unpairedClusteredTest.create({ estimator: 'cr3' } as never, { level: LEVEL })).toThrow(
      /estimator/,
    );
    expect(() => pairedClusteredTest.create({ resamples: 3 }, { level: LEVEL })).toThrow(/resamples/);
    // The runner's own fields (id, method, replications, level) never reach create: the resolver keeps them.
    expect(() => mcnemarExact.create({ id: 'x' }, { level: LEVEL })).toThrow(
      /id: got "x"; allowed: no options \(mcnemarExact takes none\)/,
    );
    expect(() => mcnemarExact.create({}, { level: LEVEL })).not.toThrow();
  });
});
