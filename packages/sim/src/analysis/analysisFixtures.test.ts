/**
 * analyzeEval against trusted implementations (packages/sim/fixtures/analysis.json, made by
 * fixtures/scripts/analysis.py + analysis.R): the paired clustered SE against R
 * sandwich::vcovCL (HC1) and clubSandwich::vcovCR (CR2, Satterthwaite df and p) on lm(d ~ 1)
 * with cluster = subject, and against inspect_ai's stderr(cluster=…) formula; the paired t
 * against scipy ttest_rel; McNemar exact / mid-p against scipy and statsmodels; Holm and BH
 * against statsmodels multipletests. All to 1e-9 relative (R writes 15 significant digits).
 */
import { describe, expect, it } from 'vitest';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import { loadFixture } from '../test-utils/fixtures.js';
import { analyzeEval } from './analyzeEval.js';

interface FixturePair {
  first: string;
  second: string;
  difference: number;
  sandwichHC1Se: number;
  clubSandwichCR1PValue: number;
  clubSandwichCR1Df: number;
  clubSandwichCR2Se: number;
  clubSandwichCR2Df: number;
  clubSandwichCR2PValue: number;
  inspectClusteredSe: number;
  cr1TPValue: number;
  pairedT: number;
  pairedTPValue: number;
  n10?: number;
  n01?: number;
  mcnemarExact?: number;
  statsmodelsMcnemarExact?: number;
  mcnemarMidP?: number;
}
interface Dataset {
  name: string;
  clusters: number[];
  systems: string[];
  scores: number[][];
  pairs: FixturePair[];
  corrections: Record<string, { holm: number[]; bh: number[] }>;
}
const fx = loadFixture<{ datasets: Dataset[] }>('analysis');

function matrixOf(ds: Dataset): EvalMatrix {
  const Q = ds.clusters.length;
  const S = ds.systems.length;
  const scores = new Float64Array(S * Q);
  ds.scores.forEach((row, s) => {
    scores.set(row, s * Q);
  });
  const K = Math.max(...ds.clusters) + 1;
  return {
    task: ds.name,
    metric: 'score',
    systems: ds.systems,
    questions: Array.from({ length: Q }, (_, i) => `q${i}`),
    clusterOfQuestion: Int32Array.from(ds.clusters),
    clusterNames: Array.from({ length: K }, (_, k) => `g${k}`),
    epochs: 1,
    scores,
    epochCounts: new Int32Array(S * Q).fill(1),
    binary: scores.every((x) => x === 0 || x === 1),
    warnings: [],
  };
}

class Tracker {
  failures: string[] = [];
  check(what: string, got: number, want: number, tol = 1e-9): void {
    const d = Math.abs(got - want);
    if (!(d <= tol * Math.abs(want) || d <= 1e-300))
      this.failures.push(`${what}: got ${got}, want ${want}, Δ ${d}`);
  }
}

describe.each(fx.datasets.map((d) => [d.name, d] as const))('data set %s', (_name, ds) => {
  const matrix = matrixOf(ds);
  const a = analyzeEval(matrix, { hbb: 'off' });
  it('pairs in the same order, with the same differences', () => {
    expect(a.pairs.map((p) => [p.first, p.second])).toEqual(ds.pairs.map((p) => [p.first, p.second]));
    const t = new Tracker();
    a.pairs.forEach((p, k) => {
      t.check(`difference ${k}`, p.difference, ds.pairs[k].difference, 1e-12);
    });
    expect(t.failures).toEqual([]);
  });
  it('CR1 SE = sandwich::vcovCL HC1 = inspect_ai stderr(cluster); its t(K − 1) p = clubSandwich CR1 naive-t', () => {
    const t = new Tracker();
    a.pairs.forEach((p, k) => {
      const f = ds.pairs[k];
      t.check(`cr1 se ${k} vs sandwich`, p.clustered!.cr1.se, f.sandwichHC1Se);
      t.check(`cr1 se ${k} vs inspect`, p.clustered!.cr1.se, f.inspectClusteredSe, 1e-12);
      t.check(`cr1 p ${k}`, p.clustered!.cr1.pValue, f.clubSandwichCR1PValue);
      t.check(`cr1 df ${k}`, p.clustered!.cr1.df, f.clubSandwichCR1Df, 0);
    });
    expect(t.failures).toEqual([]);
  });
  it('CR2 SE, Bell–McCaffrey df and p = clubSandwich vcovCR CR2 + coef_test Satterthwaite', () => {
    const t = new Tracker();
    a.pairs.forEach((p, k) => {
      const f = ds.pairs[k];
      t.check(`cr2 se ${k}`, p.clustered!.cr2.se, f.clubSandwichCR2Se);
      t.check(`cr2 df ${k}`, p.clustered!.cr2.df, f.clubSandwichCR2Df);
      t.check(`cr2 p ${k}`, p.clustered!.cr2.pValue, f.clubSandwichCR2PValue);
    });
    expect(t.failures).toEqual([]);
  });
  it('paired t = scipy ttest_rel', () => {
    const t = new Tracker();
    a.pairs.forEach((p, k) => {
      t.check(`t ${k}`, p.pairedT.statistic, ds.pairs[k].pairedT);
      t.check(`p ${k}`, p.pairedT.pValue, ds.pairs[k].pairedTPValue);
    });
    expect(t.failures).toEqual([]);
  });
  it('Holm and BH across the pairs (clustered CR1 t, --paired-interval clustered) = statsmodels multipletests', () => {
    const t = new Tracker();
    const cr1 = analyzeEval(matrix, { hbb: 'off', pairedInterval: 'clustered' });
    cr1.pairs.forEach((p, k) => {
      expect(p.test.method).toBe('clustered');
      t.check(`raw ${k}`, p.test.pValue, ds.pairs[k].cr1TPValue);
      t.check(`holm ${k}`, p.holmPValue, ds.corrections.clustered.holm[k]);
      t.check(`bh ${k}`, p.bhPValue, ds.corrections.clustered.bh[k]);
    });
    expect(t.failures).toEqual([]);
  });
  it.runIf(ds.name !== 'graded')(
    'McNemar exact and mid-p = scipy binomtest / statsmodels mcnemar; Holm/BH on them',
    () => {
      const m = analyzeEval(matrix, { test: 'mcnemar', hbb: 'off' });
      const t = new Tracker();
      m.pairs.forEach((p, k) => {
        const f = ds.pairs[k];
        expect([p.mcnemar!.n10, p.mcnemar!.n01]).toEqual([f.n10, f.n01]);
        t.check(`exact ${k}`, p.mcnemar!.exactPValue, f.mcnemarExact!);
        t.check(`exact ${k} vs statsmodels`, p.mcnemar!.exactPValue, f.statsmodelsMcnemarExact!);
        t.check(`midp ${k}`, p.mcnemar!.midPValue, f.mcnemarMidP!);
        t.check(`holm ${k}`, p.holmPValue, ds.corrections.mcnemar.holm[k]);
        t.check(`bh ${k}`, p.bhPValue, ds.corrections.mcnemar.bh[k]);
      });
      expect(t.failures).toEqual([]);
    },
  );
});
