/**
 * The estimand of an arena: the ratings a Bradley–Terry fit with ties as half wins converges to
 * as battles → ∞ under the arena's pair sampling (its KL projection): with p_ab the probability
 * that a battle is (a, b) and s̄_ab the expected score of a against b,
 *
 *   θ* = argmax_θ Σ_ab p_ab [ s̄_ab log σ(θ_a − θ_b) + (1 − s̄_ab) log σ(θ_b − θ_a) ],   Σθ* = 0,
 *
 * which is fitBradleyTerry on pair totals with count p_ab and score p_ab·s̄_ab (fractional totals
 * are fine). The expected score of a battle whose logit difference is x + s·Z (Z ~ N(0, 1): the
 * prompt's and the judge's noise) under Davidson ties with ν ≥ 0 is
 *
 *   s(x) = (e^{x/2} + ν/2) / (e^{x/2} + e^{−x/2} + ν),   s̄ = E s(x + sZ),
 *
 * integrated by composite Simpson over z ∈ [−8, 8] (801 points; the tail beyond ±8 weighs
 * < 1e-15). Without noise and ties θ* is the true θ; identical copies give θ* = 0 exactly.
 */
import { addBattle, createPairTotals, eloPerNatural, fitBradleyTerry } from '@evalsim/core';

/** Expected score of a battle with logit difference x, Davidson ν. */
export function expectedScore(x: number, nu: number): number {
  const h = Math.exp(-Math.abs(x) / 2);
  // scaled by e^{−|x|/2}: numerator and denominator stay finite for large |x|
  const up = x >= 0 ? 1 : h * h;
  const down = x >= 0 ? h * h : 1;
  return (up + (nu / 2) * h) / (up + down + nu * h);
}

const GRID = 801;
const Z_MAX = 8;

/** s̄ = E s(x + sZ) by Simpson's rule (s = 0: s(x)). */
export function averageScore(x: number, nu: number, s: number): number {
  if (s === 0) return expectedScore(x, nu);
  const step = (2 * Z_MAX) / (GRID - 1);
  let sum = 0;
  for (let k = 0; k < GRID; k++) {
    const z = -Z_MAX + k * step;
    const w = k === 0 || k === GRID - 1 ? 1 : k % 2 === 1 ? 4 : 2;
    sum += w * Math.exp(-(z * z) / 2) * expectedScore(x + s * z, nu);
  }
  return (sum * step) / 3 / Math.sqrt(2 * Math.PI);
}

/**
 * θ* on the Elo scale (mean 1000) for natural-unit true strengths `theta`, pair probabilities
 * `pairProbability` (ordered pairs, [a·m + b]), ties ν and noise s (natural units).
 */
export function arenaEstimand(
  theta: ArrayLike<number>,
  pairProbability: ArrayLike<number>,
  nu: number,
  s: number,
): Float64Array {
  const m = theta.length;
  const totals = createPairTotals(m);
  for (let a = 0; a < m; a++) {
    for (let b = 0; b < m; b++) {
      const p = pairProbability[a * m + b];
      if (a === b || !(p > 0)) continue;
      // score y of a with weight p: addBattle folds (b, a) onto the unordered pair
      addBattle(totals, a, b, averageScore(theta[a] - theta[b], nu, s), p);
    }
  }
  const fit = fitBradleyTerry(totals, { tolerance: 1e-13 });
  const f = eloPerNatural();
  return Float64Array.from(fit.theta, (t) => 1000 + f * t);
}
