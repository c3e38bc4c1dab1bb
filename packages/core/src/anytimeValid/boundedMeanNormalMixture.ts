/**
 * A confidence sequence for the mean μ of observations in [lower, upper] (a proportion, or an
 * accuracy difference in [−1, 1]) from the normal-mixture boundary (normalMixture.ts) with
 * Hoeffding's variance proxy: X_i − μ is σ-sub-Gaussian with σ = (upper − lower)/2, so with
 * S_t = Σ(X_i − μ) and V_t = σ²t,
 *
 *   C_t = x̄_t ± u(σ²t)/t,   u(v) = √((v + ρ)(log(1 + v/ρ) + 2 log(1/α))),
 *
 * covers μ at every t simultaneously with probability ≥ 1 − α (Howard et al. 2021, §3 and
 * eq. (14); the "Hoeffding" normal-mixture CS of their Fig. 1), ρ tuned for `plannedN`
 * observations (ρ = σ²·plannedN/κ(α)). Returned per t with the running intersection
 * (max of the lower ends, min of the upper ends so far, which keeps the guarantee) and
 * clipped to [lower, upper].
 */
import { assertLevel, assertPositive, assertScores, InputError } from '../validate.js';
import { normalMixtureBoundary, normalMixtureRho } from './normalMixture.js';

export interface BoundedMeanOptions {
  readonly alpha: number;
  /** The range of one observation (default [0, 1]). */
  readonly range?: readonly [number, number];
  /** The number of observations the boundary is tightest at. */
  readonly plannedN: number;
}

export interface ConfidenceSequence {
  /** Running-intersection lower and upper ends after 1, 2, … observations. */
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

export function boundedMeanNormalMixture(
  x: ArrayLike<number>,
  options: BoundedMeanOptions,
): ConfidenceSequence {
  const { alpha, plannedN } = options;
  const [lo, hi] = options.range ?? [0, 1];
  assertLevel(alpha, 'alpha');
  assertPositive('plannedN', plannedN);
  if (!(hi > lo))
    throw new InputError('range', `must be [lower, upper] with lower < upper, got [${lo}, ${hi}]`);
  assertScores('x', x);
  const sigma2 = ((hi - lo) / 2) ** 2;
  const rho = normalMixtureRho(sigma2 * plannedN, alpha);
  const lower = new Float64Array(x.length);
  const upper = new Float64Array(x.length);
  let sum = 0;
  let l = lo;
  let u = hi;
  for (let t = 1; t <= x.length; t++) {
    const v = x[t - 1];
    if (v < lo || v > hi)
      throw new InputError('x', `entry ${t - 1} is ${v}, outside the range [${lo}, ${hi}]`);
    sum += v;
    const radius = normalMixtureBoundary(sigma2 * t, alpha, rho) / t;
    l = Math.max(l, sum / t - radius);
    u = Math.min(u, sum / t + radius);
    lower[t - 1] = l;
    upper[t - 1] = u;
  }
  return { lower, upper };
}
