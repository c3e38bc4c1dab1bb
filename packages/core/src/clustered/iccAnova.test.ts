import { describe, expect, it } from 'vitest';
import { clusterTotalsFromItems } from './clusterTotals.js';
import { iccAnova, iccAnovaFromTotals } from './iccAnova.js';
import { oneWayAnovaFromTotals } from './oneWayAnova.js';
import { expectRelClose, fixture } from './test-utils/clusteredFixture.js';

describe.each(fixture.datasets)('one-way ANOVA ICC: $name', (ds) => {
  const t = clusterTotalsFromItems(ds.scores, ds.clusters);
  const ref = ds.reference.icc;

  it('mean squares match statsmodels anova_lm and R aov', () => {
    const a = oneWayAnovaFromTotals(t);
    expectRelClose('MSB vs statsmodels anova_lm', a.betweenMeanSquare, ref.msb);
    expectRelClose('MSW vs statsmodels anova_lm', a.withinMeanSquare, ref.msw);
    expectRelClose('MSB vs R aov', a.betweenMeanSquare, ds.r.aov_msb);
    expectRelClose('MSW vs R aov', a.withinMeanSquare, ds.r.aov_msw);
    expectRelClose('n0 vs pandas group sizes', a.averageClusterSize, ref.n0);
    expect(a.betweenDf).toBe(ds.reference.K - 1);
    expect(a.withinDf).toBe(ds.reference.N - ds.reference.K);
  });

  it('ρ̂ = (MSB − MSW)/(MSB + (n₀ − 1)MSW) matches the reference', () => {
    expectRelClose('ICC vs anova_lm-based reference', iccAnovaFromTotals(t), ref.rho);
    expectRelClose('item-level ICC', iccAnova(ds.scores, ds.clusters), ref.rho);
  });
});

describe('ANOVA ICC: structure', () => {
  it('n₀ equals m for equal cluster sizes (fixture K57, m = 20)', () => {
    const ds = fixture.datasets.find((d) => d.name === 'K57-equal-20-binary')!;
    expectRelClose(
      'n0 equal sizes',
      oneWayAnovaFromTotals(clusterTotalsFromItems(ds.scores, ds.clusters)).averageClusterSize,
      20,
    );
  });

  it('is 1 when clusters are internally constant and differ, and −1/(n₀ − 1) when all cluster means are equal', () => {
    expect(iccAnova([1, 1, 1, 0, 0], ['a', 'a', 'a', 'b', 'b'])).toBe(1);
    // Two clusters of 2 with identical means: MSB = 0, so ρ̂ = −MSW/((n₀ − 1)MSW) = −1/(n₀ − 1) = −1.
    expectRelClose('ICC lower bound', iccAnova([0, 1, 1, 0], [1, 1, 2, 2]), -1, 1e-12);
  });
});
