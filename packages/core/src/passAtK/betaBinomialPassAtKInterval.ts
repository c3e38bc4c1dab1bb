/**
 * A beta-binomial posterior interval for the population pass@k or pass^k. Question i passed
 * c_i of its n_i samples; p_i ~ Beta(μd, (1 − μ)d) (question difficulty), c_i | p_i ~
 * Binomial(n_i, p_i); priors μ ~ Uniform(0, 1) and ρ = 1/(1 + d) ~ Uniform(0, 1) (ρ is the
 * correlation of two samples of one question; both proper, so the posterior is proper for any
 * data, including an eval whose questions all pass or all fail). The estimand is the
 * super-population value (betaPassAtK.ts):
 *
 *   pass@k(μ, d) = 1 − Π_{j<k} (b + j)/(a + b + j),   pass^k(μ, d) = Π_{j<k} (a + j)/(a + b + j),
 *
 * and the interval is the equal-tailed [α/2, 1 − α/2] quantiles of its posterior. The
 * posterior of (u, s) = (logit μ, log d) is tabulated on a G × G grid over ±5 marginal standard
 * deviations of its Laplace approximation (mode by Newton, Hessian by central differences),
 * an axis widened ×1.6 and recentred (up to 5 times) while its edge still carries more than
 * 4e-6 of the peak density (a normal's at 5σ is 3.7e-6). Both functionals increase with μ at fixed d, so
 * P(functional ≤ t) = Σ over log-d rows (trapezoid rule) of the row's mass below its root
 * u*(t) — integrated in u with the log-density linear between nodes (exact for an exponential
 * piece);
 * the quantiles solve it = α/2 and 1 − α/2 by bisection. Against a dense 3000 × 1500 grid
 * (fixtures/scripts/passAtK.py) the default G = 24 is within the tolerance passAtK.test.ts
 * states; more nodes (`grid`) for a final report. Degenerate: never (the posterior is proper); marked when the grid could
 * not be widened enough.
 */
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { assertInteger, assertLevel, InputError } from '../validate.js';
import {
  betaBinomialLogLikelihood,
  type CountGroups,
  createCountGroups,
  createLikelihoodScratch,
  createModeResult,
  groupCounts,
  type LikelihoodScratch,
  type ModeResult,
  maximizeLogDensity,
  uniformMeanIccLogPrior,
} from './betaBinomialLikelihood.js';

/** Which population functional: pass@k (at least one of k passes) or pass^k (all k pass). */
export type PassEstimand = 'passAtK' | 'passHatK';

/** The functional at shapes a = μd, b = (1 − μ)d. */
export function populationPass(estimand: PassEstimand, a: number, b: number, k: number): number {
  if (estimand === 'passAtK') {
    let s = 0;
    for (let j = 0; j < k; j++) s += Math.log1p(-a / (a + b + j));
    return -Math.expm1(s);
  }
  let product = 1;
  for (let j = 0; j < k; j++) product *= (a + j) / (a + b + j);
  return product;
}

/** A reusable posterior-interval computer for questions with up to `maxN` samples. */
export interface BetaBinomialPosterior {
  /**
   * Fills `out` with the equal-tailed interval for `estimand` at k from grouped counts (the
   * groups' largest n must be ≤ maxN); returns the posterior mean of the functional.
   */
  bounds(groups: CountGroups, estimand: PassEstimand, k: number, level: number, out: MarkedBounds): number;
}

/** Options of the posterior grid. */
export interface BetaBinomialPosteriorOptions {
  /** Grid points per axis (default 24). */
  readonly grid?: number;
}

const SPAN = 5;
const EDGE = 4e-6;

/** Builds the posterior computer (allocates its scratch once). */
export function createBetaBinomialPosterior(
  maxN: number,
  options: BetaBinomialPosteriorOptions = {},
): BetaBinomialPosterior {
  const G = options.grid ?? 24;
  assertInteger('grid', G, 4);
  assertInteger('maxN', maxN, 1);
  const nodes = G * G;
  // Row-major [s row][u column]: the functional, the density and each row's cumulative mass in u.
  const values = new Float64Array(nodes);
  const density = new Float64Array(nodes);
  const cumulative = new Float64Array(nodes);
  const rowWeight = new Float64Array(G);
  const uAt = new Float64Array(G);
  const scratch: LikelihoodScratch = createLikelihoodScratch(maxN);
  const mode: ModeResult = createModeResult();
  let data: CountGroups = createCountGroups(1);
  const logPost = (u: number, s: number) =>
    betaBinomialLogLikelihood(u, s, data, scratch) + uniformMeanIccLogPrior(u, s);

  /**
   * ∫ of the density from a node over the fraction x of the step to the next, the log-density
   * linear in between (exact for an exponential piece): Δ·d0·(r^x − 1)/ln r with r = d1/d0.
   */
  function partialMass(d0: number, d1: number, x: number): number {
    const du = uAt[1] - uAt[0];
    if (d0 <= 0 || d1 <= 0) return d0 <= 0 && d1 <= 0 ? 0 : du * x * (d0 + (x * (d1 - d0)) / 2);
    const lr = Math.log(d1 / d0);
    if (Math.abs(lr) < 1e-8) return du * d0 * x * (1 + (x * lr) / 2);
    return (du * d0 * Math.expm1(x * lr)) / lr;
  }

  /** P(functional ≤ t): each row's mass below its root u*(t) (the functional rises with u). */
  function cdf(t: number): number {
    let f = 0;
    for (let r = 0; r < G; r++) {
      const row = r * G;
      if (t <= values[row]) continue;
      const rowMass = cumulative[row + G - 1];
      if (t >= values[row + G - 1]) {
        f += rowWeight[r] * rowMass;
        continue;
      }
      let lo = 0;
      let hi = G - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (values[row + mid] <= t) lo = mid;
        else hi = mid;
      }
      const g0 = values[row + lo];
      const g1 = values[row + hi];
      const x = g1 > g0 ? (t - g0) / (g1 - g0) : 1;
      f += rowWeight[r] * (cumulative[row + lo] + partialMass(density[row + lo], density[row + hi], x));
    }
    return f;
  }

  function quantile(q: number, lo: number, hi: number): number {
    for (let iter = 0; iter < 60 && hi - lo > 1e-13; iter++) {
      const mid = 0.5 * (lo + hi);
      if (cdf(mid) < q) lo = mid;
      else hi = mid;
    }
    return 0.5 * (lo + hi);
  }

  return {
    bounds(groups, estimand, k, level, out) {
      if (groups.maxN > maxN) throw new InputError('groups', `n up to ${groups.maxN} exceeds maxN ${maxN}`);
      data = groups;
      // Start from the pooled rate and ρ = 0.3.
      let passes = 0;
      let samples = 0;
      for (let g = 0; g < groups.size; g++) {
        passes += groups.weight[g] * groups.c[g];
        samples += groups.weight[g] * groups.n[g];
      }
      const p0 = Math.min(Math.max((passes + 0.5) / (samples + 1), 1e-6), 1 - 1e-6);
      maximizeLogDensity(logPost, Math.log(p0 / (1 - p0)), Math.log(1 / 0.3 - 1), mode);
      // Marginal Laplace standard deviations of u and s: the diagonal of (−H)⁻¹.
      const a11 = -mode.huu;
      const a12 = -mode.hus;
      const a22 = -mode.hss;
      const det = a11 * a22 - a12 * a12;
      const ok = a11 > 0 && a22 > 0 && det > 0;
      let su = ok ? Math.sqrt(a22 / det) : 1;
      let ss = ok ? Math.sqrt(a11 / det) : 1;
      let uMid = mode.u;
      let sMid = mode.s;
      let fits = false;
      let total = 0;
      let mean = 0;
      for (let attempt = 0; attempt < 6; attempt++) {
        const du = (2 * SPAN * su) / (G - 1);
        const ds = (2 * SPAN * ss) / (G - 1);
        for (let c = 0; c < G; c++) uAt[c] = uMid - SPAN * su + c * du;
        let edgeU = 0;
        let edgeS = 0;
        let massU = 0;
        let centreU = 0;
        let massS = 0;
        let centreS = 0;
        total = 0;
        mean = 0;
        for (let r = 0; r < G; r++) {
          const s = sMid - SPAN * ss + r * ds;
          const d = Math.exp(s);
          let cum = 0;
          let rowMass = 0;
          for (let c = 0; c < G; c++) {
            const u = uAt[c];
            const node = r * G + c;
            const w = Math.exp(logPost(u, s) - mode.value);
            density[node] = w;
            if (c > 0) cum += partialMass(density[node - 1], w, 1);
            cumulative[node] = cum;
            values[node] = populationPass(estimand, d / (1 + Math.exp(-u)), d / (1 + Math.exp(u)), k);
            if ((c === 0 || c === G - 1) && w > edgeU) edgeU = w;
            if ((r === 0 || r === G - 1) && w > edgeS) edgeS = w;
            rowMass += w;
            massU += w;
            centreU += w * u;
            mean += w * values[node];
          }
          massS += rowMass;
          centreS += rowMass * s;
          rowWeight[r] = r === 0 || r === G - 1 ? ds / 2 : ds;
          total += rowWeight[r] * cum;
        }
        if (edgeU <= EDGE && edgeS <= EDGE) {
          fits = true;
          break;
        }
        // Widen (and recentre) the axis whose edge still carries mass.
        if (edgeU > EDGE) {
          uMid = centreU / massU;
          su *= 1.6;
        }
        if (edgeS > EDGE) {
          sMid = centreS / massS;
          ss *= 1.6;
        }
      }
      for (let r = 0; r < G; r++) rowWeight[r] /= total;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < nodes; i++) {
        if (values[i] < lo) lo = values[i];
        if (values[i] > hi) hi = values[i];
      }
      const alpha = 1 - level;
      out.lower = quantile(alpha / 2, lo, hi);
      out.upper = quantile(1 - alpha / 2, lo, hi);
      out.degenerate = !fits;
      let weightSum = 0;
      for (let i = 0; i < nodes; i++) weightSum += density[i];
      return mean / weightSum;
    },
  };
}

/**
 * The beta-binomial posterior interval from per-question pass counts `correct` of `asks`
 * samples (checked; see the module comment). The estimate is the posterior mean.
 */
export function betaBinomialPassAtKInterval(
  correct: ArrayLike<number>,
  asks: ArrayLike<number>,
  k: number,
  options: { readonly level?: number; readonly estimand?: PassEstimand; readonly grid?: number } = {},
): MarkedInterval {
  const level = options.level ?? 0.95;
  assertLevel(level);
  assertInteger('k', k, 1);
  if (correct.length !== asks.length || correct.length < 1) {
    throw new InputError(
      'correct',
      `must have one count per question (${asks.length}), got ${correct.length}`,
    );
  }
  let maxN = 0;
  for (let i = 0; i < asks.length; i++) {
    assertInteger(`asks[${i}]`, asks[i], 1);
    assertInteger(`correct[${i}]`, correct[i], 0);
    if (correct[i] > asks[i]) throw new InputError('correct', `entry ${i} exceeds asks[${i}] (${asks[i]})`);
    if (asks[i] > maxN) maxN = asks[i];
  }
  const groups = createCountGroups(asks.length);
  groupCounts(correct, asks, groups);
  const estimand = options.estimand ?? 'passAtK';
  const posterior = createBetaBinomialPosterior(
    maxN,
    options.grid !== undefined ? { grid: options.grid } : {},
  );
  const out = createMarkedBounds();
  const mean = posterior.bounds(groups, estimand, k, level, out);
  return markedInterval(mean, out, level, `betaBinomialPosterior(${estimand}, k=${k})`);
}
