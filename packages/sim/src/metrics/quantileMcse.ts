/**
 * Monte Carlo SE of a sample quantile: the standard deviation of its exact bootstrap
 * distribution (Maritz & Jarrett 1978, "A note on estimating the variance of the sample
 * median", JASA 73:194; Hutson & Ernst 2000, JRSS B 62:89). Resampling n values from the
 * empirical distribution, the k-th order statistic X*(k) is at most the run value v_r
 * exactly when at least k of the n draws are, so with C_r values ≤ v_r,
 *
 *   P(X*(k) ≤ v_r) = P(Bin(n, C_r/n) ≥ k),   Var*(X*(k)) = Σ_r w_r (v_r − μ*)²,
 *
 * w_r the increments of that distribution function. The type-7 quantile
 * (1 − g)·X(j) + g·X(j+1) gets (1 − g)·SD*(X(j)) + g·SD*(X(j+1)), an upper bound on the
 * SD of the combination.
 *
 * Why this and not a density-based or order-statistic-interval SE: for a discrete
 * statistic (a count of significant pairs, a gap in 1/1140 steps) the sample quantile
 * takes values on the support only, and its sampling distribution is what matters —
 * it is non-zero, and as large as the step to the next value allows, whenever the
 * empirical distribution function is near q at a step (P(F̂ at that step crosses q) is
 * not negligible), and it shrinks to 0 only when no rerun could plausibly give another
 * value (then 0 is the honest answer: a median of 0 significant pairs when 98% of the
 * leaderboards have none is known exactly). The order-statistic interval
 * (Q(q + √(q(1 − q)/n)) − Q(q − …))/2 used before reported 0 whenever both ranks fell
 * on one value even when F̂ sat 1.3 SEs from q at a step, a 10% chance of the next value.
 * For a continuous statistic it agrees with the asymptotic √(q(1 − q)/n)/f(Q(q)).
 *
 * Cost: binomial tails only for the runs whose Chernoff bound exp(−n·KL(k/n ‖ C_r/n))
 * leaves the tail above 1e-30 (a weight below 1e-30 cannot move the SD); run once per cell, not per replication.
 */
import { binomialUpperTail } from '@evalsim/core';
import type { QuantileSketch, SketchRun } from './quantileSketch.js';

/** Kullback–Leibler divergence of Bernoulli(a) from Bernoulli(p), 0 < p < 1. */
function bernoulliKl(a: number, p: number): number {
  const term = (x: number, y: number) => (x === 0 ? 0 : x * Math.log(x / y));
  return term(a, p) + term(1 - a, 1 - p);
}

const NEGLIGIBLE_LOG = Math.log(1e-30);

/** P(Bin(n, p) ≥ k), 1 ≤ k ≤ n, taken as exactly 0 or 1 when the Chernoff bound puts it within 1e-30. */
function upperTail(k: number, n: number, p: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  if (k / n > p && -n * bernoulliKl(k / n, p) < NEGLIGIBLE_LOG) return 0;
  if ((k - 1) / n < p && -n * bernoulliKl((k - 1) / n, p) < NEGLIGIBLE_LOG) return 1;
  return binomialUpperTail(k, n, p);
}

/** SD of the exact bootstrap distribution of the k-th (1-based) order statistic of `runs`. */
export function orderStatisticBootstrapSd(runs: readonly SketchRun[], n: number, k: number): number {
  // Moments about the run holding rank k, for numerical stability.
  let reference = runs[runs.length - 1].value;
  for (let r = 0, seen = 0; r < runs.length; r++) {
    seen += runs[r].count;
    if (seen >= k) {
      reference = runs[r].value;
      break;
    }
  }
  let below = 0;
  let previous = 0;
  let mean = 0;
  let square = 0;
  for (const run of runs) {
    below += run.count;
    const cdf = below >= n ? 1 : upperTail(k, n, below / n);
    const weight = cdf - previous;
    previous = cdf;
    if (weight <= 0) continue;
    const d = run.value - reference;
    mean += weight * d;
    square += weight * d * d;
  }
  return Math.sqrt(Math.max(0, square - mean * mean));
}

/** MCSE of the type-7 sample q-quantile of the values in `sketch` (NaN with fewer than 2 values). */
export function quantileMcse(sketch: QuantileSketch, q: number): number {
  const n = sketch.count;
  if (n < 2) return Number.NaN;
  const runs = sketch.runs();
  if (runs.length === 1) return 0;
  const h = (n - 1) * q;
  const j = Math.floor(h);
  const g = h - j;
  const low = orderStatisticBootstrapSd(runs, n, j + 1);
  return g === 0 ? low : (1 - g) * low + g * orderStatisticBootstrapSd(runs, n, Math.min(n, j + 2));
}
