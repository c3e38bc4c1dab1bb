/**
 * Lee et al.'s published interval for the judge-corrected accuracy (Lee, Zeng, Jeong, Sohn &
 * Lee 2025, "How to Correctly Report LLM-as-a-Judge Evaluations", arXiv:2511.21140), transcribed
 * from `confidence_interval(p, q0, q1, n, m0, m1, alpha)` in UW-Madison-Lee-Lab/LLM-judge-reporting,
 * llm_judge_reporting/calibration.py at 082884d: with z = Φ⁻¹(1 − α/2), the inputs are smoothed
 *
 *   p̃ = (n p + z²/2)/(n + z²),  q̃0 = (m0 q0 + 1)/(m0 + 2),  q̃1 = (m1 q1 + 1)/(m1 + 2),
 *   ñ = n + z²,  m̃0 = m0 + 2,  m̃1 = m1 + 2,
 *   θ̃ = (p̃ + q̃0 − 1)/(q̃0 + q̃1 − 1),
 *   dθ = 2z²·(−(1 − θ̃) q̃0(1 − q̃0)/m̃0 + θ̃ q̃1(1 − q̃1)/m̃1),
 *   se = √(p̃(1 − p̃)/ñ + (1 − θ̃)² q̃0(1 − q̃0)/m̃0 + θ̃² q̃1(1 − q̃1)/m̃1) / (q̃0 + q̃1 − 1),
 *
 * and the interval is clip(θ̃ + dθ ∓ z·se) to [0, 1]; the point estimate is their
 * `point_estimator`, clip((p + q0 − 1)/(q0 + q1 − 1)) (Rogan & Gladen 1978). p is the judge's
 * share of "correct" on the test set of n rows, q0 the specificity measured on m0 truly
 * incorrect rows, q1 the sensitivity on m1 truly correct ones. The sizes may be non-integer
 * (cluster-effective sizes). Degenerate (NaN bounds) when q̃0 + q̃1 ≤ 1: the judge is no
 * better than chance even after smoothing.
 */
import { normalCritical } from '../distributions/index.js';
import { assertLevel, assertPositive, assertProbability } from '../validate.js';

export interface LeeInterval {
  /** clip((p + q0 − 1)/(q0 + q1 − 1)); NaN when q0 + q1 ≤ 1. */
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** The smoothed θ̃ + dθ the interval is centred on, and its se. */
  readonly centre: number;
  readonly se: number;
  readonly degenerate: boolean;
}

/** Output slot of {@link leeBounds} (reuse one per hot loop). */
export type LeeBounds = { -readonly [K in keyof LeeInterval]: LeeInterval[K] };

const clip = (x: number) => Math.max(0, Math.min(1, x));

/**
 * Lee et al.'s point estimate and interval for a precomputed z (allocation-free; arguments not
 * checked): fills `out` (module comment); NaN bounds, degenerate, when q̃0 + q̃1 ≤ 1.
 */
export function leeBounds(
  p: number,
  q0: number,
  q1: number,
  n: number,
  m0: number,
  m1: number,
  z: number,
  out: LeeBounds,
): LeeBounds {
  const z2 = z * z;
  const D = q0 + q1 - 1;
  out.estimate = D > 0 ? clip((p + q0 - 1) / D) : Number.NaN;
  const ps = (n * p + z2 / 2) / (n + z2);
  const q0s = (m0 * q0 + 1) / (m0 + 2);
  const q1s = (m1 * q1 + 1) / (m1 + 2);
  const ns = n + z2;
  const m0s = m0 + 2;
  const m1s = m1 + 2;
  const Ds = q0s + q1s - 1;
  if (!(Ds > 0)) {
    out.lower = Number.NaN;
    out.upper = Number.NaN;
    out.centre = Number.NaN;
    out.se = Number.NaN;
    out.degenerate = true;
    return out;
  }
  const th = (ps + q0s - 1) / Ds;
  const v0 = (q0s * (1 - q0s)) / m0s;
  const v1 = (q1s * (1 - q1s)) / m1s;
  const dth = 2 * z2 * (-(1 - th) * v0 + th * v1);
  const se = Math.sqrt((ps * (1 - ps)) / ns + (1 - th) * (1 - th) * v0 + th * th * v1) / Ds;
  const centre = th + dth;
  out.lower = clip(centre - z * se);
  out.upper = clip(centre + z * se);
  out.centre = centre;
  out.se = se;
  out.degenerate = !(D > 0);
  return out;
}

/** Lee et al.'s point estimate and interval (module comment); checks its arguments. */
export function leeInterval(
  p: number,
  q0: number,
  q1: number,
  n: number,
  m0: number,
  m1: number,
  level = 0.95,
): LeeInterval {
  assertProbability('p', p);
  assertProbability('q0', q0);
  assertProbability('q1', q1);
  assertPositive('n', n);
  assertPositive('m0', m0);
  assertPositive('m1', m1);
  assertLevel(level);
  const out = { estimate: 0, lower: 0, upper: 0, centre: 0, se: 0, degenerate: false };
  return leeBounds(p, q0, q1, n, m0, m1, normalCritical(level), out);
}
