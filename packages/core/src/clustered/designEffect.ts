/**
 * Design effect of a cluster sample with equal cluster sizes (Kish 1965, "Survey
 * Sampling", §5.4):
 *
 *   DEFF = 1 + (m − 1)·ρ,
 *
 * the factor by which clustering inflates the variance of the mean over σ²/N, with m
 * items per cluster and intra-cluster correlation ρ. Seed 001's worked example:
 * m = 10, ρ = 0.2 → 2.8.
 */
import { assertFinite, InputError } from '../validate.js';
import { designEffectUnequal } from './designEffectUnequal.js';

/** 1 + (m − 1)·rho; m ≥ 1, rho ∈ [−1, 1], result > 0. */
export function designEffect(m: number, rho: number): number {
  assertFinite('m', m);
  if (m < 1) throw new InputError('m', `must be ≥ 1, got ${m}`);
  // CV = 0 turns the unequal-size formula into Kish's: 1 + [(1 + 0)m − 1]ρ.
  return designEffectUnequal(m, 0, rho);
}
