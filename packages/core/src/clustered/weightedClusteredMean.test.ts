/**
 * weightedClusteredMean against R: lm(y ~ 1, weights = w) and sandwich::vcovCL(type = 'HC1',
 * cadjust = TRUE) on seeded data sets (packages/core/fixtures/weightedClusteredMean.json, made
 * by fixtures/scripts/weightedClusteredMean.R), 1e-12 relative; and its special cases.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clusterTotalsFromItems } from './clusterTotals.js';
import { cr1ClusteredVariance } from './cr1Variance.js';
import { weightedClusteredMean } from './weightedClusteredMean.js';

interface DataSet {
  name: string;
  y: number[];
  w: number[];
  g: number[];
  K: number;
  estimate: string;
  se: string;
}
const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/weightedClusteredMean.json', import.meta.url), 'utf8'),
) as { datasets: DataSet[] };
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe.each(fixture.datasets)('weighted clustered mean = R sandwich vcovCL HC1: $name', (ds) => {
  it('estimate and SE to 1e-12', () => {
    const r = weightedClusteredMean(ds.y, ds.w, ds.g, ds.K);
    expect(rel(r.estimate, Number(ds.estimate))).toBeLessThan(1e-12);
    expect(rel(r.se, Number(ds.se))).toBeLessThan(1e-12);
    expect(r.df).toBe(ds.K - 1);
  });
});

describe('special cases', () => {
  const x = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0];
  const ids = [0, 0, 0, 1, 1, 2, 2, 2, 2, 3];
  it('equal weights: the CR1 SE of the mean; every question its own cluster: s/√Q', () => {
    const r = weightedClusteredMean(x, null, ids, 4);
    const t = clusterTotalsFromItems(x, ids);
    expect(rel(r.se, Math.sqrt(cr1ClusteredVariance(t)))).toBeLessThan(1e-12);
    const own = weightedClusteredMean(
      x,
      null,
      x.map((_, i) => i),
      x.length,
    );
    const m = 0.6;
    const s2 = x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1);
    expect(rel(own.se, Math.sqrt(s2 / x.length))).toBeLessThan(1e-12);
    expect(own.kishQuestions).toBe(10);
  });
  it('macro weights 1/n_c: the mean of cluster means, SE = s(cluster means)/√K', () => {
    const sizes = [3, 2, 4, 1];
    const r = weightedClusteredMean(
      x,
      ids.map((g) => 1 / sizes[g]),
      ids,
      4,
    );
    const means = [2 / 3, 0.5, 0.75, 0];
    const mm = means.reduce((a, b) => a + b, 0) / 4;
    const s2 = means.reduce((s, v) => s + (v - mm) ** 2, 0) / 3;
    expect(rel(r.estimate, mm)).toBeLessThan(1e-12);
    expect(rel(r.se, Math.sqrt(s2 / 4))).toBeLessThan(1e-12);
  });
  it('refuses bad weights, ids and fewer than 2 clusters, naming them', () => {
    expect(() =>
      weightedClusteredMean(
        x,
        x.map(() => -1),
        ids,
        4,
      ),
    ).toThrow(/^weights\[0\]: must be finite and ≥ 0/);
    expect(() =>
      weightedClusteredMean(
        x,
        x.map(() => 0),
        ids,
        4,
      ),
    ).toThrow(/total weight must be positive/);
    expect(() => weightedClusteredMean(x, null, ids, 1)).toThrow(/^clusters: needs at least 2/);
    expect(() => weightedClusteredMean(x, null, ids, 3)).toThrow(/^ids\[9\]: 3 is not in 0…2/);
  });
});
