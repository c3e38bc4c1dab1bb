/**
 * Miettinen–Nurminen asymptotic score interval for p₁ − p₂ from independent samples
 * (Miettinen & Nurminen 1985, "Comparative analysis of two rates", Stat Med 4:213–226):
 * the set of Δ₀ with |T(Δ₀)| ≤ z, where
 *
 *   T(Δ₀) = (p̂₁ − p̂₂ − Δ₀) / √( (p̃₁(1 − p̃₁)/n₁ + p̃₂(1 − p̃₂)/n₂) · N/(N − 1) ),
 *
 * N = n₁ + n₂ and (p̃₁, p̃₂ = p̃₁ − Δ₀) the maximum-likelihood estimates under p₁ − p₂ = Δ₀.
 * The constrained MLE is the root of a cubic (Miettinen & Nurminen's closed form, as
 * written by Farrington & Manning 1990, Stat Med 9:1447–1454), polished here
 * by Newton steps on the score equation so it maximises the likelihood to machine precision
 * (statsmodels 0.13's `confint_proportions_2indep(method='score')` does not: its limits are
 * off by ~1e-3, so it is not used as a reference). The limits solve
 * (p̂₁ − p̂₂ − Δ₀) ∓ z·sd(Δ₀) = 0, which is finite on [−1, 1] (sd = 0 at ±1), by Brent's
 * method (roots/scoreLimit.ts). Always a defined interval in [−1, 1].
 */
import type { MarkedBounds } from '../intervals/markedBounds.js';
import { scoreIntervalLimit } from '../roots/scoreLimit.js';
import type { MarkedInterval } from '../types.js';
import { twoSampleInterval } from './twoSample.js';

/** Score-equation derivative d/dp₂ of the log-likelihood along p₁ = p₂ + Δ₀, and its slope. */
function scoreStep(p2: number, d0: number, x1: number, n1: number, x2: number, n2: number): number {
  const p1 = p2 + d0;
  const g = x1 / p1 - (n1 - x1) / (1 - p1) + x2 / p2 - (n2 - x2) / (1 - p2);
  const h =
    -x1 / (p1 * p1) - (n1 - x1) / ((1 - p1) * (1 - p1)) - x2 / (p2 * p2) - (n2 - x2) / ((1 - p2) * (1 - p2));
  return g / h;
}

/**
 * p̃₂, the maximum-likelihood estimate of p₂ under p₁ − p₂ = Δ₀ (Δ₀ ∈ [−1, 1]);
 * p̃₁ = p̃₂ + Δ₀.
 */
export function miettinenNurminenConstrainedP2(
  d0: number,
  x1: number,
  n1: number,
  x2: number,
  n2: number,
): number {
  const lo = Math.max(0, -d0);
  const hi = Math.min(1, 1 - d0);
  if (!(hi > lo)) return lo;
  const theta = n2 / n1;
  const q1 = x1 / n1;
  const q2 = x2 / n2;
  const a = 1 + theta;
  const b = -(1 + theta + q1 + theta * q2 + d0 * (theta + 2));
  const c = d0 * d0 + d0 * (2 * q1 + theta + 1) + q1 + theta * q2;
  const d = -q1 * d0 * (1 + d0);
  const v = (b * b * b) / (27 * a * a * a) - (b * c) / (6 * a * a) + d / (2 * a);
  const u2 = (b * b) / (9 * a * a) - c / (3 * a);
  let p1: number;
  if (u2 > 0) {
    const u = Math.sign(v || 1) * Math.sqrt(u2);
    const ratio = Math.max(-1, Math.min(1, v / (u * u * u)));
    const w = (Math.PI + Math.acos(ratio)) / 3;
    p1 = 2 * u * Math.cos(w) - b / (3 * a);
  } else {
    p1 = -b / (3 * a);
  }
  let p2 = Math.min(hi, Math.max(lo, p1 - d0));
  // Newton polish where the score equation is finite (interior optimum).
  for (let i = 0; i < 4 && p2 > lo && p2 < hi; i++) {
    const next = p2 - scoreStep(p2, d0, x1, n1, x2, n2);
    if (!(next > lo && next < hi)) break;
    if (Math.abs(next - p2) <= 1e-16 * p2) {
      p2 = next;
      break;
    }
    p2 = next;
  }
  return p2;
}

/** (Δ̂ − Δ₀) − side·z·sd(Δ₀); its root is the lower (side = +1) or upper (−1) limit. */
function limitEquation(
  d0: number,
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z: number,
  side: number,
): number {
  const p2 = miettinenNurminenConstrainedP2(d0, x1, n1, x2, n2);
  const p1 = p2 + d0;
  const n = n1 + n2;
  const variance = ((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2) * (n / (n - 1));
  return x1 / n1 - x2 / n2 - d0 - side * z * Math.sqrt(Math.max(0, variance));
}

/** Allocation-free bounds at critical value z (inputs not checked; n₁ + n₂ ≥ 2). */
export function miettinenNurminenBounds(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  z: number,
  out: MarkedBounds,
): void {
  const estimate = x1 / n1 - x2 / n2;
  out.lower = scoreIntervalLimit(limitEquation, estimate, 1, x1, n1, x2, n2, z);
  out.upper = scoreIntervalLimit(limitEquation, estimate, -1, x1, n1, x2, n2, z);
  out.degenerate = false;
}

/** Miettinen–Nurminen score interval for x₁/n₁ − x₂/n₂. */
export function miettinenNurminenInterval(
  x1: number,
  n1: number,
  x2: number,
  n2: number,
  level = 0.95,
): MarkedInterval {
  return twoSampleInterval(x1, n1, x2, n2, level, 'miettinenNurminen', miettinenNurminenBounds);
}
