/**
 * The intervals of a judge-scored sample (one system), each θ̂ ± z·√V̂ with V̂ = Σ_g T_g², the
 * cluster totals of judgedInfluence.ts (z critical values and ddof-0 plug-in variances, as
 * ppi_py's `ppi_mean_ci` and `classical_mean_ci`; ppi_py's default level is 90%, α = 0.1 —
 * pass `level`):
 *
 * - `judgeOnly`: the judge's mean over every row, f̄, as if the judge were right (biased
 *   whenever it errs; its interval covers E[f], not the accuracy).
 * - `labelledOnly`: ȳ over the labelled rows (ppi_py `classical_mean_ci`; PPI with λ = 0).
 * - `ppi`: λ = 1, θ̂ = f̄_U + (ȳ − f̄_L) (ppi_py `ppi_mean_ci(…, lam=1)`).
 * - `ppiPlusPlus`: λ = λ̂ (judgedSums.ts; ppi_py `ppi_mean_ci(…)` with `lam=None`).
 * - `roganGladen`: (p + q0 − 1)/(q0 + q1 − 1) with its delta-method interval (unclipped:
 *   bounds may leave [0, 1]; the caller marks them).
 * - `lee`: Lee et al.'s published interval (leeInterval.ts) at p = f̄_U, n = N, m0, m1 — with
 *   clusters, at the cluster-effective sizes N* = min(N, p(1 − p)/V̂_p), m0* = min(m0,
 *   q0(1 − q0)/V̂_q0), m1* = min(m1, q1(1 − q1)/V̂_q1) (never more than the count, i.e. a design
 *   effect of at least 1; the count when V̂ is 0 or the proportion 0 or 1; without a cluster
 *   array the counts themselves). Its estimate is Lee's clipped point estimate.
 *
 * `judgedBounds` is the allocation-free form (a precomputed z, reused work and output slot).
 */
import { normalCritical } from '../distributions/index.js';
import { assertLevel } from '../validate.js';
import { type JudgedEstimator, judgedInfluence, sumOfSquares } from './judgedInfluence.js';
import { clusterCountOf, type JudgedSample } from './judgedSample.js';
import { createJudgedSums, type JudgedSums, judgedSumsInto } from './judgedSums.js';
import { type LeeBounds, leeBounds } from './leeInterval.js';

export const JUDGED_METHODS = [
  'judgeOnly',
  'labelledOnly',
  'ppi',
  'ppiPlusPlus',
  'roganGladen',
  'lee',
] as const;
export type JudgedMethod = (typeof JUDGED_METHODS)[number];

export interface JudgedInterval {
  readonly method: JudgedMethod;
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  readonly level: number;
  /** λ of a PPI method (0 labelled-only, 1 PPI, λ̂ PPI++); NaN for the others. */
  readonly lambda: number;
  /** Undefined on this sample (estimate NaN), or a zero variance (collapsed interval). */
  readonly degenerate: boolean;
}

/** Output slot of the allocation-free forms (reuse one per hot loop). */
export interface JudgedBounds {
  estimate: number;
  se: number;
  lower: number;
  upper: number;
  lambda: number;
  degenerate: boolean;
}

/** A fresh {@link JudgedBounds}. */
export function createJudgedBounds(): JudgedBounds {
  return { estimate: 0, se: 0, lower: 0, upper: 0, lambda: 0, degenerate: false };
}

/** Reusable work of one sample: its sums and a scratch of ≥ K cluster totals (and Lee's slot). */
export interface JudgedWork {
  readonly sums: JudgedSums;
  totals: Float64Array;
  readonly lee: LeeBounds;
}

/** The sums of `sample` into `work` (growing its scratch when the sample has more clusters). */
export function refreshJudgedWork(sample: JudgedSample, work: JudgedWork): JudgedWork {
  judgedSumsInto(sample, work.sums);
  const K = clusterCountOf(sample);
  if (work.totals.length < K) work.totals = new Float64Array(K);
  return work;
}

/** Fresh work for `sample` (its sums computed). */
export function judgedWork(sample?: JudgedSample): JudgedWork {
  const work: JudgedWork = {
    sums: createJudgedSums(),
    totals: new Float64Array(0),
    lee: { estimate: 0, lower: 0, upper: 0, centre: 0, se: 0, degenerate: false },
  };
  return sample === undefined ? work : refreshJudgedWork(sample, work);
}

/** λ of a PPI method on these sums; NaN for the others. */
export function lambdaOf(method: JudgedMethod, sums: JudgedSums): number {
  if (method === 'labelledOnly') return 0;
  if (method === 'ppi') return 1;
  if (method === 'ppiPlusPlus') return sums.lambdaTuned;
  return Number.NaN;
}

function fillUndefined(out: JudgedBounds, lambda: number): JudgedBounds {
  out.estimate = Number.NaN;
  out.se = Number.NaN;
  out.lower = Number.NaN;
  out.upper = Number.NaN;
  out.lambda = lambda;
  out.degenerate = true;
  return out;
}

/**
 * Cluster-effective size min(count, q(1 − q)/V̂) (the count when V̂ = 0 or q ∈ {0, 1}, or
 * without clusters).
 */
export function effectiveSize(sample: JudgedSample, q: number, variance: number, count: number): number {
  if (sample.cluster === undefined || !(variance > 0) || q <= 0 || q >= 1) return count;
  return Math.min(count, (q * (1 - q)) / variance);
}

function leeOf(sample: JudgedSample, work: JudgedWork, z: number, out: JudgedBounds): JudgedBounds {
  const { sums, totals } = work;
  const K = sums.clusters;
  const p = judgedInfluence(sample, sums, 'judgeUnlabelled', totals);
  const nEff = effectiveSize(sample, p, sumOfSquares(totals, K), sums.unlabelled);
  const q1 = judgedInfluence(sample, sums, 'sensitivity', totals);
  const m1 = effectiveSize(sample, q1, sumOfSquares(totals, K), sums.positives);
  const q0 = judgedInfluence(sample, sums, 'specificity', totals);
  const m0 = effectiveSize(sample, q0, sumOfSquares(totals, K), sums.negatives);
  if (Number.isNaN(p) || Number.isNaN(q0) || Number.isNaN(q1)) return fillUndefined(out, Number.NaN);
  const lee = leeBounds(p, q0, q1, nEff, m0, m1, z, work.lee);
  out.estimate = lee.estimate;
  out.se = lee.se;
  out.lower = lee.lower;
  out.upper = lee.upper;
  out.lambda = Number.NaN;
  out.degenerate = lee.degenerate || Number.isNaN(lee.lower) || !(lee.se > 0);
  return out;
}

/** The estimator of judgedInfluence.ts behind a method other than `lee`. */
export function estimatorOf(method: Exclude<JudgedMethod, 'lee'>): JudgedEstimator {
  return method === 'judgeOnly' ? 'judge' : method === 'roganGladen' ? 'roganGladen' : 'ppi';
}

/**
 * `method`'s estimate and interval with critical value `z` into `out`, from `work` holding
 * `sample`'s sums (refreshJudgedWork); allocation-free.
 */
export function judgedBounds(
  sample: JudgedSample,
  method: JudgedMethod,
  z: number,
  work: JudgedWork,
  out: JudgedBounds,
): JudgedBounds {
  if (method === 'lee') return leeOf(sample, work, z, out);
  const { sums, totals } = work;
  const lambda = lambdaOf(method, sums);
  const estimate = judgedInfluence(sample, sums, estimatorOf(method), totals, lambda);
  if (Number.isNaN(estimate)) return fillUndefined(out, lambda);
  const se = Math.sqrt(sumOfSquares(totals, sums.clusters));
  out.estimate = estimate;
  out.se = se;
  out.lower = estimate - z * se;
  out.upper = estimate + z * se;
  out.lambda = lambda;
  out.degenerate = !(se > 0);
  return out;
}

/** `method`'s interval at `level` on `sample` (module comment); `work` reuses sums and scratch. */
export function judgedInterval(
  sample: JudgedSample,
  method: JudgedMethod,
  level = 0.95,
  work: JudgedWork = judgedWork(sample),
): JudgedInterval {
  assertLevel(level);
  const b = judgedBounds(sample, method, normalCritical(level), work, createJudgedBounds());
  return { method, level, ...b };
}
