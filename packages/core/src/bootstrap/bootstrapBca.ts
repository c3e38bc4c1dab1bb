/**
 * BCa (bias-corrected and accelerated) bootstrap interval from given replicates (Efron
 * 1987, JASA 82:171; Davison & Hinkley 1997, §5.3.2), exactly as `boot::boot.ci(type
 * = "bca")` computes it from the same replicates and influence values:
 *
 *   w = Φ⁻¹(#{t*ᵢ < t₀}/R),   a = jackknife acceleration (jackknifeAcceleration.ts),
 *   α̃ = Φ(w + (w + z_α)/(1 − a(w + z_α)))  for α = (1 ∓ level)/2,
 *   interval = [Q(α̃_lower), Q(α̃_upper)],  Q the `boot.ci` quantile rule.
 *
 * The acceleration is the jackknife's (influence values L = (n − 1)(θ̄₍·₎ − θ₍ᵢ₎)): `boot.ci` uses
 * it only when given `L`; by default it estimates L by regression on the resampling frequencies
 * (`empinf(type = "reg")`), a Monte Carlo estimate of the same quantity that differs by O(1/√R).
 * Degenerate (marked; `boot.ci` stops with an error instead): w infinite (no replicate below
 * t₀, or all below) or a not finite (all jackknife estimates equal); then w and a fall back
 * to 0 where they are not finite, which with both 0 is the percentile interval.
 */
import { normalCdf, normalQuantile } from '../distributions/index.js';
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import type { MarkedInterval } from '../types.js';
import { assertFinite } from '../validate.js';
import { bootQuantile } from './bootQuantile.js';
import { sortedReplicates } from './endpointChecks.js';
import { jackknifeAcceleration } from './jackknifeAcceleration.js';

/** w = Φ⁻¹(#{t* < t0}/count) from sorted[0..count) (allocation-free). */
export function bcaBiasCorrection(t0: number, sorted: ArrayLike<number>, count: number): number {
  let below = 0;
  // sorted ascending: count the prefix strictly below t0 by binary search
  let hi = count;
  while (below < hi) {
    const mid = (below + hi) >>> 1;
    if (sorted[mid] < t0) below = mid + 1;
    else hi = mid;
  }
  return normalQuantile(below / count);
}

/** Bounds from t0, sorted[0..count) and the acceleration (allocation-free; unchecked). */
export function bootstrapBcaBounds(
  t0: number,
  sorted: ArrayLike<number>,
  count: number,
  acceleration: number,
  level: number,
  out: MarkedBounds,
): void {
  let w = bcaBiasCorrection(t0, sorted, count);
  let a = acceleration;
  out.degenerate = false;
  if (!Number.isFinite(w)) {
    w = 0;
    out.degenerate = true;
  }
  if (!Number.isFinite(a)) {
    a = 0;
    out.degenerate = true;
  }
  const zLo = normalQuantile((1 - level) / 2);
  const zHi = normalQuantile((1 + level) / 2);
  out.lower = bootQuantile(sorted, count, normalCdf(w + (w + zLo) / (1 - a * (w + zLo))));
  out.upper = bootQuantile(sorted, count, normalCdf(w + (w + zHi) / (1 - a * (w + zHi))));
}

/**
 * BCa interval for the estimate t0 from the replicates and the jackknife (leave-one-out or
 * leave-one-cluster-out) estimates that give the acceleration (inputs copied).
 */
export function bootstrapBcaInterval(
  t0: number,
  replicates: ArrayLike<number>,
  jackknife: ArrayLike<number>,
  level = 0.95,
): MarkedInterval {
  const sorted = sortedReplicates(t0, replicates, level);
  const a = jackknifeAcceleration(jackknife);
  assertFinite('t0', t0);
  const out = createMarkedBounds();
  bootstrapBcaBounds(t0, sorted, sorted.length, a, level, out);
  return markedInterval(t0, out, level, 'bootstrapBca');
}
