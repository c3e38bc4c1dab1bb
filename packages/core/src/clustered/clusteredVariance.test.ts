import { describe, expect, it } from 'vitest';
import {
  clusteredInterval,
  clusteredIntervalFromTotals,
  createClusteredInterval,
} from './clusteredInterval.js';
import { clusteredStandardError } from './clusteredStandardError.js';
import { clusterTotalsFromItems } from './clusterTotals.js';
import { cr1ClusteredVariance } from './cr1Variance.js';
import { cr2DegreesOfFreedom } from './cr2DegreesOfFreedom.js';
import { cr2ClusteredVariance } from './cr2Variance.js';
import { millerClusteredVariance } from './millerVariance.js';
import { naiveVarianceOfMean } from './naiveVariance.js';
import { expectRelClose, fixture } from './test-utils/clusteredFixture.js';

describe.each(fixture.datasets)('clustered variance of the mean: $name', (ds) => {
  const t = clusterTotalsFromItems(ds.scores, ds.clusters);
  const { reference: ref, r } = ds;
  const K = ref.K;

  it('groups the items into the fixture K clusters and N items', () => {
    expect(t.count).toBe(K);
    expect(t.sizes.reduce((a, b) => a + b, 0)).toBe(ref.N);
  });

  it('naive s²/N matches numpy var(ddof=1)/N', () => {
    expectRelClose('naive vs numpy', naiveVarianceOfMean(t), ref.naiveVariance);
  });

  it("Miller's form matches seed 000's numpy clustered_se", () => {
    expectRelClose('miller vs seed-000 numpy', millerClusteredVariance(t), ref.millerVariance);
  });

  it('CR1 matches seed 001 numpy, statsmodels cluster (default), vcovCL HC0/HC1 cadjust=TRUE, clubSandwich CR1', () => {
    const v = cr1ClusteredVariance(t);
    expectRelClose('cr1 vs seed-001 numpy', v, ref.cr1Variance);
    expectRelClose('cr1 vs statsmodels use_correction=True', v, ref.statsmodelsClusterVariance);
    expectRelClose('cr1 vs vcovCL HC0 cadjust=TRUE', v, r.vcovCL_HC0_cadjust);
    expectRelClose('cr1 vs vcovCL HC1 cadjust=TRUE', v, r.vcovCL_HC1_cadjust);
    expectRelClose('cr1 vs clubSandwich CR1', v, r.clubSandwich_CR1);
  });

  it('CR1 without K/(K−1) matches statsmodels use_correction=False and vcovCL cadjust=FALSE', () => {
    const raw = (cr1ClusteredVariance(t) * (K - 1)) / K;
    expectRelClose(
      'raw LZ vs statsmodels use_correction=False',
      raw,
      ref.statsmodelsClusterVarianceNoCorrection,
    );
    expectRelClose('raw LZ vs vcovCL HC0 cadjust=FALSE', raw, r.vcovCL_HC0_nocadjust);
    expectRelClose('raw LZ vs vcovCL HC1 cadjust=FALSE', raw, r.vcovCL_HC1_nocadjust);
  });

  it('CR2 closed form matches the general (I − H_gg)^{-1/2} numpy formula, clubSandwich CR2 and vcovCL HC2', () => {
    const v = cr2ClusteredVariance(t);
    expectRelClose('cr2 vs numpy eigen-decomposition', v, ref.cr2VarianceMatrix);
    expectRelClose('cr2 vs clubSandwich CR2', v, r.clubSandwich_CR2);
    expectRelClose('cr2 vs vcovCL HC2 cadjust=TRUE', v, r.vcovCL_HC2_cadjust);
    expectRelClose('cr2·(K−1)/K vs vcovCL HC2 cadjust=FALSE', (v * (K - 1)) / K, r.vcovCL_HC2_nocadjust);
  });

  it('CR2 Satterthwaite df matches clubSandwich coef_test and the numpy matrix formula', () => {
    const df = cr2DegreesOfFreedom(t);
    expectRelClose('cr2 df vs clubSandwich Satterthwaite', df, r.clubSandwich_CR2_df);
    expectRelClose('cr2 df vs numpy matrix', df, ref.cr2DfMatrix);
  });

  it('t intervals use statsmodels df_resid_inference = K − 1 for miller/cr1', () => {
    expect(clusteredIntervalFromTotals(t, { estimator: 'cr1' }).degreesOfFreedom).toBe(
      ref.statsmodelsDfResidInference,
    );
  });

  it('intervals match scipy norm/t quantiles around the reference SEs', () => {
    const out = createClusteredInterval();
    for (const iv of ref.intervals) {
      const opts = { estimator: iv.estimator, critical: iv.critical, level: iv.level } as const;
      const got = clusteredIntervalFromTotals(t, opts, out);
      expect(got).toBe(out);
      const width = iv.upper - iv.lower;
      const label = `interval ${iv.estimator}-${iv.critical} (bounds, relative to width)`;
      // Bounds are compared relative to the interval width (bounds near 0 make a plain relative check meaningless).
      expectRelClose(label, got.lower - iv.lower + width, width);
      expectRelClose(label, got.upper - iv.upper + width, width);
      expectRelClose('interval estimate', got.estimate, ref.mean);
      expect(got.method).toBe(`${iv.estimator}-${iv.critical}`);
    }
  });

  it('item-level wrappers agree with the totals functions', () => {
    expectRelClose(
      'item-level miller SE',
      clusteredStandardError(ds.scores, ds.clusters, { estimator: 'miller' }),
      Math.sqrt(ref.millerVariance),
    );
    expectRelClose(
      'item-level cr1 SE (default)',
      clusteredStandardError(ds.scores, ds.clusters),
      Math.sqrt(ref.cr1Variance),
    );
    expectRelClose(
      'item-level cr2 SE',
      clusteredStandardError(ds.scores, ds.clusters, { estimator: 'cr2' }),
      Math.sqrt(ref.cr2VarianceMatrix),
    );
    const iv = clusteredInterval(ds.scores, ds.clusters, { estimator: 'cr2', critical: 't' });
    const ivRef = ref.intervals.find((x) => x.estimator === 'cr2' && x.critical === 't' && x.level === 0.95)!;
    expectRelClose('item-level cr2-t interval width', iv.upper - iv.lower, ivRef.upper - ivRef.lower);
    expect(iv.method).toBe('cr2-t');
  });
});

describe('clustered variance: structural checks', () => {
  it('equal cluster sizes give CR2 df = K − 1 exactly (fixture K57, clubSandwich df 56)', () => {
    const ds = fixture.datasets.find((d) => d.name === 'K57-equal-20-binary')!;
    expect(ds.r.clubSandwich_CR2_df).toBeCloseTo(56, 9);
    expectRelClose(
      'cr2 df equal sizes',
      cr2DegreesOfFreedom(clusterTotalsFromItems(ds.scores, ds.clusters)),
      56,
    );
  });

  it('singleton clusters make Miller equal the naive variance (no cross terms)', () => {
    const scores = [0.3, 1.2, -0.4, 2.5, 0.9];
    const t = clusterTotalsFromItems(scores, [1, 2, 3, 4, 5]);
    expectRelClose('miller singletons', millerClusteredVariance(t), naiveVarianceOfMean(t), 1e-12);
  });

  it('reads only the first `count` entries of longer preallocated arrays', () => {
    const ds = fixture.datasets[3]!;
    const t = clusterTotalsFromItems(ds.scores, ds.clusters);
    const pad = (a: Float64Array) => Float64Array.from([...a, 99, 7]);
    const padded = {
      count: t.count,
      sizes: pad(t.sizes),
      totals: pad(t.totals),
      sumSquares: pad(t.sumSquares),
    };
    expect(cr2ClusteredVariance(padded)).toBe(cr2ClusteredVariance(t));
    expect(millerClusteredVariance(padded)).toBe(millerClusteredVariance(t));
  });

  it('cluster order does not matter', () => {
    const ds = fixture.datasets[5]!;
    const rev = clusterTotalsFromItems([...ds.scores].reverse(), [...ds.clusters].reverse());
    expectRelClose('order invariance cr1', cr1ClusteredVariance(rev), ds.reference.cr1Variance);
    expectRelClose('order invariance cr2 df', cr2DegreesOfFreedom(rev), ds.reference.cr2DfMatrix);
  });
});
