/**
 * The Bradley–Terry family against packages/core/fixtures/bradleyTerry.json (script
 * fixtures/scripts/bradleyTerry.py with bradleyTerry.R): the MLE against an independent numpy
 * Newton and R BradleyTerry2 at 1e-8, FastChat's own L-BFGS settings shown short of it, the
 * sandwich against arena-rank's formula (transcribed) with and without its Hessian ridge, Davidson
 * and style control against scipy fits of their likelihoods, online Elo against FastChat's loop,
 * the cluster meat and the rank-interval critical values.
 */
import { describe, expect, it } from 'vitest';
import { ErrorTracker, loadFixture } from '../test-utils/fixtures.js';
import {
  addBattle,
  anchoredCovariance,
  arenaRanks,
  bonferroniPairCritical,
  bradleyTerryCovariance,
  clusterScoreMeat,
  comparisonGraph,
  contextualCovariance,
  createPairTotals,
  davidsonCovariance,
  eloPerNatural,
  firstPlaceShares,
  fitBradleyTerry,
  fitContextualBradleyTerry,
  fitDavidson,
  maxTCritical,
  onlineElo,
  type PairTotals,
  pairDifferenceSe,
  pairTotalsFromBattles,
  pairwiseRankIntervals,
  styleDifferences,
  toEloRatings,
} from './index.js';

type Matrix = { upper: number[] } | { diagonal: number[]; firstRow: number[] };
interface BtCase {
  name: string;
  models: string[];
  pairs: [number, number, number, number, number][];
  battles: number;
  theta: number[];
  lbfgsTheta: number[];
  maxAbsNewtonVsLbfgs: number;
  fastchatElo: number[];
  fastchatMaxShortfallElo: number;
  sandwichArenaRank: Matrix;
  sandwichExact: Matrix;
  fisher: Matrix;
  battleList?: { a: number[]; b: number[]; outcome: number[] };
  onlineElo?: number[];
  r: { ability: number[]; se: number[]; converged: boolean };
}
interface Fixture {
  bradleyTerry: BtCase[];
  davidson: {
    models: string[];
    pairs: [number, number, number, number, number][];
    theta: number[];
    nu: number;
    fisher: Matrix;
  };
  style: {
    models: number;
    a: number[];
    b: number[];
    y: number[];
    featuresA: number[];
    featuresB: number[];
    standardised: number[];
    theta: number[];
    beta: number[];
    fastchatThetaGap: number;
    sandwich: Matrix;
  };
  cluster: {
    models: number;
    clusters: number;
    a: number[];
    b: number[];
    y: number[];
    cluster: number[];
    theta: number[];
    meat: number[];
  };
  critical: {
    models: number;
    draws: number;
    level: number;
    variance: number[];
    deviations: number[];
    maxT: number;
    bonferroni: number;
  };
}
const fixture = loadFixture<Fixture>('bradleyTerry');

function totalsOf(models: number, pairs: Fixture['davidson']['pairs']): PairTotals {
  const t = createPairTotals(models);
  for (const [i, j, wi, ties, wj] of pairs) {
    addBattle(t, i, j, 1, wi);
    addBattle(t, i, j, 0.5, ties);
    addBattle(t, i, j, 0, wj);
  }
  return t;
}

/** Checks a covariance (p×p row-major) against a fixture matrix (upper triangle, or diagonal + first row). */
function checkMatrix(
  tracker: ErrorTracker,
  label: string,
  actual: Float64Array,
  p: number,
  expected: Matrix,
): void {
  if ('upper' in expected) {
    let k = 0;
    for (let i = 0; i < p; i++)
      for (let j = i; j < p; j++)
        tracker.check(`${label}[${i},${j}]`, actual[i * p + j], expected.upper[k++]);
  } else {
    for (let i = 0; i < p; i++) tracker.check(`${label}[${i},${i}]`, actual[i * p + i], expected.diagonal[i]);
    for (let j = 0; j < p; j++) tracker.check(`${label}[0,${j}]`, actual[j], expected.firstRow[j]);
  }
}

describe('Bradley–Terry MLE', () => {
  for (const c of fixture.bradleyTerry) {
    it(`${c.name}: θ̂ matches numpy Newton and R BradleyTerry2 to 1e-8`, () => {
      const m = c.models.length;
      const totals = totalsOf(m, c.pairs);
      const fit = fitBradleyTerry(totals);
      expect(fit.converged).toBe(true);
      expect(fit.iterations).toBeLessThan(15);
      const vsNumpy = new ErrorTracker(1e-8, 1e-10);
      const vsR = new ErrorTracker(1e-8, 1e-10);
      for (let i = 0; i < m; i++) {
        vsNumpy.check(`theta[${i}]`, fit.theta[i], c.theta[i]);
        vsR.check(`theta[${i}] − theta[0]`, fit.theta[i] - fit.theta[0], c.r.ability[i]);
      }
      expect(vsNumpy.failures).toEqual([]);
      expect(vsR.failures).toEqual([]);
      // The Elo ratings FastChat would print from a converged fit, and how far its own settings stop short.
      const elo = toEloRatings(fit.theta);
      let shortfall = 0;
      const meanFc = c.fastchatElo.reduce((s, x) => s + x, 0) / m;
      for (let i = 0; i < m; i++)
        shortfall = Math.max(shortfall, Math.abs(c.fastchatElo[i] - meanFc - (elo[i] - 1000)));
      expect(shortfall).toBeCloseTo(c.fastchatMaxShortfallElo, 6);
      // tight L-BFGS (an independent optimiser) agrees only to its own stopping precision
      for (let i = 0; i < m; i++)
        expect(Math.abs(fit.theta[i] - c.lbfgsTheta[i])).toBeLessThan(10 * c.maxAbsNewtonVsLbfgs + 1e-9);
    });

    it(`${c.name}: Fisher covariance matches R's standard errors and numpy's pinv; sandwich matches arena-rank`, () => {
      const m = c.models.length;
      const totals = totalsOf(m, c.pairs);
      const fit = fitBradleyTerry(totals);
      const fisher = bradleyTerryCovariance(totals, fit.theta, { kind: 'fisher' });
      const exact = bradleyTerryCovariance(totals, fit.theta);
      const arena = bradleyTerryCovariance(totals, fit.theta, { hessianRidge: 1e-5 });
      // relative 1e-8, or 1e-9 of the largest variance for entries near 0 (sums that cancel)
      let scale = 0;
      for (let i = 0; i < m; i++) scale = Math.max(scale, fisher[i * m + i]);
      const t = new ErrorTracker(1e-8, 1e-9 * scale);
      checkMatrix(t, 'fisher', fisher, m, c.fisher);
      checkMatrix(t, 'sandwich', exact, m, c.sandwichExact);
      checkMatrix(t, 'arena-rank sandwich', arena, m, c.sandwichArenaRank);
      const anchored = anchoredCovariance(fisher, m, 0);
      for (let i = 1; i < m; i++) t.check(`R se[${i}]`, Math.sqrt(anchored[i * m + i]), c.r.se[i]);
      expect(t.failures).toEqual([]);
    });
  }

  it('online Elo matches FastChat compute_elo battle by battle', () => {
    const c = fixture.bradleyTerry[0];
    const list = c.battleList as NonNullable<BtCase['battleList']>;
    const y = list.outcome.map((o) => o / 2);
    const r = onlineElo(c.models.length, list.a, list.b, y);
    const t = new ErrorTracker(1e-12);
    for (let i = 0; i < r.length; i++) t.check(`elo[${i}]`, r[i], (c.onlineElo as number[])[i]);
    expect(t.failures).toEqual([]);
  });

  it('builds the same totals from battle records as from pair counts', () => {
    const c = fixture.bradleyTerry[0];
    const list = c.battleList as NonNullable<BtCase['battleList']>;
    const fromBattles = pairTotalsFromBattles(
      c.models.length,
      list.a,
      list.b,
      list.outcome.map((o) => o / 2),
    );
    const fromPairs = totalsOf(c.models.length, c.pairs);
    expect(Array.from(fromBattles.count)).toEqual(Array.from(fromPairs.count));
    expect(Array.from(fromBattles.score)).toEqual(Array.from(fromPairs.score));
    expect(Array.from(fromBattles.ties)).toEqual(Array.from(fromPairs.ties));
    expect(() => pairTotalsFromBattles(3, [0], [0], [1])).toThrow(/against itself/);
    expect(() => pairTotalsFromBattles(3, [0], [1], [1.5])).toThrow(/not in \[0, 1\]/);
  });
});

describe('existence of the MLE', () => {
  it('finds a model with only wins, a disconnected graph, and a strongly connected one', () => {
    const t = createPairTotals(4);
    addBattle(t, 0, 1, 1, 5); // 0 only wins
    addBattle(t, 0, 2, 1, 3);
    addBattle(t, 1, 2, 1, 2);
    addBattle(t, 1, 2, 0, 2);
    addBattle(t, 2, 3, 0.5, 1);
    const g = comparisonGraph(t);
    expect(g.components).toBe(1);
    expect(g.strongComponents).toBe(2);
    expect(g.strong[0]).toBe(0); // the top component: never lost a point
    expect(new Set([g.strong[1], g.strong[2], g.strong[3]]).size).toBe(1);
    const d = createPairTotals(4);
    addBattle(d, 0, 1, 1);
    addBattle(d, 0, 1, 0);
    addBattle(d, 2, 3, 0.5);
    const dg = comparisonGraph(d);
    expect(dg.components).toBe(2);
    expect(() => fitBradleyTerry(d)).toThrow(/not connected/);
    // With a prior the only-wins model gets a finite rating, above the rest.
    const fit = fitBradleyTerry(t, { prior: 0.1 });
    expect(fit.converged).toBe(true);
    expect(fit.theta[0]).toBeGreaterThan(Math.max(fit.theta[1], fit.theta[2], fit.theta[3]));
    // Without it Newton walks off until the gradient underflows the tolerance: a "converged" fit
    // with an absurd gap, which is why the caller must check the strong components first.
    const unpenalised = fitBradleyTerry(t, { maxIterations: 100 });
    expect(unpenalised.theta[0] - unpenalised.theta[1]).toBeGreaterThan(15);
  });
});

describe('Davidson ties', () => {
  it('matches a scipy fit of the π-form likelihood and its numerical information', () => {
    const d = fixture.davidson;
    const m = d.models.length;
    const totals = totalsOf(m, d.pairs);
    const fit = fitDavidson(totals);
    expect(fit.converged).toBe(true);
    const t = new ErrorTracker(1e-9, 1e-11);
    for (let i = 0; i < fit.theta.length; i++) t.check(`theta[${i}]`, fit.theta[i], d.theta[i]);
    t.check('nu', fit.nu, d.nu);
    expect(t.failures).toEqual([]);
    const cov = davidsonCovariance(totals, fit, 'fisher');
    const f = new ErrorTracker(1e-5, 1e-9);
    checkMatrix(f, 'fisher', cov, m + 1, d.fisher);
    expect(f.failures).toEqual([]);
    const sandwich = davidsonCovariance(totals, fit, 'sandwich');
    // A correct model: the sandwich agrees with the Fisher covariance to sampling error (not exactly).
    for (let i = 0; i <= m; i++)
      expect(sandwich[i * (m + 1) + i] / cov[i * (m + 1) + i]).toBeGreaterThan(0.7);
    for (let i = 0; i <= m; i++) expect(sandwich[i * (m + 1) + i] / cov[i * (m + 1) + i]).toBeLessThan(1.4);
    const noTies = createPairTotals(2);
    addBattle(noTies, 0, 1, 1, 3);
    addBattle(noTies, 0, 1, 0, 2);
    expect(() => fitDavidson(noTies)).toThrow(/no ties/);
    const fractional = createPairTotals(2);
    addBattle(fractional, 0, 1, 0.7, 3);
    addBattle(fractional, 0, 1, 0.5, 2);
    expect(() => fitDavidson(fractional)).toThrow(/fractional/);
  });
});

describe('style control (contextual BT)', () => {
  it("standardises FastChat's style differences and matches its penalised fit and the sandwich", () => {
    const s = fixture.style;
    const k = 4;
    const f = styleDifferences(Float64Array.from(s.featuresA), Float64Array.from(s.featuresB), k);
    const t = new ErrorTracker(1e-12, 1e-12);
    for (let i = 0; i < f.length; i++) t.check(`f[${i}]`, f[i], s.standardised[i]);
    expect(t.failures).toEqual([]);
    const data = { models: s.models, a: s.a, b: s.b, y: s.y, features: f, featureCount: k };
    const fit = fitContextualBradleyTerry(data);
    expect(fit.converged).toBe(true);
    const e = new ErrorTracker(1e-9, 1e-11);
    for (let i = 0; i < fit.theta.length; i++) e.check(`theta[${i}]`, fit.theta[i], s.theta[i]);
    for (let i = 0; i < fit.beta.length; i++) e.check(`beta[${i}]`, fit.beta[i], s.beta[i]);
    expect(e.failures).toEqual([]);
    const cov = contextualCovariance(data, fit);
    const c = new ErrorTracker(1e-8, 1e-12);
    checkMatrix(c, 'sandwich', cov, s.models + k, s.sandwich);
    expect(c.failures).toEqual([]);
  });
});

describe('cluster meat and rank intervals', () => {
  it('sums scores within clusters (C/(C − 1) factor) as the dense numpy loop does', () => {
    const c = fixture.cluster;
    const g = clusterScoreMeat(c.models, c.a, c.b, c.y, c.cluster, c.clusters, c.theta);
    const t = new ErrorTracker(1e-12, 1e-14);
    for (let i = 0; i < g.length; i++) t.check(`G[${i}]`, g[i], c.meat[i]);
    expect(t.failures).toEqual([]);
  });

  it('gives the Bonferroni and max-t critical values of the pairwise differences', () => {
    const c = fixture.critical;
    const se = pairDifferenceSe(Float64Array.from(c.variance), c.models);
    expect(bonferroniPairCritical(c.models, c.level)).toBeCloseTo(c.bonferroni, 10);
    const t = maxTCritical(Float64Array.from(c.deviations), c.draws, se, c.level);
    expect(t.critical).toBeCloseTo(c.maxT, 10);
    expect(t.mcse).toBeGreaterThan(0);
    expect(t.mcse).toBeLessThan(0.1 * t.critical);
  });

  it('ranks by the Arena rule and by simultaneous pairwise decisions', () => {
    expect(Array.from(arenaRanks([10, 5, 4, 0], [12, 9, 6, 3]))).toEqual([1, 2, 2, 4]);
    const est = [3, 2, 0];
    const se = Float64Array.from([0.5, 1, 0.5]); // pairs (0,1), (0,2), (1,2)
    const r = pairwiseRankIntervals(est, se, 2);
    // 3 − 2 = 1 < 2·0.5: not separated; 3 − 0 = 3 > 2; 2 − 0 = 2 > 1
    expect(Array.from(r.lower)).toEqual([1, 1, 3]);
    expect(Array.from(r.upper)).toEqual([2, 2, 3]);
    expect(r.separated).toBe(2);
    const shares = firstPlaceShares(Float64Array.from([1, 2, 0, 3, 1, 0, 0, 1, 5, 2, 0, 1]), 4);
    expect(Array.from(shares)).toEqual([0.5, 0.25, 0.25]);
  });

  it('puts ratings on the Elo scale with FastChat’s anchor', () => {
    const r = toEloRatings([0.5, -0.5], undefined, { index: 1, rating: 1114 });
    expect(r[1]).toBe(1114);
    expect(r[0] - r[1]).toBeCloseTo(eloPerNatural(), 12);
    expect(eloPerNatural()).toBeCloseTo(400 / Math.LN10, 12);
  });
});

describe('votes to separate two models', () => {
  it('gives the sample size whose simulated power is the target (head to head, Davidson ties)', async () => {
    const { votesToSeparate } = await import('./votesToSeparate.js');
    const { TestRng } = await import('../test-utils/testRng.js');
    const plan = votesToSeparate(60, 0.3, 0.95, 0.8);
    // without ties the projection is the gap itself
    expect(votesToSeparate(60, 0, 0.95, 0.8).projectedGap).toBeCloseTo(60, 10);
    expect(plan.projectedGap).toBeLessThan(60);
    // an arena of 5 models needs about (M − 1) times the head-to-head votes in all
    const five = votesToSeparate(60, 0.3, 0.95, 0.8, 5).arenaBattles;
    expect(five).toBeGreaterThanOrEqual(4 * (plan.headToHead - 1));
    expect(five).toBeLessThanOrEqual(4 * plan.headToHead);
    // Simulate: n votes, d̂ = logit(ȳ), sandwich s.e. √(Var(y)/n)/(ȳ(1 − ȳ)), reject |d̂|/se > 1.96.
    const n = plan.headToHead;
    const d = (60 * Math.LN10) / 400;
    const nu = 0.6 / 0.7;
    const D = Math.exp(d / 2) + Math.exp(-d / 2) + nu;
    const pw = Math.exp(d / 2) / D;
    const pt = nu / D;
    const rng = new TestRng(2031);
    const reps = 2000;
    let rejected = 0;
    for (let r = 0; r < reps; r++) {
      let sum = 0;
      let sq = 0;
      for (let t = 0; t < n; t++) {
        const u = rng.uniform();
        const y = u < pw ? 1 : u < pw + pt ? 0.5 : 0;
        sum += y;
        sq += y * y;
      }
      const mean = sum / n;
      const variance = sq / n - mean * mean;
      const se = Math.sqrt(variance / n) / (mean * (1 - mean));
      if (Math.abs(Math.log(mean / (1 - mean))) / se > 1.959963984540054) rejected++;
    }
    // MCSE √(0.8·0.2/2000) = 0.0089; 4 of them, plus 0.01 for the normal approximation at this n
    expect(Math.abs(rejected / reps - 0.8)).toBeLessThan(4 * 0.0089 + 0.01);
  });
});
