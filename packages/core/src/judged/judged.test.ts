/**
 * The judge-correction estimators against packages/core/fixtures/judged.json, made by
 * fixtures/scripts/judged.py: ppi_py's `ppi_mean_pointestimate` / `ppi_mean_ci` / λ̂ and
 * `classical_mean_ci` (transcribed at aangelopoulos/ppi_py@bd90caa), Lee et al.'s
 * `point_estimator` / `confidence_interval` (UW-Madison-Lee-Lab/LLM-judge-reporting@082884d),
 * statsmodels' Cohen's κ variance, Wilson intervals and CR0 cluster sandwich (stacked OLS), and
 * scipy's χ² test. Closed forms: 1e-9 relative.
 */
import { describe, expect, test } from 'vitest';
import { expectRelative } from '../test-utils/expectRelative.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { judgeAgreement } from './judgeAgreement.js';
import { judgedDifference } from './judgedDifference.js';
import { judgedInfluence, sumOfSquares } from './judgedInfluence.js';
import { judgedInterval, judgedWork } from './judgedInterval.js';
import { checkJudgedSample, type JudgedSample } from './judgedSample.js';
import { judgedSums } from './judgedSums.js';
import { judgeOnlyCoverage } from './judgeOnlyCoverage.js';
import { labelledShareTest } from './labelledShareTest.js';
import { leeInterval } from './leeInterval.js';

interface EncodedSample {
  name: string;
  judge: number[];
  label: (number | null)[];
  cluster?: number[];
  clusterCount?: number;
}
type Bounds = [number, number];
interface SingleExpected {
  levels: Record<string, Record<'ppi' | 'ppiPlusPlus' | 'labelledOnly' | 'judgeOnly', Bounds>>;
  lambdaTuned: number;
  ppiPyLambdaIsNan: boolean;
  ppiEstimate: number;
  ppiPlusPlusEstimate: number;
  ppiVariance: Record<string, number>;
  labelledGap: { estimate: number; variance: number };
  judgeBias: { estimate: number; variance: number };
  roganGladen?: { estimate: number; variance: number; deltaSe?: number };
  lee?: {
    p: number;
    q0: number;
    q1: number;
    n: number;
    m0: number;
    m1: number;
    estimate: number;
    levels: Record<string, Bounds>;
  };
  kappa?: { estimate: number; variance: number };
  sensitivity?: Record<string, Bounds>;
  specificity?: Record<string, Bounds>;
  sensitivityVariance?: number;
  specificityVariance?: number;
}
interface Fixture {
  single: (EncodedSample & { expected: SingleExpected })[];
  pairs: {
    name: string;
    first: EncodedSample;
    second: EncodedSample;
    expected: Record<string, { estimate: number; variance: number }> & { ppiOnDifferences?: Bounds };
  }[];
  lee: { args: number[]; estimate: number; levels: Record<string, Bounds>; deltaSe: number }[];
  share: { labelled: number[]; rows: number[]; statistic: number; df: number; pValue: number }[];
  judgeOnly: { args: [number, number, number, number, number]; coverage: number }[];
}

const fixture = loadFixture<Fixture>('judged');

function decode(s: EncodedSample): JudgedSample {
  return {
    judge: Float64Array.from(s.judge),
    label: Float64Array.from(s.label, (v) => (v === null ? Number.NaN : v)),
    ...(s.cluster ? { cluster: Int32Array.from(s.cluster), clusterCount: s.clusterCount } : {}),
  };
}

const REL = 1e-9;

describe('one system, against ppi_py, Lee et al. and statsmodels', () => {
  for (const c of fixture.single) {
    const sample = decode(c);
    const e = c.expected;
    test(`${c.name}: λ̂ and the point estimates`, () => {
      checkJudgedSample(sample);
      const sums = judgedSums(sample);
      expectRelative(sums.lambdaTuned, e.lambdaTuned, REL, 1e-15, 'λ̂');
      expectRelative(judgedInterval(sample, 'ppi').estimate, e.ppiEstimate, REL, 0, 'PPI');
      expectRelative(judgedInterval(sample, 'ppiPlusPlus').estimate, e.ppiPlusPlusEstimate, REL, 0, 'PPI++');
    });
    test(`${c.name}: intervals at ppi_py's 90% and at 95%`, () => {
      for (const [alpha, bounds] of Object.entries(e.levels)) {
        for (const [method, [lo, hi]] of Object.entries(bounds)) {
          const got = judgedInterval(sample, method as 'ppi', 1 - Number(alpha));
          expectRelative(got.lower, lo, REL, 1e-14, `${method} lower at α ${alpha}`);
          expectRelative(got.upper, hi, REL, 1e-14, `${method} upper at α ${alpha}`);
        }
      }
      const work = judgedWork(sample);
      for (const [lambda, v] of Object.entries(e.ppiVariance)) {
        const l = lambda === 'tuned' ? e.lambdaTuned : Number(lambda);
        judgedInfluence(sample, work.sums, 'ppi', work.totals, l);
        expectRelative(sumOfSquares(work.totals, work.sums.clusters), v, REL, 0, `V(λ = ${lambda})`);
      }
      const gap = judgedInfluence(sample, work.sums, 'labelledGap', work.totals);
      expectRelative(gap, e.labelledGap.estimate, REL, 1e-15, 'f̄_L − f̄_U');
      expectRelative(
        sumOfSquares(work.totals, work.sums.clusters),
        e.labelledGap.variance,
        REL,
        1e-30,
        'gap variance',
      );
    });
    if (e.roganGladen) {
      test(`${c.name}: Rogan–Gladen (delta), Lee et al.'s interval, κ, sensitivity and specificity`, () => {
        const rg = judgedInterval(sample, 'roganGladen');
        expectRelative(rg.estimate, e.roganGladen!.estimate, REL, 0, 'RG');
        expectRelative(rg.se * rg.se, e.roganGladen!.variance, REL, 0, 'RG variance');
        const lee = e.lee!;
        for (const [alpha, [lo, hi]] of Object.entries(lee.levels)) {
          const got = judgedInterval(sample, 'lee', 1 - Number(alpha));
          expectRelative(got.estimate, lee.estimate, REL, 0, 'Lee estimate');
          expectRelative(got.lower, lo, REL, 1e-14, `Lee lower α ${alpha}`);
          expectRelative(got.upper, hi, REL, 1e-14, `Lee upper α ${alpha}`);
        }
        const agreement = judgeAgreement(sample);
        expectRelative(agreement.kappa.estimate, e.kappa!.estimate, REL, 0, 'κ');
        expectRelative(agreement.kappa.se ** 2, e.kappa!.variance, REL, 0, 'κ variance');
        if (e.sensitivity) {
          for (const [alpha, [lo, hi]] of Object.entries(e.sensitivity)) {
            const a = judgeAgreement(sample, 1 - Number(alpha));
            expectRelative(a.sensitivity.lower, lo, REL, 1e-14, 'sens lower');
            expectRelative(a.sensitivity.upper, hi, REL, 1e-14, 'sens upper');
            const [slo, shi] = e.specificity![alpha];
            expectRelative(a.specificity.lower, slo, REL, 1e-14, 'spec lower');
            expectRelative(a.specificity.upper, shi, REL, 1e-14, 'spec upper');
          }
        } else {
          const work = judgedWork(sample);
          judgedInfluence(sample, work.sums, 'sensitivity', work.totals);
          expectRelative(
            sumOfSquares(work.totals, work.sums.clusters),
            e.sensitivityVariance!,
            REL,
            0,
            'sens V',
          );
          judgedInfluence(sample, work.sums, 'specificity', work.totals);
          expectRelative(
            sumOfSquares(work.totals, work.sums.clusters),
            e.specificityVariance!,
            REL,
            0,
            'spec V',
          );
          // the Wilson interval at the cluster-effective size
          const q = agreement.sensitivity.estimate;
          const m1 = agreement.sensitivity.count;
          expectRelative(
            agreement.sensitivity.effectiveCount,
            Math.min(m1, (q * (1 - q)) / e.sensitivityVariance!),
            REL,
          );
        }
      });
    }
  }

  test("a constant judge: ppi_py's λ̂ is 0/0, ours 0 (PPI++ = the labelled mean); no Rogan–Gladen", () => {
    const c = fixture.single.find((s) => s.name === 'constant-judge')!;
    expect(c.expected.ppiPyLambdaIsNan).toBe(true);
    const sample = decode(c);
    expect(judgedSums(sample).lambdaTuned).toBe(0);
    const rg = judgedInterval(sample, 'roganGladen');
    expect(rg.degenerate).toBe(true);
    expect(rg.estimate).toBeNaN();
    const judge = judgedInterval(sample, 'judgeOnly');
    expect([judge.lower, judge.upper, judge.degenerate]).toEqual([1, 1, true]);
  });
});

describe('two systems on the same questions', () => {
  for (const c of fixture.pairs) {
    test(`${c.name}: every difference and its variance (stacked statsmodels sandwich)`, () => {
      const a = decode(c.first);
      const b = decode(c.second);
      for (const method of ['judgeOnly', 'labelledOnly', 'ppi', 'ppiPlusPlus', 'roganGladen'] as const) {
        const d = judgedDifference(a, b, method);
        expectRelative(d.estimate, c.expected[method].estimate, REL, 1e-14, `${method} Δ`);
        expectRelative(d.se * d.se, c.expected[method].variance, REL, 0, `${method} V`);
      }
      if (c.expected.ppiOnDifferences) {
        const d = judgedDifference(a, b, 'ppi', 0.95);
        expectRelative(d.lower, c.expected.ppiOnDifferences[0], REL, 0, 'ppi_py on differences, lower');
        expectRelative(d.upper, c.expected.ppiOnDifferences[1], REL, 0, 'upper');
      }
    });
  }
  test('refuses different cluster counts and Lee', () => {
    const c = fixture.pairs[2];
    const a = decode(c.first);
    expect(() => judgedDifference(a, { ...a, clusterCount: 91 }, 'ppi')).toThrow(/clusters/);
    expect(() => judgedDifference(a, a, 'lee' as 'ppi')).toThrow(/lee/);
  });
});

describe("Lee et al.'s published interval and the delta method", () => {
  for (const c of fixture.lee) {
    test(`p, q0, q1, n, m0, m1 = ${c.args.join(', ')}`, () => {
      const [p, q0, q1, n, m0, m1] = c.args;
      for (const [alpha, [lo, hi]] of Object.entries(c.levels)) {
        const got = leeInterval(p, q0, q1, n, m0, m1, 1 - Number(alpha));
        expectRelative(got.estimate, c.estimate, REL, 1e-15, 'estimate');
        expectRelative(got.lower, lo, REL, 1e-15, 'lower');
        expectRelative(got.upper, hi, REL, 1e-15, 'upper');
      }
    });
  }
  test('refuses a proportion outside [0, 1] and a zero size, naming it', () => {
    expect(() => leeInterval(1.2, 0.8, 0.8, 10, 5, 5)).toThrow(/^p:/);
    expect(() => leeInterval(0.5, 0.8, 0.8, 10, 0, 5)).toThrow(/^m0:/);
  });
});

describe('labelled-share χ² test (scipy chi2_contingency, no continuity correction)', () => {
  for (const c of fixture.share) {
    test(`labelled ${c.labelled.join('/')} of ${c.rows.join('/')}`, () => {
      const t = labelledShareTest(c.labelled, c.rows);
      expectRelative(t.statistic, c.statistic, REL, 1e-15, 'X²');
      expect(t.df).toBe(c.df);
      expectRelative(t.pValue, c.pValue, 1e-8, 1e-300, 'p');
    });
  }
  test('degenerate with one group or nothing labelled; refuses labelled > rows', () => {
    expect(labelledShareTest([3], [10]).degenerate).toBe(true);
    expect(labelledShareTest([0, 0], [5, 5]).pValue).toBe(1);
    expect(() => labelledShareTest([6, 1], [5, 5])).toThrow(/labelled/);
  });
});

describe('checks', () => {
  test('a malformed sample is refused naming the field', () => {
    const judge = Float64Array.of(1, 0);
    expect(() => checkJudgedSample({ judge, label: Float64Array.of(1) })).toThrow(/sample.label/);
    expect(() =>
      checkJudgedSample({ judge: Float64Array.of(1, Number.NaN), label: Float64Array.of(1, 0) }),
    ).toThrow(/sample.judge: row 1/);
    expect(() =>
      checkJudgedSample({
        judge,
        label: Float64Array.of(1, 0),
        cluster: Int32Array.of(0, 2),
        clusterCount: 2,
      }),
    ).toThrow(/sample.cluster: row 1/);
  });
  test('no labelled row: every corrected method is undefined, the judge-only one is not', () => {
    const sample = {
      judge: Float64Array.of(1, 0, 1),
      label: Float64Array.of(Number.NaN, Number.NaN, Number.NaN),
    };
    for (const m of ['labelledOnly', 'ppi', 'ppiPlusPlus', 'roganGladen', 'lee'] as const) {
      expect(judgedInterval(sample, m).degenerate).toBe(true);
    }
    expect(judgedInterval(sample, 'judgeOnly').estimate).toBeCloseTo(2 / 3, 15);
  });
});

describe('exact coverage of the judge-only interval (scipy binom.pmf)', () => {
  for (const c of fixture.judgeOnly) {
    test(`θ, sensitivity, specificity, R, level = ${c.args.join(', ')}`, () => {
      expectRelative(judgeOnlyCoverage(...c.args), c.coverage, 1e-9, 1e-15, 'coverage');
    });
  }
});
